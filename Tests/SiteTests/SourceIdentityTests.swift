@testable import Basics
import Foundation
import FoldmarkTestSupport
import Testing

@testable import Site

#if canImport(Glibc)
    import Glibc
#endif

/// A build trusts a source's recorded hash without reading it when `stat` says the file
/// is as it was (see ``SourceIdentity``): every edit must still reach the output.
@Suite struct SourceIdentityTests {
    static let files = IncrementalShortcutTests.files

    /// Rewrites the file in place (same inode) and sets its modification time to `seconds`.
    static func rewrite(_ site: TemporarySite, _ path: String, _ text: String, modified seconds: Int) throws {
        let full = site.root.appending(path: path).path
        #expect(FileIO.write(text, toPath: full))
        try setModified(site, path, seconds)
    }

    static func setModified(_ site: TemporarySite, _ path: String, _ seconds: Int) throws {
        let full = site.root.appending(path: path).path
        // Access time left alone, modification time set, as `touch -m -d` does.
        var times = [
            timespec(tv_sec: 0, tv_nsec: (1 << 30) - 2) /* UTIME_OMIT */, timespec(tv_sec: seconds, tv_nsec: 0),
        ]
        #expect(utimensat(AT_FDCWD, full, &times, 0) == 0)
    }

    /// Waits (up to about two seconds) until a build would trust the file's identity: a wait
    /// on the file system's clock, whose times some file systems keep in whole seconds or
    /// two (see ``SourceIdentity/settledTime()``), not a time limit; it can only end later
    /// on a loaded machine, never too soon.
    static func waitUntilSettled(_ site: TemporarySite, _ path: String) async throws {
        let full = site.root.appending(path: path).path
        while try #require(SourceIdentity(path: full)).isSettled(before: SourceIdentity.settledTime()) == false {
            try await Task.sleep(for: .milliseconds(100))
        }
    }

    /// The identity field of `source`'s record in the cache index of `_site`: "" when the
    /// record keeps none, `nil` when there is no record.
    static func identityField(_ site: TemporarySite, _ source: String) throws -> String? {
        let index = try FileIO.read(site.root.appending(path: ".foldmark-cache/_site/index").path).get()
        for record in index.split(separator: CachedPage.recordSeparator, omittingEmptySubsequences: false).dropFirst() {
            // The fields, then the record's checksum; the identity is the 21st field.
            let fields = record.split(separator: CachedPage.fieldSeparator, omittingEmptySubsequences: false)
            guard fields.count == CachedPage.fieldCount + 1, fields[0].elementsEqual(source.utf8) else { continue }
            return String(decoding: fields[20], as: UTF8.self)
        }
        return nil
    }

    @Test func unchangedSourcesAreNotReadAgain() async throws {
        let site = try TemporarySite(files: Self.files)
        try Self.setModified(site, "Content/guide.md", 1_600_000_000)
        try await Self.waitUntilSettled(site, "Content/guide.md")
        _ = try await IncrementalShortcutTests.build(site)
        #expect(try Self.identityField(site, "guide.md")?.isEmpty == false)
        // Unreadable, but unchanged as far as `stat` shows but for its mode, which moves
        // the change time: read, and the build fails.
        let guide = site.root.appending(path: "Content/guide.md").path
        #expect(chmod(guide, 0) == 0)
        defer { chmod(guide, 0o644) }
        if access(guide, R_OK) != 0 {  // (root reads it anyway)
            let build = await site.build()
            #expect(!build.succeeded)
            #expect(build.errors.contains { $0.contains("Content/guide.md") })
        }
    }

    /// Same size, same inode, modification time set back (`touch -d`): only the change
    /// time tells, and it must.
    @Test func sameSizeEditWithRestoredModificationTimeIsSeen() async throws {
        let site = try TemporarySite(files: Self.files)
        let old = "---\norder: 1\n---\n# Guide\n\n## Install\n\nOld body.\n"
        let new = "---\norder: 1\n---\n# Guide\n\n## Install\n\nNew body.\n"
        try Self.rewrite(site, "Content/guide.md", old, modified: 1_600_000_000)
        try await Self.waitUntilSettled(site, "Content/guide.md")
        _ = try await IncrementalShortcutTests.build(site)
        #expect(try Self.identityField(site, "guide.md")?.isEmpty == false)
        try Self.rewrite(site, "Content/guide.md", new, modified: 1_600_000_000)
        let report = try await IncrementalShortcutTests.expectSameAsFullBuild(site, round: 0)
        #expect(report.written.contains("guide.html"))
        #expect(try site.read("_site/guide.html").contains("New body."))
    }

    /// A file whose times are not older than the start of the build could be edited again
    /// within the same tick of the clock without changing them: its record keeps no
    /// identity, so the next build reads it.
    @Test func sourceTouchedAtOrAfterTheBuildStartIsReadAgain() async throws {
        let site = try TemporarySite(files: Self.files)
        let future = Int(Date().timeIntervalSince1970) + 3600
        let old = "---\norder: 1\n---\n# Guide\n\n## Install\n\nOld body.\n"
        let new = "---\norder: 1\n---\n# Guide\n\n## Install\n\nNew body.\n"
        try Self.rewrite(site, "Content/guide.md", old, modified: future)
        _ = try await IncrementalShortcutTests.build(site)
        #expect(try Self.identityField(site, "guide.md") == "")
        try Self.rewrite(site, "Content/guide.md", new, modified: future)
        _ = try await IncrementalShortcutTests.expectSameAsFullBuild(site, round: 0)
        #expect(try site.read("_site/guide.html").contains("New body."))
        #expect(try Self.identityField(site, "guide.md") == "")
    }

    @Test func identityReadsBackAsWritten() throws {
        let identity = SourceIdentity(
            size: 12, modified: -1_000_000_001, changed: 1_700_000_000_123_456_789, inode: .max, device: 0)
        let bytes = identity.encoded(separator: CachedPage.partSeparator)
        // Lowercase hexadecimal without leading zeros, as the records of earlier builds have it.
        let plain = SourceIdentity(size: 255, modified: 16, changed: 0, inode: 1, device: 0x1234_abcd)
        #expect(String(decoding: plain.encoded(separator: UInt8(ascii: " ")), as: UTF8.self) == "ff 10 0 1 1234abcd")
        #expect(
            String(decoding: identity.encoded(separator: UInt8(ascii: " ")), as: UTF8.self)
                == [12, UInt64(bitPattern: -1_000_000_001), 1_700_000_000_123_456_789, .max, 0]
                .map { String($0, radix: 16) }.joined(separator: " "))
        #expect(
            bytes.withUnsafeBufferPointer { SourceIdentity(decoding: $0, separator: CachedPage.partSeparator) }
                == identity)
        for bad in [
            "", "1\u{1C}2\u{1C}3\u{1C}4", "1\u{1C}2\u{1C}3\u{1C}4\u{1C}x", "1\u{1C}2\u{1C}3\u{1C}4\u{1C}\u{1C}5",
            "1\u{1C}2\u{1C}3\u{1C}4\u{1C}5\u{1C}", "1\u{1C}2\u{1C}3\u{1C}4\u{1C}5\u{1C}6",
            "1\u{1C}2\u{1C}3\u{1C}4\u{1C}" + String(repeating: "f", count: 17),
        ] {
            let bytes = Array(bad.utf8)
            #expect(
                bytes.withUnsafeBufferPointer { SourceIdentity(decoding: $0, separator: CachedPage.partSeparator) }
                    == nil)
        }
    }
}
