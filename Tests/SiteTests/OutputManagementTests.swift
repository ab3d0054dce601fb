import FoldmarkTestSupport
import Foundation
import Testing

@testable import Site

/// The output folder is the site's and the user's: a build replaces only what an earlier
/// build wrote, never writes through a link, and writes the same bytes every time.
@Suite struct OutputManagementTests {
    @Test func removedSourcesArePrunedButOtherFilesAreKept() async throws {
        let site = try TemporarySite(files: [
            "Content/index.md": "# Home\n", "Content/old/page.md": "# Old\n", "Content/img/a.png": "png",
        ])
        #expect(await site.build().succeeded)
        try site.write("_site/mine.txt", "the user's")
        try site.write("_site/old/notes.txt", "also the user's")
        try FileManager.default.removeItem(at: site.root.appending(path: "Content/old"))
        try FileManager.default.removeItem(at: site.root.appending(path: "Content/img"))
        let build = await site.build()
        #expect(build.succeeded)
        #expect(build.report.removed == ["img/a.png", "old/index.html", "old/page.html"])
        #expect(!site.exists("_site/old/page.html") && !site.exists("_site/img"))
        #expect(try site.read("_site/mine.txt") == "the user's")
        #expect(try site.read("_site/old/notes.txt") == "also the user's")
    }

    @Test func aFileTheUserPutWhereAPageGoesIsNotReplaced() async throws {
        let site = try TemporarySite(files: [
            "Content/index.md": "# Home\n", "Content/a.md": "# A\n", "_site/index.html": "the user's page",
            "_site/CNAME": "docs.example.org",
        ])
        let first = await site.build()
        #expect(!first.succeeded)
        let path = site.root.appending(path: "_site/index.html").path
        // Into a folder without a manifest, nothing says whose the file is.
        #expect(
            first.errors == [
                "\(path): error: no manifest says foldmark wrote this file (.foldmark-cache/_site/manifest beside the "
                    + "output folder is missing or damaged), so it will not replace it; delete the output folder if "
                    + "it holds only an earlier build, or move the file away"
            ])
        #expect(try site.read("_site/index.html") == "the user's page")
        #expect(!site.exists("_site/a.html"))

        // Once it is moved away, the build goes on; a file that appears later where a new
        // page goes is refused the same way, and the pages in place stay as they were.
        try FileManager.default.removeItem(atPath: path)
        #expect(await site.build().succeeded)
        try site.write("Content/b.md", "# B\n")
        try site.write("Content/a.md", "# A, changed\n")
        try site.write("_site/b.html", "another of the user's")
        let later = await site.build()
        #expect(!later.succeeded)
        #expect(
            later.errors == [
                site.root.appending(path: "_site/b.html").path
                    + ": error: foldmark did not write this file and will not replace it; move it, or build into "
                    + "another folder"
            ])
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
        let build = await site.build()
        #expect(!build.succeeded)
        let refusal = "\(link.path): error: is a symbolic link, and foldmark writes only inside"
        #expect(build.errors.first?.hasPrefix(refusal) == true, "\(build.errors)")
        #expect(site.files(under: "elsewhere") == ["page.html"])
        #expect(try site.read("elsewhere/page.html") == "not the site's")

        // Built without the link, then the folder is swapped for it: the pages of a
        // removed source are not deleted through it.
        try FileManager.default.removeItem(at: link)
        #expect(await site.build().succeeded)
        #expect(site.exists("_site/sub/page.html"))
        try FileManager.default.removeItem(at: link)
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: elsewhere)
        try FileManager.default.removeItem(at: site.root.appending(path: "Content/sub"))
        #expect(await site.build().succeeded)
        #expect(try site.read("elsewhere/page.html") == "not the site's")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == elsewhere.path)
    }

    @Test func aStoppedBuildsStagingFolderIsRemovedByTheNextBuild() async throws {
        // What a build killed in the middle leaves beside its output, and a look-alike.
        let site = try TemporarySite(files: [
            "Content/index.md": "# Home\n", "._site.foldmark-staging-999999/index.html": "half a build",
            "._site.foldmark-staging-999999/a/b.html": "half a build", "._site.foldmark-staging-notes": "the user's",
        ])
        #expect(await site.build().succeeded)
        #expect(!site.exists("._site.foldmark-staging-999999"))
        #expect(try site.read("._site.foldmark-staging-notes") == "the user's")
        #expect(site.exists("_site/index.html"))
    }

    @Test func unchangedRebuildWritesNothing() async throws {
        let site = try TemporarySite(files: ["Content/index.md": "# Home\n", "Content/a.png": "png"])
        #expect(await site.build().succeeded)
        let build = await site.build()
        #expect(build.written == [])
        // index.html, 404.html, a.png, the theme's two files and the search index's three
        #expect(build.report.unchanged == 8)
        try site.write("Content/a.png", "changed")
        #expect(await site.build().written == ["a.png"])
        #expect(try site.read("_site/a.png") == "changed")
    }

    @Test func buildsAreReproducible() async throws {
        let site = try TemporarySite(files: [
            "Content/index.md": "---\ntitle: T\n---\n# Home\n", "Content/a/b.md": "# B\n## C\n",
            "Content/z.md": "# Z\n",
        ])
        let first = site.root.appending(path: "one")
        let second = site.root.appending(path: "two")
        let options = BuildOptions(baseURL: "https://x.org/docs")
        #expect(await site.build(output: first, options).succeeded)
        #expect(await site.build(output: second, options).succeeded)
        let files = site.files(under: "one")
        #expect(files == site.files(under: "two"))
        for file in files {
            #expect(try site.read("one/" + file) == (try site.read("two/" + file)), "\(file)")
        }
    }

    @Test func outputDoesNotDependOnTheNumberOfJobs() async throws {
        var files = ["Content/index.md": "# Home\n"]
        for index in 0..<40 {
            files["Content/f\(index % 4)/p\(index).md"] = "# Page \(index)\n## A\n[next](p\(index + 1).md)\n"
        }
        let site = try TemporarySite(files: files)
        let one = await site.build(into: "one", BuildOptions(jobs: 1))
        let many = await site.build(into: "many", BuildOptions(jobs: 8))
        #expect(one.succeeded && many.succeeded)
        #expect(one.warnings == many.warnings)
        let files1 = site.files(under: "one")
        #expect(files1 == site.files(under: "many"))
        // 41 pages, 4 folder indexes, 404.html, three files of search index, the theme's
        // stylesheet and script
        #expect(files1.count == 51)
        for file in files1 {
            #expect(try site.read("one/" + file) == (try site.read("many/" + file)), "\(file)")
        }
    }

    @Test func aSecondBuildIntoALockedFolderIsRefused() async throws {
        let site = try TemporarySite(files: ["Content/index.md": "# Home\n"])
        let lock = try OutputLock(output: site.root.appending(path: "_site"))
        let build = await site.build()
        #expect(!build.succeeded)
        let locked = "another foldmark build is writing to this folder (locked: ../.foldmark-cache/_site/lock)"
        #expect(build.errors == ["\(site.root.appending(path: "_site").path): error: \(locked)"])
        #expect(!site.exists("_site/index.html"))
        withExtendedLifetime(lock) {}
    }

    @Test func collidingSourcesAreAnError() async throws {
        let site = try TemporarySite(files: ["Content/a.md": "# A\n", "Content/a.html": "<p>raw</p>"])
        let build = await site.build()
        #expect(!build.succeeded)
        #expect(build.errors.contains("Content/a.md: error: writes 'a.html', as does Content/a.html"))
    }

    @Test func namesDifferingOnlyInCaseAreAWarning() async throws {
        let site = try TemporarySite(files: ["Content/Guide.md": "# A\n", "Content/guide.md": "# B\n"])
        let build = await site.build()
        #expect(build.succeeded)
        #expect(
            build.warnings.contains {
                $0.hasSuffix("warning: output 'guide.html' differs only in case from that of Content/Guide.md")
            })
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
        let build = await site.build()
        #expect(build.succeeded)
        let warning = "warning: output '\(name.uppercased()).html' differs only in case from that of Content/\(name).md"
        #expect(build.warnings.contains { $0.hasSuffix(warning) }, "\(build.warnings)")
    }

    /// A path that is not ASCII is lowercased as a string, and hashed as an ASCII one would be:
    /// the Kelvin sign lowercases to an ASCII `k`.
    @Test(arguments: [
        ["Ä.md", "ä.md"], ["Ä.md", "ä.html"], ["Straße/ä.md", "STRAßE/Ä.md"], ["\u{212A}.md", "k.md"],
    ])
    func outputsNotASCIIAlikeButForCaseAreFound(sources: [String]) async throws {
        let site = try TemporarySite(files: [
            "Content/index.md": "# Home\n", "Content/\(sources[0])": "# A\n", "Content/\(sources[1])": "# B\n",
        ])
        let build = await site.build()
        #expect(build.succeeded)
        #expect(build.warnings.contains { $0.contains("differs only in case") }, "\(build.warnings)")
    }
}
