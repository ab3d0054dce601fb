@testable import Basics
import Foundation
import FoldmarkTestSupport
import Testing

@testable import Site

/// A build that changes a few records appends them to the cache's journal instead of
/// rewriting its index (see ``CacheJournal``): every build after must still give the
/// output of a full build, whatever happened to the journal.
@Suite struct CacheJournalTests {
    static let index = ".foldmark-cache/_site/index"
    static let journal = ".foldmark-cache/_site/" + CacheJournal.fileName

    /// The guide page; with `long`, its front matter is large enough that its record fills
    /// most of a small journal (see ``BuildCache/smallJournal``), and the second edit
    /// compacts it. Without, a build that changes every record still fits in the journal,
    /// with room for the source identities it may record (their length depends on the
    /// file system: device and inode numbers).
    static func guide(_ title: String, _ body: String = "Old body.", long: Bool = false) -> String {
        let summary = String(repeating: "long summary ", count: long ? BuildCache.smallJournal / 20 : 1)
        return "---\norder: 1\nsummary: \(summary)\n---\n# \(title)\n\n## Install\n\n\(body)\n"
    }

    static func bytes(_ site: TemporarySite, _ path: String) -> Data? {
        try? FileIO.read(site.root.appending(path: path).path).get()
    }

    @Test func editsGoToTheJournalUntilItIsCompactedIntoTheIndex() async throws {
        var files = IncrementalShortcutTests.files
        files["Content/guide.md"] = Self.guide("Guide", long: true)
        let site = try TemporarySite(files: files)
        _ = try await IncrementalShortcutTests.build(site)
        var appended = 0
        var compacted = 0
        for round in 0..<8 {
            let index = Self.bytes(site, Self.index)
            let journal = Self.bytes(site, Self.journal)
            try site.write("Content/guide.md", Self.guide("Guide", "Body \(round).", long: true))
            let report = try await IncrementalShortcutTests.expectSameAsFullBuild(site, round: round)
            #expect(report.cached == 4)
            if Self.bytes(site, Self.index) == index {
                // The index stays; the journal grew by the edited record.
                appended += 1
                #expect((Self.bytes(site, Self.journal)?.count ?? 0) > (journal?.count ?? 0))
            } else {
                compacted += 1
                #expect(!site.exists(Self.journal))
            }
            // The next build reads the records back from the journal: nothing to parse.
            let again = try await IncrementalShortcutTests.build(site)
            #expect(again.cached == 5 && again.written == [])
        }
        #expect(appended > 0 && compacted > 0)
    }

    /// A build that changes nothing saves nothing: its records are those it read, from the
    /// index and the journal. (Once every source is settled: a build that finds a source
    /// settled that was not when it was hashed records its identity.)
    @Test func noOpBuildLeavesIndexAndJournalAsTheyWere() async throws {
        var files = IncrementalShortcutTests.files
        files["Content/guide.md"] = Self.guide("Guide")
        let site = try TemporarySite(files: files)
        _ = try await IncrementalShortcutTests.build(site)
        try site.write("Content/guide.md", Self.guide("Guide", "New body."))
        try await OutputFoldersTests.waitUntilSettled()
        _ = try await IncrementalShortcutTests.build(site)
        #expect(site.exists(Self.journal))
        let saved = (Self.bytes(site, Self.index), Self.bytes(site, Self.journal))
        let again = try await IncrementalShortcutTests.build(site)
        #expect(again.cached == 5 && again.written == [])
        #expect(Self.bytes(site, Self.index) == saved.0 && Self.bytes(site, Self.journal) == saved.1)
    }

    /// A build that changed the navigation wrote the journal; the journal is then cut
    /// short. Going back to the old state of the cache would take every other page as laid
    /// out with the old navigation, which is no longer what the output holds.
    @Test func damagedJournalMeansAFullBuild() async throws {
        for damage in ["truncate", "flip"] {
            var files = IncrementalShortcutTests.files
            files["Content/guide.md"] = Self.guide("Guide")
            let site = try TemporarySite(files: files)
            _ = try await IncrementalShortcutTests.build(site)
            try site.write("Content/guide.md", Self.guide("Guide Two"))
            _ = try await IncrementalShortcutTests.build(site)
            var journal = try #require(Self.bytes(site, Self.journal))
            if damage == "truncate" {
                journal.removeLast(3)
            } else {
                journal[journal.count - 2] ^= 0x01
            }
            try journal.write(to: site.root.appending(path: Self.journal))
            try site.write("Content/guide.md", Self.guide("Guide"))
            let report = try await IncrementalShortcutTests.expectSameAsFullBuild(
                site, round: 0, damage: "cache damaged, rebuilding 5 pages")
            #expect(report.cached == 0)
            #expect(try site.read("_site/other.html").contains(">Guide<"))
        }
    }

    /// A site built once, then again after `guide.md` gained `text`: the second build wrote
    /// the journal, whose bytes come back with the site.
    static func siteWithJournal(afterEdit text: String) async throws -> (TemporarySite, Data) {
        var files = IncrementalShortcutTests.files
        files["Content/guide.md"] = Self.guide("Guide")
        let site = try TemporarySite(files: files)
        _ = try await IncrementalShortcutTests.build(site)
        try site.write("Content/guide.md", Self.guide("Guide", text))
        _ = try await IncrementalShortcutTests.build(site)
        return (site, try #require(Self.bytes(site, Self.journal)))
    }

    @Test func failedBuildLeavesTheJournalUsable() async throws {
        let (site, journal) = try await Self.siteWithJournal(afterEdit: "First edit.")
        // other.md links to a missing page: a strict build fails, and saves nothing.
        try site.write("Content/guide.md", Self.guide("Guide Two", "Second edit."))
        let failed = await site.build(BuildOptions(isStrict: true))
        #expect(!failed.succeeded)
        #expect(Self.bytes(site, Self.journal) == journal)
        let report = try await IncrementalShortcutTests.expectSameAsFullBuild(site, round: 0)
        #expect(report.cached == 4)
    }

    /// Entries written for an index that was since rewritten (the journal outlived the
    /// rewrite) name another generation and are ignored.
    @Test func journalOfAnEarlierIndexIsIgnored() async throws {
        let (site, stale) = try await Self.siteWithJournal(afterEdit: "Edited.")
        // A new configuration rewrites the index and removes the journal; the old one comes back.
        try site.write("foldmark.yml", "title: Docs 2\n")
        _ = try await IncrementalShortcutTests.build(site)
        #expect(!site.exists(Self.journal))
        try stale.write(to: site.root.appending(path: Self.journal))
        try site.write("Content/guide.md", Self.guide("Guide", "Edited twice."))
        let report = try await IncrementalShortcutTests.expectSameAsFullBuild(site, round: 0)
        #expect(report.cached == 4)
        let again = try await IncrementalShortcutTests.build(site)
        #expect(again.cached == 5 && again.written == [])
    }
}
