@testable import Basics
import Foundation
import FoldmarkTestSupport
import Testing

@testable import Site

/// What an incremental build takes from the cache instead of working it out again (each
/// page's navigation, its link warnings, the check of its bytes) must be what a full
/// build works out: every test here would fail if a shortcut served stale output.
@Suite struct IncrementalShortcutTests {
    static let files = [
        "foldmark.yml": "title: Docs\n",
        "Content/index.md": "# Home\n\n[Guide](guide.md#install) and [Other](other.md).\n",
        "Content/guide.md": "---\norder: 1\n---\n# Guide\n\n## Install\n\nOld body.\n",
        "Content/other.md": "---\norder: 2\n---\n# Other\n\n[Broken](nowhere.md) and [B](reference/b.md#b).\n",
        "Content/reference/a.md": "---\norder: 1\n---\n# A\n\nText.\n",
        "Content/reference/b.md": "---\norder: 2\n---\n# B\n\nText.\n",
    ]

    /// A build into `out` that must succeed.
    static func build(_ site: TemporarySite, out: String = "_site") async throws -> SiteBuild {
        let build = await site.build(into: out)
        #expect(build.succeeded, "\(build.errors)")
        return build
    }

    /// Builds incrementally into `_site`, and from nothing into a new folder, and expects
    /// the same files with the same bytes and the same warnings, but for one about the
    /// cache of `_site` when `damage` is given (its message, or how it starts). Returns
    /// the incremental report.
    @discardableResult
    static func expectSameAsFullBuild(_ site: TemporarySite, round: Int, damage: String? = nil) async throws
        -> SiteBuild
    {
        let incremental = try await build(site)
        let full = try await build(site, out: "full-\(round)")
        #expect(full.cached == 0)
        let cacheWarnings = incremental.warnings.filter { $0.contains("/.foldmark-cache/_site:") }
        let expected = damage.map { ["/.foldmark-cache/_site: warning: " + $0] } ?? []
        #expect(
            cacheWarnings.count == expected.count && zip(cacheWarnings, expected).allSatisfy { $0.contains($1) },
            "\(cacheWarnings)")
        #expect(incremental.warnings.filter { !cacheWarnings.contains($0) } == full.warnings)
        let names = site.files(under: "_site")
        #expect(names == site.files(under: "full-\(round)"))
        for name in names {
            // Foundation's Data(contentsOf:) left read buffers (4 KiB each) unfreed in the
            // LeakSanitizer run of these tests; FileIO reads the files without.
            let a = try FileIO.read(site.root.appending(path: "_site/" + name).path).get()
            let b = try FileIO.read(site.root.appending(path: "full-\(round)/" + name).path).get()
            #expect(a == b, "\(name) differs from a full build after round \(round)")
        }
        return incremental
    }

    @Test func everyKindOfEditGivesTheOutputOfAFullBuild() async throws {
        let site = try TemporarySite(files: Self.files)
        _ = try await Self.build(site)
        let edits: [(String, String)] = [
            ("Content/guide.md", "---\norder: 1\n---\n# Guide\n\n## Install\n\nNew body.\n"),  // body only
            ("Content/reference/a.md", "---\norder: 3\n---\n# A\n\nText.\n"),  // reorders reference/
            ("Content/reference/b.md", "---\norder: 2\n---\n# Bee\n\nText.\n"),  // a title in the navigation
            ("Content/guide.md", "---\norder: 1\n---\n# Guide\n\n## Setup\n\nNew body.\n"),  // breaks a link
            ("Content/guide.md", "---\norder: 1\n---\n# Guide\n\n## Install\n\nNew body.\n"),  // mends it
            ("Content/reference/b.md", "---\ndraft: true\n---\n# Bee\n\nText.\n"),  // a link target turns draft
            ("Content/index.md", "# Home\n\n[Guide](guide.md#install).\n"),
        ]
        for (round, (path, text)) in edits.enumerated() {
            try site.write(path, text)
            let report = try await Self.expectSameAsFullBuild(site, round: round)
            // Every other page came from the cache (after the draft edit, one page fewer is built).
            #expect(report.cached == (round < 6 ? 4 : 3))
        }
        // And once more with nothing changed.
        let report = try await Self.expectSameAsFullBuild(site, round: edits.count)
        #expect(report.written == [])
    }

    /// A large site shows each page a window of its folders (see ``Navigation``), made
    /// once per folder: edits that move pages in and out of windows still give the
    /// output of a full build.
    @Test func largeSiteEditsGiveTheOutputOfAFullBuild() async throws {
        var files = ["Content/index.md": "# Home\n"]
        for folder in ["a", "b", "b/c", "d"] {
            files["Content/\(folder)/index.md"] = "# Folder \(folder)\n"
            for page in 0..<70 { files["Content/\(folder)/p\(page).md"] = "# Page \(page)\n\nIn \(folder).\n" }
        }
        files["Content/e/only.md"] = "# Only\n"  // a folder without an index.md
        let site = try TemporarySite(files: files)
        _ = try await Self.build(site)
        let edits: [(String, String)] = [
            ("Content/b/c/p5.md", "# Page 5\n\nNew body.\n"),
            ("Content/b/c/p5.md", "---\norder: 1\n---\n# Now first\n"),  // into every window of b/c/
            ("Content/b/index.md", "# Folder bee\n"),  // a folder's title, shown in a/, b/ and deeper
            ("Content/e/only.md", "# Renamed\n"),
        ]
        for (round, (path, text)) in edits.enumerated() {
            try site.write(path, text)
            let report = try await Self.expectSameAsFullBuild(site, round: round)
            #expect(report.cached == 285)
        }
    }

    @Test func noOpBuildReportsTheWarningsOfTheFirst() async throws {
        let site = try TemporarySite(files: Self.files)
        let first = try await Self.build(site)
        #expect(first.warnings == ["Content/other.md:6:1: warning: link to missing page 'nowhere.md'"])
        let second = try await Self.build(site)
        #expect(second.cached == 5)
        #expect(second.warnings == first.warnings)
    }

    @Test func reusedPageIsCheckedAgainWhenItsTargetChanges() async throws {
        let site = try TemporarySite(files: Self.files)
        _ = try await Self.build(site)
        // other.md is not parsed again, but what its link points at is gone, then back.
        try site.write("Content/reference/b.md", "---\norder: 2\n---\n# Bee\n\n## Other\n")
        let broken = try await Self.build(site)
        #expect(broken.cached == 4)
        #expect(broken.warnings.contains("Content/other.md:6:26: warning: link to missing section 'reference/b.md#b'"))
        try site.write("Content/reference/b.md", "---\norder: 2\n---\n# B\n\nText.\n")
        let mended = try await Self.build(site)
        #expect(mended.warnings == ["Content/other.md:6:1: warning: link to missing page 'nowhere.md'"])
        try site.write("Content/reference/b.md", "---\ndraft: true\n---\n# B\n\nText.\n")
        let draft = try await Self.build(site)
        #expect(draft.warnings.contains("Content/other.md:6:26: warning: link to draft page 'reference/b.md#b'"))
    }

    /// With many pages, an edit that changes no section id checks the links of the edited
    /// page only, looking up just the pages they lead to (see ``LinkChecker``).
    @Test func editOfOnePageAmongManyChecksItsLinksAsAFullBuild() async throws {
        var files = Self.files
        for page in 0..<40 { files["Content/many/p\(page).md"] = "# Page \(page)\n\n## Part\n\nText.\n" }
        let site = try TemporarySite(files: files)
        _ = try await Self.build(site)
        let links = [
            "[A](many/p3.md#part)", "[B](many/p4.md#none)", "[C](reference/b.md#b)", "[D](gone.md)", "[E](#home)",
            "[F](#away)",
        ]
        try site.write("Content/index.md", "# Home\n\n" + links.joined(separator: "\n\n") + "\n")
        let report = try await Self.expectSameAsFullBuild(site, round: 0)
        #expect(report.cached == 44)
        #expect(
            report.warnings.filter { $0.hasPrefix("Content/index.md") } == [
                "Content/index.md:5:1: warning: link to missing section 'many/p4.md#none'",
                "Content/index.md:9:1: warning: link to missing page 'gone.md'",
                "Content/index.md:13:1: warning: link to missing section '#away'",
            ])
    }

    @Test func generatedFolderIndexFollowsTheNavigation() async throws {
        let site = try TemporarySite(files: Self.files)
        _ = try await Self.build(site)
        #expect(try Self.order(of: ["a.html", "b.html"], in: site.read("_site/reference/index.html")) == [0, 1])
        try site.write("Content/reference/a.md", "---\norder: 3\n---\n# A\n\nText.\n")
        let report = try await Self.build(site)
        #expect(report.written.contains("reference/index.html"))
        #expect(try Self.order(of: ["a.html", "b.html"], in: site.read("_site/reference/index.html")) == [1, 0])
        // Nothing changed, but the generated page is gone from the output: it comes back.
        try FileManager.default.removeItem(at: site.root.appending(path: "_site/reference/index.html"))
        #expect(try await Self.build(site).written == ["reference/index.html"])
    }

    @Test func badBytesAreReportedWhenThePageComesFromTheCache() async throws {
        let site = try TemporarySite(files: Self.files)
        var bytes = Data("# Bytes\n\nBad ".utf8)
        bytes.append(0xFF)
        bytes.append(contentsOf: Data(" byte.\n".utf8))
        try bytes.write(to: site.root.appending(path: "Content/bytes.md"))
        let first = try await Self.build(site)
        let expected = "Content/bytes.md:3:5: warning: invalid UTF-8 at byte offset 13, replaced with U+FFFD"
        #expect(first.warnings.contains(expected))
        let second = try await Self.build(site)
        #expect(second.cached == 6)
        #expect(second.warnings == first.warnings)
    }

    /// Where each of `needles` first appears in `text`, as ranks: `[1, 0]` when the second comes first.
    static func order(of needles: [String], in text: String) -> [Int] {
        let offsets = needles.map { text.range(of: "href=\"\($0)\"")?.lowerBound.utf16Offset(in: text) ?? -1 }
        return offsets.map { offset in offsets.filter { $0 < offset }.count }
    }
}
