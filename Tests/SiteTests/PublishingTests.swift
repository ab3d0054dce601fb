import FoldmarkTestSupport
import Foundation
import Testing

@testable import Basics
@testable import Site

#if canImport(Glibc)
    import Glibc
#endif

@Suite struct PublishingTests {
    /// An asset copied by ``FileIO/copy(_:toPath:)`` keeps its source's size and
    /// modification time, by which the next build finds its copy current.
    @Test func copiedAssetIsCurrent() throws {
        let site = try TemporarySite(files: ["Content/a.png": String(repeating: "png", count: 1000)])
        let source = site.root.appending(path: "Content/a.png").path
        let times = [timespec(tv_sec: 1_600_000_000, tv_nsec: 123_456_789)]
        #expect(utimensat(AT_FDCWD, source, times + times, 0) == 0)
        let copy = site.root.appending(path: "out/a.png").path
        #expect(!Publisher.isCopyCurrent(source: source, copy: copy))
        try FileIO.copy(source, toPath: copy)
        #expect(Publisher.isCopyCurrent(source: source, copy: copy))
        try site.write("Content/a.png", "changed")
        #expect(!Publisher.isCopyCurrent(source: source, copy: copy))
    }

    /// Only plain relative paths inside the output folder count: a tampered manifest
    /// cannot make a build delete anything outside it.
    @Test func manifestKeepsOnlyPathsInsideTheFolder() throws {
        let lines = [
            "a.html", "dir/b.html", "..", "../x", "dir/../../y", "dir/..", "/etc/passwd", "", "a..b.html", "dir/...",
            ".foldmark-manifest", "ü/c.html",
        ]
        let site = try TemporarySite(files: [".foldmark-manifest": lines.joined(separator: "\n") + "\n"])
        #expect(
            Manifest(parsing: Manifest.contents(at: site.root.appending(path: ".foldmark-manifest"))).files == [
                "a.html", "dir/b.html", "a..b.html", "dir/...", "ü/c.html",
            ])
    }
}
