import FoldmarkTestSupport
import Foundation
import Testing

@testable import Site

/// A build killed while its files move into place: the journal it wrote first lets the
/// next foldmark command complete the publishing, so the output is never a mix of two sites.
@Suite struct PublishJournalTests {
    static let staging = "._site.foldmark-staging-424242"

    /// A site built into `_site` (the old one), with sources changed since (a page edited,
    /// one removed, one added, in a new folder too), and the new site built into `_new`.
    static func changedSite() async throws -> TemporarySite {
        var files = ["Content/index.md": "# Home\n\n[a](a.md)\n", "Content/gone.md": "# Gone\n"]
        for number in 0..<12 { files["Content/guide/p\(number).md"] = "# Page \(number)\n\nText \(number).\n" }
        let site = try TemporarySite(files: files)
        #expect(await site.build().succeeded)
        try site.write("Content/guide/p3.md", "# Page 3, edited\n\nNew text.\n")
        try site.write("Content/a.md", "# A\n")
        try site.write("Content/new/b.md", "# B\n")
        try FileManager.default.removeItem(at: site.root.appending(path: "Content/gone.md"))
        #expect(await site.build(into: "_new").succeeded)
        return site
    }

    /// What a build of the new sources into `_site` stages and writes into its journal,
    /// made by hand from the two built sites: the files of `_new` that `_site` lacks or
    /// has otherwise, the new manifest, and the files of the old manifest the new one lacks.
    static func stage(_ site: TemporarySite) throws -> PublishJournal {
        let old = Set(site.files(under: "_site"))
        var moves: [String] = []
        for file in site.files(under: "_new") {
            let new = try Data(contentsOf: site.root.appending(path: "_new/" + file))
            if old.contains(file), (try? Data(contentsOf: site.root.appending(path: "_site/" + file))) == new {
                continue
            }
            try site.write(staging + "/" + file, String(decoding: new, as: UTF8.self))
            moves.append(file)
        }
        try site.write(staging + "/" + Manifest.stagedName, try site.read(manifest("_new")))
        let before = Manifest(parsing: Array(try site.read(manifest("_site")).utf8)).files
        let after = Manifest(parsing: Array(try site.read(manifest("_new")).utf8)).files
        let journal = PublishJournal(moves: moves, removals: before.subtracting(after).sorted(), movesManifest: true)
        try journal.write(in: site.root.appending(path: staging))
        return journal
    }

    /// The manifest of the output folder `folder`, beside it.
    static func manifest(_ folder: String) -> String {
        ".foldmark-cache/\(folder)/" + Manifest.fileName
    }

    /// Every file of `folder` with its bytes, and its manifest's as `manifest`.
    static func snapshot(_ site: TemporarySite, _ folder: String) throws -> [String: Data] {
        var files = try FolderSnapshot.files(in: site.root.appending(path: folder))
        files["manifest"] = try Data(contentsOf: site.root.appending(path: manifest(folder)))
        return files
    }

    @Test func journalReadsBackAsWritten() throws {
        let site = try TemporarySite(files: [:])
        let journal = PublishJournal(moves: ["a b.html", "é/c.html"], removals: ["old.html"], movesManifest: true)
        try FileManager.default.createDirectory(at: site.root, withIntermediateDirectories: true)
        try journal.write(in: site.root)
        #expect(PublishJournal(in: site.root) == journal)
        // Cut short, or reaching outside the folder: not a journal.
        let file = site.root.appending(path: PublishJournal.fileName)
        let text = try String(contentsOf: file, encoding: .utf8)
        try text.replacingOccurrences(of: "end\n", with: "").write(to: file, atomically: true, encoding: .utf8)
        #expect(PublishJournal(in: site.root) == nil)
        try "foldmark-publish 1\nr ../x\nend\n".write(to: file, atomically: true, encoding: .utf8)
        #expect(PublishJournal(in: site.root) == nil)
    }

    @Test(arguments: [0, 1, 4, 1000])
    func publishingStoppedAfterSomeMovesIsCompletedIntoTheNewSite(movesDone: Int) async throws {
        let site = try await Self.changedSite()
        let old = try Self.snapshot(site, "_site")
        let new = try Self.snapshot(site, "_new")
        #expect(old != new)
        let journal = try Self.stage(site)
        #expect(journal.moves.count > 4 && !journal.removals.isEmpty)
        _ = try journal.apply(
            staging: site.root.appending(path: Self.staging), output: site.root.appending(path: "_site"),
            stoppingAfter: movesDone)
        // Killed here. Completing the journal gives the new site, file for file.
        _ = try PublishJournal.completeInterrupted(
            beside: site.root.appending(path: "_site"), prefix: "._site.foldmark-staging-")
        #expect(try Self.snapshot(site, "_site") == new)
        #expect(PublishJournal(in: site.root.appending(path: Self.staging)) == nil)
    }

    /// With the cache folder (and the lock and manifest in it) deleted after the kill too:
    /// the output folder is there, so the next build still completes the publishing.
    @Test(arguments: [false, true])
    func nextBuildCompletesAKilledPublishingAndEqualsACleanBuild(cacheDeleted: Bool) async throws {
        let site = try await Self.changedSite()
        let new = try Self.snapshot(site, "_new")
        let journal = try Self.stage(site)
        _ = try journal.apply(
            staging: site.root.appending(path: Self.staging), output: site.root.appending(path: "_site"),
            stoppingAfter: 2)
        if cacheDeleted { try FileManager.default.removeItem(at: site.root.appending(path: ".foldmark-cache/_site")) }
        let build = await site.build()
        #expect(build.succeeded, "\(build.errors)")
        #expect(try Self.snapshot(site, "_site") == new)
        #expect(!site.exists(Self.staging))
    }

    @Test func filesMovedBeforeTheKillAreTheSitesForTheNextBuild() async throws {
        let site = try await Self.changedSite()
        let journal = try Self.stage(site)
        let moved = try #require(journal.moves.firstIndex(of: "new/b.html")) + 1
        #expect(moved > journal.moves.firstIndex(of: "a.html")!)
        _ = try journal.apply(
            staging: site.root.appending(path: Self.staging), output: site.root.appending(path: "_site"),
            stoppingAfter: moved)
        // Before the next build, a.md changes again and new/b.md goes: a.html, moved in but
        // not in the old manifest, is replaced (not refused as someone else's file), and
        // new/b.html is pruned (not left behind as a file of no build).
        try site.write("Content/a.md", "# A, again\n")
        try FileManager.default.removeItem(at: site.root.appending(path: "Content/new"))
        let build = await site.build()
        #expect(build.succeeded, "\(build.errors)")
        #expect(try site.read("_site/a.html").contains("A, again"))
        #expect(!site.exists("_site/new/b.html"))
        #expect(!site.exists("_site/gone.html"))
    }

    @Test func aJournalCutShortIsNotAppliedAndTheOutputStaysTheOldSite() async throws {
        let site = try await Self.changedSite()
        let old = try Self.snapshot(site, "_site")
        _ = try Self.stage(site)
        let file = site.root.appending(path: Self.staging + "/" + PublishJournal.fileName)
        let text = try String(contentsOf: file, encoding: .utf8)
        try String(text.dropLast(4)).write(to: file, atomically: true, encoding: .utf8)
        _ = try PublishJournal.completeInterrupted(
            beside: site.root.appending(path: "_site"), prefix: "._site.foldmark-staging-")
        #expect(try Self.snapshot(site, "_site") == old)
    }

    @Test func aBuildWithNothingToDoRemovesStaleStagingFolders() async throws {
        let site = try TemporarySite(files: ["Content/index.md": "# Home\n"])
        #expect(await site.build().succeeded)
        try site.write(Self.staging + "/index.html", "half a build")
        let build = await site.build()
        #expect(build.succeeded && build.written == [])
        #expect(!site.exists(Self.staging))
    }
}
