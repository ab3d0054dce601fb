import Foundation
import FoldmarkTestSupport
import Testing


/// A page, file or folder added to `Content/` or removed from it changes the set of
/// sources: the pages whose links now lead elsewhere are parsed again, the others are taken
/// from the cache, and the output is the one a build without a cache makes (see
/// ``IncrementalShortcutTests/expectSameAsFullBuild(_:round:)``).
@Suite struct SourceSetChangeTests {
    static let files = [
        "foldmark.yml": "title: Docs\n",
        "Content/index.md": "# Home\n\n[Later](later.md) and [a picture](picture.png).\n",
        "Content/guide.md": "---\norder: 1\n---\n# Guide\n\n## Install\n\nText.\n",
        "Content/other.md": "---\norder: 2\n---\n# Other\n\n[Guide](guide.md#install)\n",
    ]

    static func build(_ site: TemporarySite) async throws -> SiteBuild {
        try await IncrementalShortcutTests.build(site)
    }

    /// The incremental build after a change, checked against a build without a cache.
    static func rebuild(_ site: TemporarySite) async throws -> SiteBuild {
        try await IncrementalShortcutTests.expectSameAsFullBuild(site, round: 0)
    }

    @Test func anAddedPageLeavesTheOthersInTheCache() async throws {
        let site = try TemporarySite(files: Self.files)
        _ = try await Self.build(site)
        try site.write("Content/new.md", "# New\n\nText.\n")
        let report = try await Self.rebuild(site)
        #expect(report.cached == 3)
        #expect(site.exists("_site/new.html"))
        #expect(try site.read("_site/guide.html").contains("new.html"))  // in the navigation
        // The next build has nothing to do.
        #expect(try await Self.build(site).written == [])
    }

    @Test func aPageLinkingToAnAddedPageIsParsedAgain() async throws {
        let site = try TemporarySite(files: Self.files)
        let first = try await Self.build(site)
        #expect(first.warnings.contains { $0.contains("later.md") })
        #expect(try site.read("_site/index.html").contains("href=\"later.md\""))
        try site.write("Content/later.md", "# Later\n\nText.\n")
        let report = try await Self.rebuild(site)
        #expect(report.cached == 2)  // guide and other
        #expect(try site.read("_site/index.html").contains("href=\"later.html\""))
        #expect(!report.warnings.contains { $0.contains("later.md") })
    }

    @Test func aPageLinkingToARemovedPageIsParsedAgain() async throws {
        var files = Self.files
        files["Content/later.md"] = "# Later\n\nText.\n"
        let site = try TemporarySite(files: files)
        #expect(try await Self.build(site).warnings.allSatisfy { !$0.contains("later.md") })
        #expect(try site.read("_site/index.html").contains("href=\"later.html\""))
        try FileManager.default.removeItem(at: site.root.appending(path: "Content/later.md"))
        let report = try await Self.rebuild(site)
        #expect(report.cached == 2)
        #expect(try site.read("_site/index.html").contains("href=\"later.md\""))
        #expect(report.warnings.contains { $0.contains("later.md") })
        #expect(!site.exists("_site/later.html"))
    }

    /// A link to a file is not rewritten, so the page is taken from the cache; its warning
    /// about the missing file is checked again rather than taken from it.
    @Test func anAddedFileEndsTheWarningAboutIt() async throws {
        let site = try TemporarySite(files: Self.files)
        #expect(try await Self.build(site).warnings.contains { $0.contains("picture.png") })
        try site.write("Content/picture.png", "not really a picture")
        let report = try await Self.rebuild(site)
        #expect(report.cached == 3)
        #expect(!report.warnings.contains { $0.contains("picture.png") })
        #expect(site.exists("_site/picture.png"))
    }

    @Test func aLinkToAnAddedFolderLeadsToItsIndex() async throws {
        var files = Self.files
        files["Content/index.md"] = "# Home\n\n[Reference](reference/)\n"
        let site = try TemporarySite(files: files)
        _ = try await Self.build(site)
        #expect(try site.read("_site/index.html").contains("href=\"reference/\""))
        try site.write("Content/reference/api.md", "# API\n\nText.\n")
        let report = try await Self.rebuild(site)
        #expect(report.cached == 2)
        #expect(try site.read("_site/index.html").contains("href=\"reference/index.html\""))
    }

    /// Without the record of the sources the cache was made from, it is not used.
    @Test func aCacheWithoutItsSourcesIsNotUsedForOthers() async throws {
        let site = try TemporarySite(files: Self.files)
        _ = try await Self.build(site)
        try FileManager.default.removeItem(at: site.root.appending(path: ".foldmark-cache/_site/sources"))
        try site.write("Content/new.md", "# New\n\nText.\n")
        let report = try await Self.rebuild(site)
        #expect(report.cached == 0)
    }
}
