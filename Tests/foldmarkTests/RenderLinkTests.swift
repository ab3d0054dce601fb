import FoldmarkTestSupport
import Foundation
import Testing

/// `foldmark render` rewrites and checks a page's links as `build` does when the page lies
/// in a site, and leaves them as written, saying so, when it does not.
@Suite struct RenderLinkTests {
    /// A page with a link to a page, a section of it, a folder, an asset, the page's own
    /// section, and four that lead nowhere in the built site.
    static let page = """
        # Page

        [CLI](../reference/cli.md), [render](../reference/cli.md#render), [folder](../reference/),
        [logo](../images/logo.png), [from the top](/reference/cli.md), [below](#later),
        [ext](https://example.org/a.md).

        [typo](../reference/cli.md#rendr), [gone](gone.md), [draft](draft.md), [nowhere](#nowhere).

        ## Later

        """

    static let site = [
        "Content/index.md": "# Home\n", "Content/reference/cli.md": "# CLI\n\n## Render {#render}\n",
        "Content/images/logo.png": "png", "Content/guide/draft.md": "---\ndraft: true\n---\n# Draft\n",
        "Content/guide/page.md": page,
    ]

    @Test func renderRewritesAndChecksLinksAsBuildDoes() async throws {
        let site = try TemporarySite(files: Self.site)
        let file = site.root.appending(path: "Content/guide/page.md").path
        let render = await ToolRun.run(["render", file])
        #expect(render.status == 0)
        let build = await ToolRun.run(["build", site.root.path])
        try #require(build.status == 0, "\(build.errors)")
        let main = PageHTML.main(of: render.output)
        #expect(main == PageHTML.main(of: try site.read("_site/guide/page.html")))
        for href in [
            "../reference/cli.html", "../reference/cli.html#render", "../reference/index.html", "../images/logo.png",
            "#later", "https://example.org/a.md",
        ] {
            #expect(main.contains("href=\"\(href)\"") || main.contains("src=\"\(href)\""), "\(href)")
        }
        let warnings = """
            7:1: warning: link to missing section '../reference/cli.md#rendr' (did you mean '../reference/cli.md#render'?)
            7:36: warning: link to missing page 'gone.md'
            7:53: warning: link to draft page 'draft.md'
            7:72: warning: link to missing section '#nowhere'

            """
        #expect(render.errors == Self.lines(warnings, file: file))
        // The build names the file as it names it, the same warnings follow.
        #expect(Self.places(build.errors) == Self.places(render.errors))
    }

    /// Each line of `text` after `file` and a colon.
    static func lines(_ text: String, file: String) -> String {
        text.split(separator: "\n").map { "\(file):\($0)\n" }.joined()
    }

    /// Each line of `messages` from the line number on, after the page's name.
    static func places(_ messages: String) -> [String] {
        messages.split(separator: "\n").map { line in
            line.split(separator: "page.md:", maxSplits: 1).last.map(String.init) ?? ""
        }
    }

    /// Only the pages that links lead to are read: a page of the site that a build would
    /// fail on is none of `render`'s business.
    @Test func renderParsesOnlyThePagesItLinksTo() async throws {
        let site = try TemporarySite(files: [
            "Content/a.md": "[b](b.md#two)\n", "Content/b.md": "# One\n## Two\n",
            "Content/broken.md": "# X {#x}\n# Y {#x}\n",
        ])
        let render = await ToolRun.run(["render", site.root.appending(path: "Content/a.md").path])
        #expect(render.status == 0)
        #expect(render.errors == "")
        #expect(PageHTML.main(of: render.output).contains("href=\"b.html#two\""))
    }

    @Test func renderOutsideASiteLeavesLinksAndSaysSoOnce() async throws {
        let site = try TemporarySite(files: [
            "notes.md": "[a](a.md), [b](/b.md#x), [c](#c), [d](https://example.org/)\n",
            "plain.md": "[c](#c), [d](https://example.org/d.md), [e](mailto:me@example.org)\n",
        ])
        let render = await ToolRun.run(["render", site.root.appending(path: "notes.md").path])
        #expect(render.status == 0)
        #expect(
            render.errors == "render: links left as written: the page is in no site (no Content/ folder above it)\n")
        let main = PageHTML.main(of: render.output)
        #expect(main.contains("href=\"a.md\"") && main.contains("href=\"/b.md#x\""))
        // Links to the page's own sections and to other sites work wherever it lies.
        let plain = await ToolRun.run(["render", site.root.appending(path: "plain.md").path])
        #expect(plain.status == 0)
        #expect(plain.errors == "")
    }

    @Test(.enabled(if: ToolProcess.executable != nil, "no foldmark executable beside the tests"))
    func renderFromStandardInputLeavesLinksAndSaysSo() throws {
        let run = try ToolProcess.run(["render", "-"], input: "# A\n\n[b](b.md)\n")
        #expect(run.status == 0)
        #expect(run.errors == "render: links left as written: the page comes from standard input, in no site\n")
        #expect(PageHTML.main(of: run.output).contains("href=\"b.md\""))
    }
}
