import Foundation
import FoldmarkTestSupport
import Testing

@testable import Basics

@Suite struct FileIOTests {
    @Test func readsEveryByteWhateverTheSize() throws {
        let site = try TemporarySite(files: [:])
        for size in [0, 1, 4095, 4096, 200_001] {
            let bytes = Data((0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31) })
            let url = site.root.appending(path: "f\(size)")
            try FileManager.default.createDirectory(at: site.root, withIntermediateDirectories: true)
            try bytes.write(to: url)
            guard case .success(let read) = FileIO.read(url.path) else {
                Issue.record("cannot read \(size) bytes")
                continue
            }
            #expect(read == bytes)
            // With a tail: the file's bytes, then the tail's, in one buffer.
            let tail = Data("tail".utf8)
            #expect(try FileIO.read(url.path, then: tail).get() == bytes + tail)
        }
        // A file that understates its size still gets its tail after all its bytes.
        let status = try FileIO.read("/proc/self/status", then: Data("!".utf8)).get()
        #expect(String(decoding: status, as: UTF8.self).contains("Name:"))
        #expect(status.last == UInt8(ascii: "!"))
    }

    /// An asset's copy: every byte (whatever the size), the source's permissions and
    /// modification time to the nanosecond (by which the next build finds it current),
    /// folders made on the way, a file in place replaced; a missing source is named.
    @Test func copiesBytesPermissionsAndModificationTime() throws {
        let site = try TemporarySite(files: [:])
        try FileManager.default.createDirectory(at: site.root, withIntermediateDirectories: true)
        for (size, mode) in [(0, 0o644), (1, 0o600), (200_001, 0o755), (3_000_000, 0o640)] {
            let bytes = Data((0..<size).map { UInt8(truncatingIfNeeded: $0 &* 7) })
            let source = site.root.appending(path: "source-\(size)").path
            try bytes.write(to: URL(fileURLWithPath: source))
            chmod(source, mode_t(mode))
            let times = [timespec(tv_sec: 1_600_000_000, tv_nsec: 123_456_789)]
            #expect(utimensat(AT_FDCWD, source, times + times, 0) == 0)
            let copy = site.root.appending(path: "a/b/copy-\(size)").path
            try FileIO.copy(source, toPath: copy)
            // Over a file in place, longer than the source for the small ones.
            try "something longer than the file was".write(toFile: copy, atomically: false, encoding: .utf8)
            try FileIO.copy(source, toPath: copy)
            // (FileIO, not FileManager.contents(atPath:), which leaks a buffer for an empty file.)
            #expect(try FileIO.read(copy).get() == bytes)
            var info = stat()
            #expect(stat(copy, &info) == 0)
            #expect(info.st_mode & 0o7777 == mode_t(mode))
            #expect(info.st_mtim.tv_sec == 1_600_000_000 && info.st_mtim.tv_nsec == 123_456_789)
        }
        let missing = #expect(throws: WriteFailure.self) {
            try FileIO.copy(site.root.path + "/missing", toPath: site.root.path + "/x")
        }
        #expect(missing.map { FileIO.describe($0) } == site.root.path + "/missing: No such file or directory")
        // Not through a symbolic link, nor from anything but a regular file.
        symlink(site.root.path + "/source-1", site.root.path + "/link")
        mkfifo(site.root.path + "/fifo", 0o644)
        for odd in ["link", "fifo", "a"] {
            #expect(throws: WriteFailure.self) {
                try FileIO.copy(site.root.path + "/" + odd, toPath: site.root.path + "/y")
            }
        }
    }

    /// A mapped file reads as the same bytes as a read one, with its tail behind it, on
    /// both sides of the size from which files are mapped and with tails that cross pages;
    /// a large file is mapped (its path is among the process's mappings while the bytes
    /// are held), and the bytes stay those read when the file is then replaced, as the
    /// cache's index is.
    @Test func aMappedFileHoldsTheSameBytesAsARead() throws {
        let site = try TemporarySite(files: [:])
        try FileManager.default.createDirectory(at: site.root, withIntermediateDirectories: true)
        let small = FileIO.smallestMapped
        for size in [0, 1, small - 1, small, small + 4095, 3 * small + 17] {
            let bytes = Data((0..<size).map { UInt8(truncatingIfNeeded: $0 &* 29 &+ 7) })
            let url = site.root.appending(path: "m\(size)")
            try bytes.write(to: url)
            for tail in [Data(), Data("tail".utf8), Data((0..<5000).map { UInt8(truncatingIfNeeded: $0) })] {
                let mapped = try FileIO.map(url.path, then: tail).get()
                #expect(mapped == bytes + tail, "\(size) bytes, a tail of \(tail.count)")
                let maps = try withExtendedLifetime(mapped) {
                    String(decoding: try FileIO.read("/proc/self/maps").get(), as: UTF8.self)
                }
                #expect(maps.contains(url.path) == (size >= small), "\(size) bytes")
            }
        }
        let url = site.root.appending(path: "replaced")
        let old = Data(repeating: 1, count: 2 * small)
        try old.write(to: url)
        let mapped = try FileIO.map(url.path, then: Data("!".utf8)).get()
        try Data(repeating: 2, count: 100).write(to: url, options: .atomic)
        #expect(mapped == old + Data("!".utf8))
        guard case .failure = FileIO.map(site.root.appending(path: "none").path) else {
            Issue.record("a missing file was mapped")
            return
        }
    }

    /// Files written and read through one open folder land where their paths say, as the
    /// tasks of a build switch folders, make missing ones, and fail as `open` would.
    @Test func anOpenFolderFollowsThePaths() throws {
        let site = try TemporarySite(files: ["a/x.md": "in a", "b/c/y.md": "in c"])
        let root = site.root.path
        var folder = OpenFolder()
        defer { folder.close() }
        let writes = [
            ("out/one.html", "1"), ("out/two.html", "2"), ("out/deep/er/three.html", "3"), ("out/four.html", "4"),
            ("out/deep/er/three.html", "3 again"),
        ]
        for (path, text) in writes {
            let written = Data(text.utf8).withUnsafeBytes { FileIO.write($0, toPath: root + "/" + path, in: &folder) }
            #expect(written, "\(path)")
        }
        for (path, text) in [("out/one.html", "1"), ("out/four.html", "4"), ("out/deep/er/three.html", "3 again")] {
            #expect(try String(contentsOfFile: root + "/" + path, encoding: .utf8) == text, "\(path)")
        }
        #expect(try FileIO.read(root + "/a/x.md", in: &folder).get() == Data("in a".utf8))
        #expect(try FileIO.read(root + "/b/c/y.md", in: &folder).get() == Data("in c".utf8))
        guard case .failure(let missing) = FileIO.read(root + "/b/c/none.md", in: &folder),
            case .failure(let noFolder) = FileIO.read(root + "/nowhere/none.md", in: &folder)
        else {
            Issue.record("read a file that is not there")
            return
        }
        #expect(missing.reason == String(cString: strerror(ENOENT)))
        #expect(noFolder.reason == String(cString: strerror(ENOENT)))
        #expect(try FileIO.read(root + "/a/x.md", in: &folder).get() == Data("in a".utf8))
    }

    /// Files in /proc say they are empty; their bytes come anyway.
    @Test func readsFilesThatUnderstateTheirSize() throws {
        guard case .success(let read) = FileIO.read("/proc/self/status") else {
            Issue.record("cannot read /proc/self/status")
            return
        }
        #expect(String(decoding: read, as: UTF8.self).contains("Name:"))
    }

    @Test func failuresNameTheReason() {
        guard case .failure(let failure) = FileIO.read("/") else {
            Issue.record("read a folder")
            return
        }
        #expect(failure.reason == "Is a directory")
        #expect(!FileIO.exists("/no/such/file"))
        #expect(FileIO.exists("/"))
    }

    @Test func comparesContents() throws {
        let site = try TemporarySite(files: ["a": "same", "b": "same", "c": "diff", "d": "longer"])
        func path(_ name: String) -> String { site.root.appending(path: name).path }
        #expect(FileIO.contentsEqual(path("a"), path("b")))
        #expect(!FileIO.contentsEqual(path("a"), path("c")))
        #expect(!FileIO.contentsEqual(path("a"), path("d")))
        #expect(!FileIO.contentsEqual(path("a"), path("missing")))
    }
}
