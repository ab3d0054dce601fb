import Foundation
import FoldmarkTestSupport
import Testing

import Site

/// Every way a page can go stale must reach the output of the next build.
@Suite struct IncrementalBuildTests {
    static let files = [
        "foldmark.yml": "title: Docs\n",
        "Content/index.md": "# Home\n\n[Guide](guide.md#install)\n",
        "Content/guide.md": "---\norder: 1\n---\n# Guide\n\n## Install\n\nOld body.\n",
        "Content/other.md": "---\norder: 2\n---\n# Other\n\nText.\n",
    ]

    /// A build that must succeed.
    static func build(_ site: TemporarySite, _ options: BuildOptions = BuildOptions()) async throws -> SiteBuild {
        let build = await site.build(options)
        #expect(build.succeeded, "\(build.errors)")
        return build
    }

    @Test func noOpRebuildParsesAndWritesNothing() async throws {
        let site = try TemporarySite(files: Self.files)
        let first = try await Self.build(site)
        #expect(first.cached == 0)
        let second = try await Self.build(site)
        #expect(second.cached == 3)
        #expect(second.written == [])
    }

    /// A theme file's name holds its content's hash: one in place is left alone, one that
    /// is gone from the output is written again.
    @Test func themeFilesInPlaceAreKeptAndMissingOnesMadeAgain() async throws {
        let site = try TemporarySite(files: Self.files)
        _ = try await Self.build(site)
        let theme = site.files(under: "_site").filter { $0.hasPrefix("_foldmark/") }
        #expect(theme.count == 2)
        let stylesheet = try #require(theme.first { $0.hasSuffix(".css") })
        let before = site.themeStylesheet()
        try FileManager.default.removeItem(at: site.root.appending(path: "_site/" + stylesheet))
        let report = try await Self.build(site)
        #expect(report.written == [stylesheet])
        #expect(site.themeStylesheet() == before && !before.isEmpty)
        #expect(try await Self.build(site).written == [])
    }

    /// The generated 404 page shows only what the cache key holds: it is made again when
    /// it is gone or the key changed (here, the site's title), and kept otherwise.
    @Test func notFoundPageIsKeptUnlessGoneOrTheSiteChanged() async throws {
        let site = try TemporarySite(files: Self.files)
        _ = try await Self.build(site)
        #expect(try await Self.build(site).written == [])
        try FileManager.default.removeItem(at: site.root.appending(path: "_site/404.html"))
        #expect(try await Self.build(site).written == ["404.html"])
        #expect(try site.read("_site/404.html").contains("<title>Page not found · Docs</title>"))
        try site.write("foldmark.yml", "title: New name\n")
        #expect(try await Self.build(site).written.contains("404.html"))
        #expect(try site.read("_site/404.html").contains("<title>Page not found · New name</title>"))
    }

    @Test func bodyEditRebuildsOnlyThatPage() async throws {
        let site = try TemporarySite(files: Self.files)
        _ = try await Self.build(site)
        try site.write("Content/guide.md", "---\norder: 1\n---\n# Guide\n\n## Install\n\nNew body.\n")
        let report = try await Self.build(site)
        // The page, and the search index files that hold its words.
        #expect(report.written.filter { !$0.hasPrefix("search/") } == ["guide.html"])
        #expect(report.written.contains("search/index.js"))
        #expect(report.cached == 2)
        #expect(try site.read("_site/guide.html").contains("New body."))
    }

    @Test func titleEditReachesTheNavigationOfOtherPages() async throws {
        let site = try TemporarySite(files: Self.files)
        _ = try await Self.build(site)
        try site.write("Content/other.md", "---\norder: 2\n---\n# Renamed\n\nText.\n")
        let report = try await Self.build(site)
        #expect(report.cached == 2)
        #expect(Set(report.written.filter { !$0.hasPrefix("search/") }) == ["other.html", "index.html", "guide.html"])
        #expect(report.written.contains("search/d0.js"))  // the search index lists page titles
        #expect(try site.read("_site/index.html").contains(">Renamed</a>"))
        #expect(try site.read("_site/guide.html").contains("<span>Next</span> Renamed</a>"))
    }

    @Test func templateChangeRebuildsEverything() async throws {
        let site = try TemporarySite(files: Self.files)
        _ = try await Self.build(site)
        try site.write("Templates/style.css", "body { color: teal }")
        let report = try await Self.build(site)
        #expect(report.cached == 0)
        #expect(site.themeStylesheet().contains("color: teal"))
        #expect(report.written.contains("other.html"))  // it links to the new stylesheet
    }

    @Test func configChangeRebuildsEverything() async throws {
        let site = try TemporarySite(files: Self.files)
        _ = try await Self.build(site)
        try site.write("foldmark.yml", "title: New name\n")
        let report = try await Self.build(site)
        #expect(report.cached == 0)
        #expect(try site.read("_site/other.html").contains("<title>Other · New name</title>"))
    }

    @Test func changedSectionIdsOfALinkedPageAreCheckedAgain() async throws {
        let site = try TemporarySite(files: Self.files)
        #expect(try await Self.build(site).warnings == [])
        try site.write("Content/guide.md", "---\norder: 1\n---\n# Guide\n\n## Setup\n\nOld body.\n")
        let report = try await Self.build(site)
        #expect(report.report.warnings.map(\.message) == ["link to missing section 'guide.md#install'"])
        #expect(report.cached == 2)
    }

    @Test func removedPageLeavesOutputAndNavigation() async throws {
        let site = try TemporarySite(files: Self.files)
        _ = try await Self.build(site)
        try FileManager.default.removeItem(at: site.root.appending(path: "Content/other.md"))
        let report = try await Self.build(site)
        #expect(!site.exists("_site/other.html"))
        #expect(!(try site.read("_site/index.html").contains("other.html")))
        #expect(report.written.contains("index.html"))
    }

    /// The folders that held only removed files go with them, up to the first that holds
    /// something else: a folder of pages keeps its generated index, but one of assets
    /// holding only another folder has no file of its own.
    @Test func foldersOfRemovedFilesGoWhenEmpty() async throws {
        var files = Self.files
        files["Content/media/icons/small/a.svg"] = "<svg xmlns=\"http://www.w3.org/2000/svg\"/>\n"
        files["Content/media/b.svg"] = "<svg xmlns=\"http://www.w3.org/2000/svg\"/>\n"
        let site = try TemporarySite(files: files)
        _ = try await Self.build(site)
        #expect(site.exists("_site/media/icons/small/a.svg"))
        try FileManager.default.removeItem(at: site.root.appending(path: "Content/media/icons"))
        _ = try await Self.build(site)
        #expect(!site.exists("_site/media/icons"))
        #expect(site.exists("_site/media/b.svg"))
        try FileManager.default.removeItem(at: site.root.appending(path: "Content/media"))
        _ = try await Self.build(site)
        #expect(!site.exists("_site/media"))
        #expect(site.exists("_site/index.html"))
    }

    @Test func draftsOptionIsPartOfTheCacheKey() async throws {
        var files = Self.files
        files["Content/wip.md"] = "---\ndraft: true\n---\n# WIP\n"
        let site = try TemporarySite(files: files)
        _ = try await Self.build(site)
        #expect(!site.exists("_site/wip.html"))
        _ = try await Self.build(site, BuildOptions(includesDrafts: true))
        #expect(site.exists("_site/wip.html"))
        _ = try await Self.build(site)
        #expect(!site.exists("_site/wip.html"))
    }

    @Test func deletedOutputFileIsWrittenAgain() async throws {
        let site = try TemporarySite(files: Self.files)
        _ = try await Self.build(site)
        try FileManager.default.removeItem(at: site.root.appending(path: "_site/other.html"))
        let report = try await Self.build(site)
        #expect(report.written == ["other.html"])
        #expect(site.exists("_site/other.html"))
    }

    @Test func corruptCacheIsIgnored() async throws {
        let site = try TemporarySite(files: Self.files)
        _ = try await Self.build(site)
        try site.write(".foldmark-cache/_site/index", "garbage\u{1E}more garbage")
        let report = try await Self.build(site)
        #expect(report.cached == 0)
        #expect(try site.read("_site/guide.html").contains("Old body."))
    }
}
