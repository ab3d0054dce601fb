import Foundation
import FoldmarkTestSupport
import Testing

@testable import Site

/// A build that finds an output folder as an earlier build recorded it trusts the pages in
/// it to be in place (see ``OutputFolders``); whatever happens to the folder, a page that
/// is not in place is made again.
@Suite struct OutputFoldersTests {
    static let record = ".foldmark-cache/_site/" + OutputFolders.fileName

    /// Waits until the times of files changed now count as settled for a build starting
    /// after it (see ``SourceIdentity/settledTime()``). A wait on the file system's clock,
    /// not a time limit: some file systems keep times in whole seconds or two, so a build
    /// trusts a file only once that clock has passed the (two-)second it was stamped in,
    /// and a loaded machine can only make the wait end later, never too soon.
    static func waitUntilSettled() async throws {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        let written = Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
        while SourceIdentity.settledTime() <= written {
            try await Task.sleep(for: .milliseconds(100))
        }
    }

    static func recordedFolders(_ site: TemporarySite) -> [String] {
        OutputFolders(reading: site.root.appending(path: record), key: Self.key(site)).identities.keys.sorted()
    }

    static func key(_ site: TemporarySite) -> String {
        let text = (try? site.read(record)) ?? ""
        return String(text.prefix(while: { $0 != "\n" }).dropFirst(OutputFolders.version.count + 1))
    }

    /// A site built, then built again once settled: the second build found every page in
    /// place in settled folders, and recorded them.
    static func recordedSite() async throws -> TemporarySite {
        let site = try TemporarySite(files: IncrementalShortcutTests.files)
        _ = try await IncrementalShortcutTests.build(site)
        try await Self.waitUntilSettled()
        #expect(try await IncrementalShortcutTests.build(site).written == [])
        #expect(Self.recordedFolders(site).contains("reference/"))
        return site
    }

    @Test func pageDeletedFromARecordedFolderIsMadeAgain() async throws {
        let site = try await Self.recordedSite()
        try FileManager.default.removeItem(at: site.root.appending(path: "_site/reference/a.html"))
        #expect(try await IncrementalShortcutTests.build(site).written == ["reference/a.html"])
        #expect(site.exists("_site/reference/a.html"))
    }

    /// A folder that is not recorded and holds many pages is listed once rather than each
    /// page looked up (``OutputFolderCheck/listedFrom``): pages missing from it are made.
    @Test func pagesMissingFromALargeUnrecordedFolderAreMadeAgain() async throws {
        var files = ["Content/index.md": "# Home\n"]
        for number in 0..<(OutputFolderCheck.listedFrom + 4) { files["Content/many/p\(number).md"] = "# Page \(number)\n" }
        let site = try TemporarySite(files: files)
        _ = try await IncrementalShortcutTests.build(site)
        try FileManager.default.removeItem(at: site.root.appending(path: "_site/many/p3.html"))
        try FileManager.default.removeItem(at: site.root.appending(path: "_site/many/p17.html"))
        #expect(!Self.recordedFolders(site).contains("many/"))
        #expect(try await IncrementalShortcutTests.build(site).written.sorted() == ["many/p17.html", "many/p3.html"])
        #expect(site.exists("_site/many/p3.html") && site.exists("_site/many/p17.html"))
        #expect(try await IncrementalShortcutTests.build(site).written == [])
    }

    @Test func pageMissingBeforeTheFolderSettledIsMadeAgain() async throws {
        let site = try TemporarySite(files: IncrementalShortcutTests.files)
        _ = try await IncrementalShortcutTests.build(site)
        try FileManager.default.removeItem(at: site.root.appending(path: "_site/reference/a.html"))
        try await Self.waitUntilSettled()
        // The folder is settled, but its page is missing: not recorded, and the page is made.
        #expect(try await IncrementalShortcutTests.build(site).written == ["reference/a.html"])
        #expect(!Self.recordedFolders(site).contains("reference/"))
        #expect(try await IncrementalShortcutTests.build(site).written == [])
    }

    @Test func damagedRecordTrustsNoFolder() async throws {
        let site = try await Self.recordedSite()
        let text = try site.read(Self.record)
        #expect(text.contains("\treference/\n"))
        try FileManager.default.removeItem(at: site.root.appending(path: "_site/reference/a.html"))
        // The folder's line, with the identity it has now, after a line cut short.
        let identity = try #require(SourceIdentity(folder: site.root.appending(path: "_site/reference").path))
        let line = String(decoding: identity.encoded(separator: UInt8(ascii: " ")), as: UTF8.self) + "\treference/\n"
        let header = String(text.prefix(while: { $0 != "\n" })) + "\n"
        try site.write(Self.record, header + "1000 2000\n" + line)
        #expect(OutputFolders(reading: site.root.appending(path: Self.record), key: Self.key(site)).identities.isEmpty)
        #expect(try await IncrementalShortcutTests.build(site).written == ["reference/a.html"])
    }

    /// A failed build leaves the record as it was, and the output too: the next build
    /// still notices a page deleted after it.
    @Test func failedBuildLeavesTheRecordUsable() async throws {
        let site = try await Self.recordedSite()
        let record = try site.read(Self.record)
        // The site has a broken link, an error under --strict.
        let failed = await site.build(BuildOptions(isStrict: true))
        #expect(!failed.succeeded)
        #expect(try site.read(Self.record) == record)
        try FileManager.default.removeItem(at: site.root.appending(path: "_site/guide.html"))
        #expect(try await IncrementalShortcutTests.build(site).written == ["guide.html"])
    }

    @Test func recordReadsBackAsWritten() throws {
        let site = try TemporarySite(files: [:])
        let file = site.root.appending(path: "folders")
        let identity = SourceIdentity(size: 4096, modified: 12, changed: 34, inode: 56, device: 78)
        OutputFolders(identities: ["": identity, "a b/": identity]).write(to: file, key: "k")
        #expect(OutputFolders(reading: file, key: "k").identities == ["": identity, "a b/": identity])
        #expect(OutputFolders(reading: file, key: "other").identities.isEmpty)
    }
}
