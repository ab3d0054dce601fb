import Foundation
import FoldmarkTestSupport
import Testing

@testable import foldmark

@Suite struct BuildCommandTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    @Test func buildsTheRepositoryDocumentationMirroringPaths() async throws {
        let out = try TemporarySite(files: [:])
        // Into a folder inside the temporary one: the build cache goes beside the output,
        // and is removed with it.
        let run = await ToolRun.run(["build", Self.packageRoot.path, "--out", out.root.appending(path: "_site").path])
        #expect(run.status == 0, "\(run.errors)")
        let content = Self.packageRoot.appending(path: "Content")
        let sources = FileManager.default.enumerator(atPath: content.path)!.compactMap { $0 as? String }
            .filter { $0.hasSuffix(".md") }
        #expect(sources.count >= 5)
        let expected = Set(sources.map { String($0.dropLast(3)) + ".html" })
        let built = Set(out.files(under: "_site").filter { $0.hasSuffix(".html") })
        #expect(expected.isSubset(of: built))
        #expect(expected.contains("index.html"))
        // Besides the pages: 404.html and an index for each folder without index.md.
        let folders = Set(expected.compactMap { $0.contains("/") ? String($0[...$0.lastIndex(of: "/")!]) : nil })
        let generated = folders.map { $0 + "index.html" }.filter { !expected.contains($0) }
        #expect(built.subtracting(expected) == Set(generated + ["404.html"]))
        #expect(run.output.hasPrefix("Built \(sources.count + generated.count) pages"))
        for page in built {
            let html = try out.read("_site/" + page)
            #expect(html.hasPrefix("<!doctype html>"), "\(page)")
            #expect(html.contains("<main"), "\(page)")
        }
    }

    @Test func contentErrorNamesFileAndLineAndKeepsPreviousOutput() async throws {
        let site = try TemporarySite(files: ["Content/index.md": "# Home\n", "Content/guide.md": "# A\n"])
        let first = await ToolRun.run(["build", site.root.path])
        #expect(first.status == 0, "\(first.errors)")
        let before = try site.read("_site/guide.html")

        try site.write("Content/guide.md", "# Changed\n")
        try site.write("Content/bad.md", "# One {#x}\n\n## Two {#x}\n")
        try site.write("_site/mine.txt", "not foldmark's")
        let second = await ToolRun.run(["build", site.root.path])
        #expect(second.status == 1)
        #expect(second.errors.contains("Content/bad.md:3: error: duplicate section id 'x' (first used on line 1)"))
        #expect(try site.read("_site/guide.html") == before)
        #expect(!site.exists("_site/bad.html"))
        #expect(try site.read("_site/mine.txt") == "not foldmark's")
        #expect(site.files(under: "").allSatisfy { !$0.contains("staging") })
    }

    @Test func malformedFrontMatterReportsLineAndColumn() async throws {
        let site = try TemporarySite(files: ["Content/a.md": "---\ntitle: [unclosed\n---\n# A\n"])
        let run = await ToolRun.run(["build", site.root.path])
        #expect(run.status == 1)
        #expect(run.errors.contains("Content/a.md:3:1: error: malformed YAML in front matter"), "\(run.errors)")
    }

    @Test func assetsAreCopiedAndNestedPagesLinkToRoot() async throws {
        let site = try TemporarySite(files: [
            "Content/index.md": "# Home\n", "Content/a/b/deep.md": "# Deep\n", "Content/img/logo.svg": "<svg/>",
        ])
        let run = await ToolRun.run(["build", site.root.path])
        #expect(run.status == 0, "\(run.errors)")
        #expect(
            site.filesWithoutTheme() == [
                ".foldmark-lock", ".foldmark-manifest", "404.html", "a/b/deep.html", "a/b/index.html", "a/index.html",
                "img/logo.svg", "index.html", "search/d0.js", "search/index.js", "search/t0.js",
            ])
        #expect(site.themeFileCount() == 2)
        #expect(try site.read("_site/a/b/deep.html").contains("<link rel=\"stylesheet\" href=\"../../_foldmark/style-"))
        #expect(try site.read("_site/a/b/deep.html").contains("href=\"../../index.html\""))
    }

    @Test func configSetsTitleLanguageAndWarnsAboutUnknownKeys() async throws {
        let site = try TemporarySite(files: [
            "foldmark.yml": "title: My Docs\nlanguage: fr\ncolour: blue\n", "Content/index.md": "# Accueil\n",
        ])
        let run = await ToolRun.run(["build", site.root.path])
        #expect(run.status == 0)
        #expect(run.errors.contains("foldmark.yml:3: warning: unknown key 'colour'"))
        let html = try site.read("_site/index.html")
        #expect(html.contains("<html lang=\"fr\">"))
        #expect(html.contains("<title>Accueil · My Docs</title>"))
    }

    @Test func siteTemplatesOverrideDefaultsFileByFile() async throws {
        let site = try TemporarySite(files: [
            "Templates/style.css": "body { color: rebeccapurple }", "Content/index.md": "# Home\n",
        ])
        let run = await ToolRun.run(["build", site.root.path])
        #expect(run.status == 0)
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
        let run = await ToolRun.run(["build", site.root.path])
        #expect(run.status == 0, "\(run.errors)")
        let html = try site.read("_site/index.html")
        #expect(html.contains("<aside class=\"my-warning\">Mind <em>this</em>\n<p>Body.</p>\n</aside>\n"))
        #expect(!html.contains("fm-callout"))
        // The other blocks keep the built-in partials.
        #expect(
            html.contains("<div class=\"fm-code\"><div class=\"fm-code-bar\"><span class=\"fm-code-lang\">sh</span>"))
    }

    @Test func pagesShareTheThemeFilesButRenderAndNotFoundPagesInlineIt() async throws {
        let site = try TemporarySite(files: ["Content/index.md": "# Home\n", "Content/a/b.md": "# B\n"])
        #expect(await ToolRun.run(["build", site.root.path]).status == 0)
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
        let render = await ToolRun.run(["render", site.root.appending(path: "Content/index.md").path])
        #expect(render.output.contains("<style>") && !render.output.contains("_foldmark/"))
    }

    @Test func outputInsideContentIsRefused() async throws {
        let site = try TemporarySite(files: ["Content/index.md": "# Home\n"])
        let run = await ToolRun.run(["build", site.root.path, "--out", site.root.appending(path: "Content/out").path])
        #expect(run.status == 1)
        #expect(run.errors.contains("must not be the site folder"))
        #expect(!site.exists("Content/out"))
    }

    @Test func missingContentFolderIsAnError() async throws {
        let site = try TemporarySite(files: ["README": "x"])
        let run = await ToolRun.run(["build", site.root.path])
        #expect(run.status == 1)
        #expect(run.errors.contains("Content: error: no Content/ folder in the site"))
    }

    /// `--json` reports each step of a build (documented in Content/reference/cli.md),
    /// and a fresh build spends time in those that every parsed page goes through.
    @Test func jsonReportsTheTimeOfEveryStep() async throws {
        let site = try TemporarySite(files: [
            "Content/index.md": "# Home\n\nText [a](a.md).\n", "Content/a.md": "# A\n## B\n",
        ])
        let run = await ToolRun.run(["build", site.root.path, "--json"])
        #expect(run.status == 0, "\(run.errors)")
        let report = try #require(JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
        let timings = try #require(report["timings"] as? [String: Double])
        let steps = ["read", "parse", "sectionize", "render", "index", "write", "site", "layout", "search", "publish"]
        #expect(Set(timings.keys) == Set(steps))
        #expect(timings.values.allSatisfy { $0 >= 0 })
        for step in ["read", "parse", "sectionize", "render", "layout", "publish"] {
            #expect((timings[step] ?? 0) > 0, "\(step)")
        }
    }
}

@Suite struct DraftTests {
    @Test func draftsAreLeftOutUnlessAsked() async throws {
        let site = try TemporarySite(files: [
            "Content/index.md": "# Home\n", "Content/wip.md": "---\ndraft: true\n---\n# Work in progress\n",
        ])
        let run = await ToolRun.run(["build", site.root.path])
        #expect(run.status == 0)
        #expect(run.output.contains("1 page, 1 draft left out"))
        #expect(!site.exists("_site/wip.html"))
        let withDrafts = await ToolRun.run(["build", site.root.path, "--drafts"])
        #expect(withDrafts.status == 0)
        #expect(site.exists("_site/wip.html"))
    }
}
