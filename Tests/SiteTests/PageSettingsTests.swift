import Testing

@testable import Site

/// ``PageSettings`` is where the command line's options meet `foldmark.yml`.
@Suite struct PageSettingsTests {
    @Test func baseURLOfTheCommandLineWinsAndEndsInASlash() {
        let config = SiteConfig(baseURL: "https://config.example/docs")
        #expect(PageSettings(config: config).baseURL == "https://config.example/docs/")
        #expect(
            PageSettings(config: config, options: BuildOptions(baseURL: "https://cli.example/")).baseURL
                == "https://cli.example/")
        // An empty one is none, and turns off the configuration's.
        #expect(PageSettings(config: config, options: BuildOptions(baseURL: "")).baseURL == nil)
        #expect(PageSettings(config: SiteConfig(baseURL: "")).baseURL == nil)
    }

    @Test func draftsOfTheCommandLineReachTheParser() {
        let config = SiteConfig(allowsRawHTML: true)
        #expect(!PageSettings(config: config).parseOptions(reserving: []).includesDrafts)
        let options = PageSettings(config: config, options: BuildOptions(includesDrafts: true))
            .parseOptions(reserving: [])
        #expect(options.includesDrafts && options.allowsRawHTML)
    }

    /// A page written alone gets the context its page in the site gets, but for what lies
    /// beside a page in the output folder: the site's root and the search index.
    @Test func standalonePageHasTheContextOfItsPageInTheSite() {
        let config = SiteConfig(
            title: "Docs", language: "de", baseURL: "https://e.org", editURL: "https://e.org/edit/", tocDepth: 1,
            remembersFolds: false)
        let settings = PageSettings(config: config)
        var inSite = settings.context(
            output: "a/b c.html", source: "a/b c.md", fallbackTitle: "b c", sourceHash: "12")
        #expect(inSite.rootPath == "../" && inSite.hasSearch)
        #expect(inSite.canonicalURL == "https://e.org/a/b%20c.html")
        #expect(inSite.editURL == "https://e.org/edit/a/b%20c.md")
        inSite.rootPath = ""
        inSite.hasSearch = false
        #expect(settings.standaloneContext(source: "a/b c.md", fallbackTitle: "b c", sourceHash: "12") == inSite)
        let alone = settings.standaloneContext(source: nil, fallbackTitle: "x", sourceHash: "")
        #expect(alone.canonicalURL == nil && alone.editURL == nil && alone.tocDepth == 1 && !alone.remembersFolds)
    }
}
