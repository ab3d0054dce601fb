@testable import Basics
import Foundation
import FoldmarkTestSupport
import Testing

@testable import Site

/// A build cache damaged on disk is never believed: what does not verify is dropped, its
/// pages are built again from their sources in the same build, which says so in one
/// warning, and the output is that of a build from nothing.
@Suite struct BuildCacheDamageTests {
    static let cache = ".foldmark-cache/_site/"

    static func bytes(_ site: TemporarySite, _ path: String) throws -> Data {
        try FileIO.read(site.root.appending(path: path).path).get()
    }

    static func write(_ site: TemporarySite, _ path: String, _ bytes: Data) throws {
        try bytes.write(to: site.root.appending(path: path))
    }

    static func packs(_ site: TemporarySite) -> [String] {
        site.files(under: cache + "packs").map { cache + "packs/" + $0 }
    }

    /// A page's title changed: every page is laid out again, its content read from the packs.
    static func retitle(_ site: TemporarySite) throws {
        try site.write("Content/reference/a.md", "---\norder: 1\n---\n# A again\n\nText.\n")
    }

    /// The number of pages the cache's warning says are built again.
    static func rebuilt(_ report: SiteBuild) -> Int? {
        report.warnings.compactMap { warning -> Int? in
            guard let range = warning.range(of: "cache damaged, rebuilding ") else { return nil }
            return Int(warning[range.upperBound...].prefix(while: \.isNumber))
        }.first
    }

    /// One byte of a page's output path changed in the index (`/` to `,`), and another page
    /// edited: the record no longer matches its checksum, and the page is built again
    /// where it belongs, not into a folder of the changed name.
    @Test func aByteChangedInTheIndexDropsItsRecord() async throws {
        let site = try TemporarySite(files: IncrementalShortcutTests.files)
        _ = try await IncrementalShortcutTests.build(site)
        var index = try Self.bytes(site, Self.cache + "index")
        let path = try #require(index.firstRange(of: Array("reference/b.html".utf8)))
        index[path.lowerBound + 9] = UInt8(ascii: ",")
        try Self.write(site, Self.cache + "index", index)
        try site.write("Content/guide.md", IncrementalShortcutTests.files["Content/guide.md"]! + "\nMore text.\n")
        let report = try await IncrementalShortcutTests.expectSameAsFullBuild(
            site, round: 0, damage: "cache damaged, rebuilding 1 page")
        // (The guide edited and the page dropped are parsed again.)
        #expect(report.cached == 3 && !site.exists("_site/reference,b.html"))
        // Said once: the build rewrote the index, and the next finds nothing damaged.
        try site.write("Content/guide.md", IncrementalShortcutTests.files["Content/guide.md"]!)
        try await IncrementalShortcutTests.expectSameAsFullBuild(site, round: 1)
    }

    /// An index cut short loses the records after the cut, which its header counts.
    @Test func anIndexCutShortCountsTheRecordsItLost() async throws {
        let site = try TemporarySite(files: IncrementalShortcutTests.files)
        _ = try await IncrementalShortcutTests.build(site)
        let index = try Self.bytes(site, Self.cache + "index")
        let records = index.split(separator: CachedPage.recordSeparator, omittingEmptySubsequences: false).count - 1
        let cut = index.prefix(index.count / 2)
        let kept = cut.split(separator: CachedPage.recordSeparator, omittingEmptySubsequences: false).count - 2
        try Self.write(site, Self.cache + "index", Data(cut))
        try Self.retitle(site)
        let report = try await IncrementalShortcutTests.expectSameAsFullBuild(
            site, round: 0, damage: "cache damaged, rebuilding \(records - kept) pages")
        #expect(records == 5 && kept < records && report.cached <= kept)
    }

    /// Packs cut to half their size: the pages whose content was after the cut are built
    /// again from their sources when they are laid out.
    @Test func aPackCutShortIsBuiltAgainFromTheSources() async throws {
        let site = try TemporarySite(files: IncrementalShortcutTests.files)
        _ = try await IncrementalShortcutTests.build(site)
        for pack in Self.packs(site) {
            let bytes = try Self.bytes(site, pack)
            try Self.write(site, pack, bytes.prefix(bytes.count / 2))
        }
        try Self.retitle(site)
        let report = try await IncrementalShortcutTests.expectSameAsFullBuild(
            site, round: 0, damage: "cache damaged, rebuilding ")
        #expect((Self.rebuilt(report) ?? 0) > 0)
        // The records of those pages name no content any more: the next build parses them.
        try site.write("Content/reference/a.md", IncrementalShortcutTests.files["Content/reference/a.md"]!)
        try await IncrementalShortcutTests.expectSameAsFullBuild(site, round: 1)
    }

    /// Two packs swapped: every page read from them gets other bytes than its own, which
    /// do not match the checksum its record keeps.
    @Test func aSwappedPackIsNotBelieved() async throws {
        let site = try TemporarySite(files: IncrementalShortcutTests.files)
        _ = try await IncrementalShortcutTests.build(site)
        try site.write("Content/guide.md", IncrementalShortcutTests.files["Content/guide.md"]! + "\nMore text.\n")
        _ = try await IncrementalShortcutTests.build(site)
        let packs = Self.packs(site)
        try #require(packs.count >= 2)
        let (first, second) = (try Self.bytes(site, packs[0]), try Self.bytes(site, packs[1]))
        try Self.write(site, packs[0], second)
        try Self.write(site, packs[1], first)
        try Self.retitle(site)
        let report = try await IncrementalShortcutTests.expectSameAsFullBuild(
            site, round: 0, damage: "cache damaged, rebuilding ")
        #expect((Self.rebuilt(report) ?? 0) > 0)
    }

    /// The warning is said, but a strict build does not fail on it: the site has nothing
    /// wrong, and was built whole.
    @Test func aDamagedCacheDoesNotFailAStrictBuild() async throws {
        let site = try TemporarySite(files: ["Content/index.md": "# Home\n\nText.\n", "Content/a.md": "# A\n"])
        let strict = BuildOptions(isStrict: true)
        #expect(await site.build(strict).succeeded)
        var index = try Self.bytes(site, Self.cache + "index")
        index[index.count - 3] ^= 0x01
        try Self.write(site, Self.cache + "index", index)
        try site.write("Content/a.md", "# A\n\nEdited.\n")
        let build = await site.build(strict)
        #expect(build.succeeded)
        let warning = ".foldmark-cache/_site: warning: cache damaged, rebuilding 1 page"
        #expect(build.warnings.contains { $0.hasSuffix(warning) }, "\(build.warnings)")
    }
}
