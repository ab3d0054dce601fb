import FoldmarkTestSupport
import Foundation
import Site
import Testing

/// A site folder built into its output: pages, assets, configuration and templates.
@Suite struct SiteBuildTests {
    @Test func contentErrorNamesFileAndLineAndKeepsPreviousOutput() async throws {
        let site = try TemporarySite(files: ["Content/index.md": "# Home\n", "Content/guide.md": "# A\n"])
        let first = await site.build()
        #expect(first.succeeded, "\(first.errors)")
        let before = try site.read("_site/guide.html")

        try site.write("Content/guide.md", "# Changed\n")
        try site.write("Content/bad.md", "# One {#x}\n\n## Two {#x}\n")
        try site.write("_site/mine.txt", "not foldmark's")
        let second = await site.build()
        #expect(!second.succeeded)
        #expect(second.errors == ["Content/bad.md:3: error: duplicate section id 'x' (first used on line 1)"])
        #expect(try site.read("_site/guide.html") == before)
        #expect(!site.exists("_site/bad.html"))
        #expect(try site.read("_site/mine.txt") == "not foldmark's")
        #expect(site.files(under: "").allSatisfy { !$0.contains("staging") })
    }

    @Test func malformedFrontMatterReportsLineAndColumn() async throws {
        let site = try TemporarySite(files: ["Content/a.md": "---\ntitle: [unclosed\n---\n# A\n"])
        let build = await site.build()
        #expect(!build.succeeded)
        #expect(
            build.errors.contains { $0.hasPrefix("Content/a.md:3:1: error: malformed YAML in front matter") },
            "\(build.errors)")
    }

    @Test func assetsAreCopiedAndNestedPagesLinkToRoot() async throws {
        let site = try TemporarySite(files: [
            "Content/index.md": "# Home\n", "Content/a/b/deep.md": "# Deep\n", "Content/img/logo.svg": "<svg/>",
        ])
        let build = await site.build()
        #expect(build.succeeded, "\(build.errors)")
        #expect(
            site.filesWithoutTheme() == [
                "404.html", "a/b/deep.html", "a/b/index.html", "a/index.html",
                "img/logo.svg", "index.html", "search/d0.js", "search/index.js", "search/t0.js",
            ])
        #expect(site.themeFileCount() == 2)
        #expect(try site.read("_site/a/b/deep.html").contains("<link rel=\"stylesheet\" href=\"../../_foldmark/style-"))
        #expect(try site.read("_site/a/b/deep.html").contains("href=\"../../index.html\""))
    }

    @Test func configSetsTitleLanguageAndWarnsAboutUnknownKeys() async throws {
        let site = try TemporarySite(files: [
            "foldmark.yml": "title: My Docs\nlanguage: fr\ncolour: blue\ntitel: x\nbase-url: y\n",
            "Content/index.md": "# Accueil\n",
        ])
        let build = await site.build()
        #expect(build.succeeded)
        #expect(build.warnings.contains("foldmark.yml:3: warning: unknown key 'colour'"))
        #expect(build.warnings.contains("foldmark.yml:4: warning: unknown key 'titel' (did you mean 'title'?)"))
        #expect(build.warnings.contains("foldmark.yml:5: warning: unknown key 'base-url' (did you mean 'base_url'?)"))
        let html = try site.read("_site/index.html")
        #expect(html.contains("<html lang=\"fr\">"))
        #expect(html.contains("<title>Accueil · My Docs</title>"))
    }

    @Test func siteTemplatesOverrideDefaultsFileByFile() async throws {
        let site = try TemporarySite(files: [
            "Templates/style.css": "body { color: rebeccapurple }", "Content/index.md": "# Home\n# More\n",
        ])
        #expect(await site.build().succeeded)
        let html = try site.read("_site/index.html")
        #expect(site.themeStylesheet().contains("rebeccapurple"))
        #expect(site.themeStylesheet().contains(".fm-callout"))  // the theme's other stylesheets stay
        #expect(html.contains("<details class=\"fm-section\" id=\"home\" open>"))
    }

    @Test func siteTemplatesLayOutTheBlocksOfPages() async throws {
        let site = try TemporarySite(files: [
            "Templates/callout.html": "<aside class=\"my-{{kind}}\">{{{titleHTML}}}\n{{{body}}}</aside>\n",
            "Content/index.md": "# Home\n\n> [!WARNING] Mind *this*\n> Body.\n\n```sh\nls\n```\n",
        ])
        let build = await site.build()
        #expect(build.succeeded, "\(build.errors)")
        let html = try site.read("_site/index.html")
        #expect(html.contains("<aside class=\"my-warning\">Mind <em>this</em>\n<p>Body.</p>\n</aside>\n"))
        #expect(!html.contains("fm-callout"))
        // The other blocks keep the built-in partials.
        #expect(
            html.contains("<div class=\"fm-code\"><div class=\"fm-code-bar\"><span class=\"fm-code-lang\">sh</span>"))
    }

    @Test func pagesShareTheThemeFilesButTheNotFoundPageInlinesThem() async throws {
        let site = try TemporarySite(files: ["Content/index.md": "# Home\n", "Content/a/b.md": "# B\n"])
        #expect(await site.build().succeeded)
        let stylesheet = site.themeStylesheet()
        #expect(stylesheet.contains("details.fm-section"))
        for page in ["index.html", "a/b.html"] {
            let html = try site.read("_site/" + page)
            #expect(!html.contains("<style>"), "\(page)")
            #expect(html.contains("_foldmark/script-"), "\(page)")
        }
        // The 404 page is served at any address, where relative links break.
        let notFound = try site.read("_site/404.html")
        #expect(notFound.contains("<style>") && !notFound.contains("_foldmark/"))
    }

    @Test func outputInsideContentIsRefused() async throws {
        let site = try TemporarySite(files: ["Content/index.md": "# Home\n"])
        let build = await site.build(into: "Content/out")
        #expect(!build.succeeded)
        #expect(build.errors.contains { $0.contains("must not be the site folder") })
        #expect(!site.exists("Content/out"))
    }

    @Test func missingContentFolderIsAnError() async throws {
        let site = try TemporarySite(files: ["README": "x"])
        let build = await site.build()
        #expect(!build.succeeded)
        #expect(
            build.errors.contains(
                ".: error: no Content/ folder in the current folder (run 'foldmark init .' to start a site here)"))
    }
}

@Suite struct DraftTests {
    @Test func draftsAreLeftOutUnlessAsked() async throws {
        let site = try TemporarySite(files: [
            "Content/index.md": "# Home\n", "Content/wip.md": "---\ndraft: true\n---\n# Work in progress\n",
        ])
        let build = await site.build()
        #expect(build.succeeded)
        #expect(build.report.pages == 1 && build.report.drafts == 1)
        #expect(build.report.summary.contains("1 page, 1 draft left out"))
        #expect(!site.exists("_site/wip.html"))
        let withDrafts = await site.build(BuildOptions(includesDrafts: true))
        #expect(withDrafts.succeeded)
        #expect(site.exists("_site/wip.html"))
    }
}
