import Foundation
import FoldmarkTestSupport
import Testing

@testable import Site
@testable import foldmark

@Suite struct LinkCheckTests {
    static let files = [
        "Content/index.md": "# Home\n\nSee [setup](guide/setup.md#install), [gone](gone.md), [bad](guide/setup.md#nope).\n",
        "Content/guide/setup.md": "# Setup\n\n## Install\n\n[back](../index.md#home) [self](#install) [x](#missing)\n\n![](pic.png)\n",
        "Content/wip.md": "---\ndraft: true\n---\n# WIP\n",
        "Content/links-draft.md": "# L\n[wip](wip.md)\n",
    ]

    @Test func brokenLinksAreWarningsWithFileLineAndColumn() async throws {
        let site = try TemporarySite(files: Self.files)
        let run = await ToolRun.run(["build", site.root.path])
        #expect(run.status == 0)
        let warnings = run.errors.split(separator: "\n").map(String.init)
        #expect(
            warnings == [
                "Content/guide/setup.md:5:43: warning: link to missing section '#missing'",
                "Content/guide/setup.md:7:1: warning: link to missing file 'pic.png'",
                "Content/index.md:3:38: warning: link to missing page 'gone.md'",
                "Content/index.md:3:55: warning: link to missing section 'guide/setup.md#nope'",
                "Content/links-draft.md:2:1: warning: link to draft page 'wip.md'",
            ])
        let index = try site.read("_site/index.html")
        #expect(index.contains("<a href=\"guide/setup.html#install\">setup</a>"))
        #expect(try site.read("_site/guide/setup.html").contains("<a href=\"../index.html#home\">back</a>"))
    }

    @Test func strictTurnsWarningsIntoErrorsAndKeepsTheOutput() async throws {
        let site = try TemporarySite(files: ["Content/index.md": "# Home\n"])
        #expect(await ToolRun.run(["build", site.root.path]).status == 0)
        let before = try site.read("_site/index.html")
        try site.write("Content/index.md", "# Home\n[x](missing.md)\n")
        let run = await ToolRun.run(["build", site.root.path, "--strict"])
        #expect(run.status == 1)
        #expect(run.errors.contains("Content/index.md:2:1: error: link to missing page 'missing.md'"))
        #expect(try site.read("_site/index.html") == before)
    }

    @Test func checkReportsAndKeepsNothing() async throws {
        let site = try TemporarySite(files: Self.files)
        let run = await ToolRun.run(["check", site.root.path, "--strict"])
        #expect(run.status == 1)
        #expect(run.errors.contains("error: link to missing page 'gone.md'"))
        #expect(!site.exists("_site"))
        let clean = try TemporarySite(files: ["Content/index.md": "# Home\n"])
        let ok = await ToolRun.run(["check", clean.root.path])
        #expect(ok.status == 0)
        #expect(ok.output.hasPrefix("Checked: Built 1 page"))
        #expect(!clean.exists("_site"))
    }
}

@Suite struct OutputManagementTests {
    @Test func removedSourcesArePrunedButOtherFilesAreKept() async throws {
        let site = try TemporarySite(files: [
            "Content/index.md": "# Home\n", "Content/old/page.md": "# Old\n", "Content/img/a.png": "png",
        ])
        #expect(await ToolRun.run(["build", site.root.path]).status == 0)
        try site.write("_site/mine.txt", "the user's")
        try site.write("_site/old/notes.txt", "also the user's")
        try FileManager.default.removeItem(at: site.root.appending(path: "Content/old"))
        try FileManager.default.removeItem(at: site.root.appending(path: "Content/img"))
        let run = await ToolRun.run(["build", site.root.path, "--json"])
        #expect(run.status == 0)
        let report = try #require(JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
        #expect(report["removed"] as? [String] == ["img/a.png", "old/index.html", "old/page.html"])
        #expect(!site.exists("_site/old/page.html") && !site.exists("_site/img"))
        #expect(try site.read("_site/mine.txt") == "the user's")
        #expect(try site.read("_site/old/notes.txt") == "also the user's")
    }

    @Test func aFileTheUserPutWhereAPageGoesIsNotReplaced() async throws {
        let site = try TemporarySite(files: [
            "Content/index.md": "# Home\n", "Content/a.md": "# A\n", "_site/index.html": "the user's page",
            "_site/CNAME": "docs.example.org",
        ])
        let first = await ToolRun.run(["build", site.root.path])
        #expect(first.status == 1)
        let path = site.root.appending(path: "_site/index.html").path
        #expect(
            first.errors == "\(path): error: foldmark did not write this file and will not replace it; move it, "
                + "or build into another folder\nBuild failed with 1 error; the output folder was not changed.\n")
        #expect(try site.read("_site/index.html") == "the user's page")
        #expect(!site.exists("_site/a.html"))

        // Once it is moved away, the build goes on; a file that appears later where a new
        // page goes is refused the same way, and the pages in place stay as they were.
        try FileManager.default.removeItem(atPath: path)
        #expect(await ToolRun.run(["build", site.root.path]).status == 0)
        try site.write("Content/b.md", "# B\n")
        try site.write("Content/a.md", "# A, changed\n")
        try site.write("_site/b.html", "another of the user's")
        let later = await ToolRun.run(["build", site.root.path])
        #expect(later.status == 1)
        #expect(later.errors.contains("_site/b.html: error: foldmark did not write this file"))
        #expect(try site.read("_site/b.html") == "another of the user's")
        #expect(try !site.read("_site/a.html").contains("changed"))
        #expect(try site.read("_site/CNAME") == "docs.example.org")
    }

    @Test func aSymbolicLinkInTheOutputIsNotWrittenOrDeletedThrough() async throws {
        let site = try TemporarySite(files: [
            "Content/index.md": "# Home\n", "Content/sub/page.md": "# Page\n", "elsewhere/page.html": "not the site's",
        ])
        let elsewhere = site.root.appending(path: "elsewhere")
        let link = site.root.appending(path: "_site/sub")
        try FileManager.default.createDirectory(
            at: site.root.appending(path: "_site"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: elsewhere)
        let run = await ToolRun.run(["build", site.root.path])
        #expect(run.status == 1)
        #expect(run.errors.hasPrefix("\(link.path): error: is a symbolic link, and foldmark writes only inside"))
        #expect(site.files(under: "elsewhere") == ["page.html"])
        #expect(try site.read("elsewhere/page.html") == "not the site's")

        // Built without the link, then the folder is swapped for it: the pages of a
        // removed source are not deleted through it.
        try FileManager.default.removeItem(at: link)
        #expect(await ToolRun.run(["build", site.root.path]).status == 0)
        #expect(site.exists("_site/sub/page.html"))
        try FileManager.default.removeItem(at: link)
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: elsewhere)
        try FileManager.default.removeItem(at: site.root.appending(path: "Content/sub"))
        #expect(await ToolRun.run(["build", site.root.path]).status == 0)
        #expect(try site.read("elsewhere/page.html") == "not the site's")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == elsewhere.path)
    }

    @Test func aStoppedBuildsStagingFolderIsRemovedByTheNextBuild() async throws {
        // What a build killed in the middle leaves beside its output, and a look-alike.
        let site = try TemporarySite(files: [
            "Content/index.md": "# Home\n", "._site.foldmark-staging-999999/index.html": "half a build",
            "._site.foldmark-staging-999999/a/b.html": "half a build", "._site.foldmark-staging-notes": "the user's",
        ])
        #expect(await ToolRun.run(["build", site.root.path]).status == 0)
        #expect(!site.exists("._site.foldmark-staging-999999"))
        #expect(try site.read("._site.foldmark-staging-notes") == "the user's")
        #expect(site.exists("_site/index.html"))
    }

    @Test func unchangedRebuildWritesNothing() async throws {
        let site = try TemporarySite(files: ["Content/index.md": "# Home\n", "Content/a.png": "png"])
        #expect(await ToolRun.run(["build", site.root.path]).status == 0)
        let run = await ToolRun.run(["build", site.root.path, "--json"])
        let report = try #require(JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
        #expect(report["written"] as? [String] == [])
        // index.html, 404.html, a.png, the theme's two files and the search index's three
        #expect(report["unchanged"] as? Int == 8)
        try site.write("Content/a.png", "changed")
        let again = await ToolRun.run(["build", site.root.path, "--json"])
        let second = try #require(JSONSerialization.jsonObject(with: Data(again.output.utf8)) as? [String: Any])
        #expect(second["written"] as? [String] == ["a.png"])
        #expect(try site.read("_site/a.png") == "changed")
    }

    @Test func buildsAreReproducible() async throws {
        let site = try TemporarySite(files: [
            "Content/index.md": "---\ntitle: T\n---\n# Home\n", "Content/a/b.md": "# B\n## C\n", "Content/z.md": "# Z\n",
        ])
        let first = site.root.appending(path: "one")
        let second = site.root.appending(path: "two")
        #expect(await ToolRun.run(["build", site.root.path, "--out", first.path, "--base-url", "https://x.org/docs"]).status == 0)
        #expect(await ToolRun.run(["build", site.root.path, "--out", second.path, "--base-url", "https://x.org/docs"]).status == 0)
        let files = site.files(under: "one")
        #expect(files == site.files(under: "two"))
        for file in files where file != ".foldmark-lock" {
            #expect(try site.read("one/" + file) == (try site.read("two/" + file)), "\(file)")
        }
    }

    @Test func outputDoesNotDependOnTheNumberOfJobs() async throws {
        var files = ["Content/index.md": "# Home\n"]
        for index in 0..<40 { files["Content/f\(index % 4)/p\(index).md"] = "# Page \(index)\n## A\n[next](p\(index + 1).md)\n" }
        let site = try TemporarySite(files: files)
        let one = await ToolRun.run(["build", site.root.path, "--out", site.root.appending(path: "one").path, "--jobs", "1"])
        let many = await ToolRun.run(["build", site.root.path, "--out", site.root.appending(path: "many").path, "--jobs", "8"])
        #expect(one.status == 0 && many.status == 0)
        #expect(one.errors == many.errors)
        let files1 = site.files(under: "one").filter { $0 != ".foldmark-lock" }
        #expect(files1 == site.files(under: "many").filter { $0 != ".foldmark-lock" })
        // 41 pages, 4 folder indexes, 404.html, the manifest, three files of search index,
        // the theme's stylesheet and script
        #expect(files1.count == 52)
        for file in files1 {
            #expect(try site.read("one/" + file) == (try site.read("many/" + file)), "\(file)")
        }
    }

    @Test func aSecondBuildIntoALockedFolderIsRefused() async throws {
        let site = try TemporarySite(files: ["Content/index.md": "# Home\n"])
        let lock = try OutputLock(output: site.root.appending(path: "_site"))
        let run = await ToolRun.run(["build", site.root.path])
        #expect(run.status == 1)
        #expect(run.errors.contains("another foldmark build is writing to this folder"))
        #expect(!site.exists("_site/index.html"))
        withExtendedLifetime(lock) {}
    }

    @Test func collidingSourcesAreAnError() async throws {
        let site = try TemporarySite(files: ["Content/a.md": "# A\n", "Content/a.html": "<p>raw</p>"])
        let run = await ToolRun.run(["build", site.root.path])
        #expect(run.status == 1)
        #expect(run.errors.contains("Content/a.md: error: writes 'a.html', as does Content/a.html"))
    }

    @Test func namesDifferingOnlyInCaseAreAWarning() async throws {
        let site = try TemporarySite(files: ["Content/Guide.md": "# A\n", "Content/guide.md": "# B\n"])
        let run = await ToolRun.run(["build", site.root.path])
        #expect(run.status == 0)
        #expect(run.errors.contains("warning: output 'guide.html' differs only in case from that of Content/Guide.md"))
    }

    /// Outputs are told apart by a hash of their lowercase bytes, eight at a time, and
    /// looked at closely only when two hashes are alike: a page's output ends in `.html`
    /// where its path had `.md`, which may fill a word or go on into the next. A pair alike
    /// but for case is found whatever its length, in a site with no other pair.
    @Test(arguments: 1...17)
    func outputsAlikeButForCaseAreFoundAtEveryLength(length: Int) async throws {
        let name = String(repeating: "a", count: length)
        let site = try TemporarySite(files: [
            "Content/index.md": "# Home\n", "Content/\(name).md": "# Page\n",
            "Content/\(name.uppercased()).html": "<p>raw</p>",
        ])
        let run = await ToolRun.run(["build", site.root.path])
        #expect(run.status == 0)
        #expect(
            run.errors.contains(
                "warning: output '\(name.uppercased()).html' differs only in case from that of Content/\(name).md"))
    }

    /// A path that is not ASCII is lowercased as a string, and hashed as an ASCII one would be:
    /// the Kelvin sign lowercases to an ASCII `k`.
    @Test(arguments: [["Ä.md", "ä.md"], ["Ä.md", "ä.html"], ["Straße/ä.md", "STRAßE/Ä.md"], ["\u{212A}.md", "k.md"]])
    func outputsNotASCIIAlikeButForCaseAreFound(sources: [String]) async throws {
        let site = try TemporarySite(files: [
            "Content/index.md": "# Home\n", "Content/\(sources[0])": "# A\n", "Content/\(sources[1])": "# B\n",
        ])
        let run = await ToolRun.run(["build", site.root.path])
        #expect(run.status == 0)
        #expect(run.errors.contains("differs only in case"), "\(run.errors)")
    }
}

@Suite struct PublishingTests {
    @Test func baseURLAddsSitemapAndCanonicalLinks() async throws {
        let site = try TemporarySite(files: ["Content/index.md": "# Home\n", "Content/a b.md": "# A\n"])
        let run = await ToolRun.run(["build", site.root.path, "--base-url", "https://example.org/docs"])
        #expect(run.status == 0)
        #expect(
            try site.read("_site/sitemap.xml") == """
                <?xml version="1.0" encoding="UTF-8"?>
                <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
                <url><loc>https://example.org/docs/a%20b.html</loc></url>
                <url><loc>https://example.org/docs/index.html</loc></url>
                </urlset>

                """)
        #expect(try site.read("_site/index.html").contains("<link rel=\"canonical\" href=\"https://example.org/docs/index.html\">"))
        // The canonical address is the sitemap's: percent-encoded.
        #expect(try site.read("_site/a b.html").contains("<link rel=\"canonical\" href=\"https://example.org/docs/a%20b.html\">"))
        #expect(try site.read("_site/404.html").contains("href=\"https://example.org/docs/index.html\""))
    }

    @Test func editURLLinksEveryPageToItsSource() async throws {
        let site = try TemporarySite(files: [
            "foldmark.yml": "edit_url: https://git.example.org/docs/edit/main/Content/?x=\"<y>\"&z=\n",
            "Content/index.md": "# Home\n", "Content/guide/a b.md": "# A\n",
        ])
        #expect(await ToolRun.run(["build", site.root.path]).status == 0)
        let base = "https://git.example.org/docs/edit/main/Content/?x=&quot;&lt;y&gt;&quot;&amp;z="
        #expect(try site.read("_site/index.html").contains("<a href=\"\(base)index.md\">Edit this page</a>"))
        // The path under Content/, percent-encoded.
        #expect(try site.read("_site/guide/a b.html").contains("<a href=\"\(base)guide/a%20b.md\">Edit this page</a>"))
        // A folder's generated index has no source to edit.
        #expect(try !site.read("_site/guide/index.html").contains("Edit this page"))

        try site.write("foldmark.yml", "title: T\n")
        #expect(await ToolRun.run(["build", site.root.path]).status == 0)
        #expect(try !site.read("_site/index.html").contains("Edit this page"))
        try site.write("foldmark.yml", "edit_url: javascript:alert(1)//\n")
        let run = await ToolRun.run(["build", site.root.path])
        #expect(run.status == 1)
        #expect(run.errors.hasPrefix("foldmark.yml:1: error: 'edit_url' must start with http:// or https://\n"))
    }

    @Test func withoutBaseURLThereIsNoSitemap() async throws {
        let site = try TemporarySite(files: ["Content/index.md": "# Home\n"])
        #expect(await ToolRun.run(["build", site.root.path]).status == 0)
        #expect(!site.exists("_site/sitemap.xml"))
        #expect(site.exists("_site/404.html"))
        #expect(!(try site.read("_site/index.html").contains("rel=\"canonical\"")))
    }

    @Test func pagesShowNavigationBreadcrumbsPagerAndTOC() async throws {
        let site = try TemporarySite(files: [
            "foldmark.yml": "title: Docs\n", "Content/index.md": "# Welcome\n",
            "Content/guide/one.md": "---\norder: 1\n---\n# One\n## Part {#part}\n", "Content/guide/two.md": "# Two\n",
        ])
        #expect(await ToolRun.run(["build", site.root.path]).status == 0)
        let one = try site.read("_site/guide/one.html")
        #expect(one.contains("<a href=\"one.html\" aria-current=\"page\">One</a>"))
        #expect(one.contains("<li class=\"fm-nav-folder\"><details open><summary><span class=\"fm-arrow\" aria-hidden=\"true\"></span><a href=\"index.html\">Guide</a></summary>"))
        #expect(one.contains("<li><a href=\"../index.html\">Docs</a></li>\n<li><a href=\"index.html\">Guide</a></li>\n<li aria-current=\"page\">One</li>"))
        #expect(one.contains("<a class=\"fm-previous\" rel=\"prev\" href=\"index.html\"><span>Previous</span> Guide</a>"))
        #expect(one.contains("<a class=\"fm-next\" rel=\"next\" href=\"two.html\"><span>Next</span> Two</a>"))
        #expect(one.contains("<a href=\"#part\">Part</a>"))
        let folder = try site.read("_site/guide/index.html")
        #expect(folder.contains("<ul class=\"fm-folder-index\">\n<li><a href=\"one.html\">One</a></li>\n<li><a href=\"two.html\">Two</a></li>\n</ul>"))
    }
}

@Suite struct InitTests {
    @Test func initCreatesASiteThatBuilds() async throws {
        let site = try TemporarySite(files: [:])
        let folder = site.root.appending(path: "new").path
        let run = await ToolRun.run(["init", folder])
        #expect(run.status == 0)
        #expect(site.files(under: "new") == ["Content/index.md", "foldmark.yml"])
        let build = await ToolRun.run(["build", folder, "--strict"])
        #expect(build.status == 0, "\(build.errors)")
        let html = try site.read("new/_site/index.html")
        #expect(html.contains("<details class=\"fm-section\" id=\"details\">"))
        #expect(html.contains("id=\"ids\""))
    }

    @Test func initRefusesANonEmptyFolderAndNeverOverwrites() async throws {
        let site = try TemporarySite(files: ["foldmark.yml": "title: Mine\n"])
        let refused = await ToolRun.run(["init", site.root.path])
        #expect(refused.status == 1)
        #expect(refused.errors.contains("the folder is not empty"))
        let forced = await ToolRun.run(["init", site.root.path, "--force"])
        #expect(forced.status == 0)
        #expect(try site.read("foldmark.yml") == "title: Mine\n")
        #expect(site.exists("Content/index.md"))
    }
}
