import FoldmarkTestSupport
import Foundation
import Testing

@testable import Site

/// `foldmark build` and `foldmark render` make a page's context in one place
/// (``PageSettings``): for each setting of `foldmark.yml`, a page of a built site and the
/// same file rendered alone agree on every part of the page that the setting reaches.
@Suite struct PagePathTests {
    /// A page that every setting changes something of: headings of four levels, raw HTML, a
    /// long section, a draft section; and links, which both rewrite alike.
    static let page = """
        ---
        description: What the page is about
        ---
        # Guide

        Lead with <b>raw</b> HTML, [home](../index.md) and [below](/guide/page.md#deeper).

        ## One

        Short.

        ### Deeper

        A section of more than five words, long enough to fold.

        #### Deepest

        Text.

        ## Later {.draft}

        Left out.
        """

    /// One value for each key of `foldmark.yml`, other than its default.
    static let settings = [
        "title": "title: My Docs", "description": "description: About the site", "language": "language: fr",
        "unsafe": "unsafe: true", "collapsed": "collapsed: true", "fold_from_level": "fold_from_level: 3",
        "fold_longer_than": "fold_longer_than: 5", "base_url": "base_url: https://example.org/docs",
        "edit_url": "edit_url: https://example.org/edit/", "toc_depth": "toc_depth: 1",
        "remember_folds": "remember_folds: false", "search": "search: false",
    ]

    /// The parts of a page that settings reach, each as written, or "" when the page has none:
    /// what of the page a site around it (navigation, theme files, search box) leaves alike.
    static func parts(of html: String) -> [String: String] {
        let patterns: [String: Regex<Substring>] = [
            "html": /<html[^>]*>/, "body": /<body[^>]*>/, "title": /<title>[^<]*<\/title>/,
            "main": /<main[^>]*>/,
            "canonical": /<link rel="canonical"[^>]*>/, "edit": /<p class="fm-edit">.*<\/p>/,
            "toc": /<nav class="fm-toc"[\s\S]*?<\/nav>/,
        ]
        var parts = patterns.mapValues { html.firstMatch(of: $0).map { String($0.output) } ?? "" }
        // What is inside `<main>`, apart from its tag.
        parts["content"] = html.firstMatch(of: /<main[^>]*>([\s\S]*)<\/main>/).map { String($0.output.1) } ?? ""
        return parts
    }

    @Test func everySettingHasACase() {
        #expect(Set(Self.settings.keys) == SiteConfig.knownKeys)
    }

    @Test(arguments: [""] + settings.keys.sorted())
    func builtAndRenderedPagesAgree(setting: String) async throws {
        let site = try TemporarySite(files: [
            "foldmark.yml": Self.settings[setting] ?? "", "Content/index.md": "# Home\n",
            "Content/guide/page.md": Self.page,
        ])
        let build = await ToolRun.run(["build", site.root.path])
        try #require(build.status == 0, "\(build.errors)")
        let render = await ToolRun.run(["render", site.root.appending(path: "Content/guide/page.md").path])
        try #require(render.status == 0, "\(render.errors)")
        let built = Self.parts(of: try site.read("_site/guide/page.html"))
        let rendered = Self.parts(of: render.output)
        for part in built.keys.sorted() {
            #expect(built[part] == rendered[part], "\(setting): <\(part)> differs")
        }
        #expect(built["content"]?.isEmpty == false && built["toc"]?.isEmpty == false)
        // Alone, a page has no search index beside it, so no search box.
        #expect(!render.output.contains("class=\"fm-search\""))
    }
}
