import FoldmarkTestSupport
import Foundation
import Testing

@testable import Site

#if canImport(Glibc)
    import Glibc
#endif

/// The output folder holds only what the site serves: the manifest and the lock are beside
/// it, and without a manifest a build replaces or removes no file that it cannot tell is
/// foldmark's (see ``EarlierOutput``).
@Suite struct OutputOwnershipTests {
    static let manifest = ".foldmark-cache/_site/manifest"
    static let unlisted =
        "error: no manifest says foldmark wrote this file (.foldmark-cache/_site/manifest beside the output "
        + "folder is missing or damaged), so it will not replace it; delete the output folder if it holds only an "
        + "earlier build, or move the file away"

    static func site(_ extra: [String: String] = [:]) throws -> TemporarySite {
        try TemporarySite(
            files: [
                "Content/index.md": "# Home\n", "Content/two.md": "# Two\n", "Content/a/b.md": "# B\n",
                "Content/img/x.png": "png",
            ].merging(extra) { $1 })
    }

    static func deleteCache(_ site: TemporarySite) throws {
        try FileManager.default.removeItem(at: site.root.appending(path: ".foldmark-cache"))
    }

    @Test func aBuiltOutputHoldsNoFileOrFolderNamedWithADot() async throws {
        let site = try Self.site()
        #expect(await site.build().succeeded)
        try site.write("Content/two.md", "# Two, changed\n")
        #expect(await site.build().succeeded)
        let entries =
            FileManager.default.enumerator(atPath: site.root.appending(path: "_site").path)?
            .compactMap { $0 as? String } ?? []
        #expect(entries.contains("a/b.html"))
        #expect(entries.filter { $0.split(separator: "/").contains { $0.hasPrefix(".") } } == [])
        #expect(site.exists(Self.manifest) && site.exists(".foldmark-cache/_site/lock"))
        #expect(try site.read(Self.manifest).split(separator: "\n").contains("a/b.html"))
    }

    /// The cache folder deleted ("clean the cache"), pages edited since: the folder holds
    /// only files this build writes, the theme's among them, so it is the site's.
    @Test func withoutTheCacheAFolderOfTheBuildsFilesIsTakenAsAnEarlierBuild() async throws {
        let site = try Self.site()
        #expect(await site.build().succeeded)
        try Self.deleteCache(site)
        try site.write("Content/index.md", "# Home, changed\n")
        let build = await site.build()
        #expect(build.succeeded, "\(build.errors)")
        #expect(try site.read("_site/index.html").contains("Home, changed"))
        #expect(site.exists(Self.manifest))
        // Its new manifest lists every file: the next build prunes those whose source went.
        try FileManager.default.removeItem(at: site.root.appending(path: "Content/two.md"))
        #expect(await site.build().report.removed == ["two.html"])
    }

    /// With a file the build does not write (the user's `CNAME`, or a page of a removed
    /// source), nothing says which files are foldmark's: files with the build's own bytes
    /// stay, no file is replaced or removed, and the user's files stay.
    @Test func withoutTheCacheAFolderWithOtherFilesHasNothingReplaced() async throws {
        let site = try Self.site()
        #expect(await site.build().succeeded)
        try site.write("_site/CNAME", "docs.example.org")
        try Self.deleteCache(site)
        let same = await site.build()
        #expect(same.succeeded && same.written == [], "\(same.errors)")
        #expect(site.exists(Self.manifest))

        try Self.deleteCache(site)
        try FileManager.default.removeItem(at: site.root.appending(path: "Content/two.md"))
        try site.write("Content/index.md", "# Home, changed\n")
        let before = try FolderSnapshot.files(in: site.root.appending(path: "_site"))
        let build = await site.build()
        #expect(!build.succeeded)
        #expect(build.errors.count == 1 && build.errors[0].hasSuffix(": " + Self.unlisted), "\(build.errors)")
        #expect(build.errors[0].hasPrefix(site.root.appending(path: "_site").path + "/"))
        #expect(try FolderSnapshot.files(in: site.root.appending(path: "_site")) == before)
        #expect(!site.exists(Self.manifest))

        // As the message says: the folder deleted, the next build makes it again.
        try FileManager.default.removeItem(at: site.root.appending(path: "_site"))
        #expect(await site.build().succeeded)
        #expect(!site.exists("_site/two.html"))
    }

    /// A manifest that does not verify counts as missing: one changed to name the user's
    /// file would otherwise have it removed.
    @Test func aDamagedManifestIsNotBelieved() async throws {
        let site = try Self.site()
        #expect(await site.build().succeeded)
        try site.write("_site/mine.html", "the user's")
        let manifest = try site.read(Self.manifest)
        try site.write(Self.manifest, manifest.replacingOccurrences(of: "two.html", with: "mine.html"))
        try FileManager.default.removeItem(at: site.root.appending(path: "Content/two.md"))
        let build = await site.build()
        #expect(build.errors.count == 1 && build.errors[0].hasSuffix(": " + Self.unlisted), "\(build.errors)")
        #expect(try site.read("_site/mine.html") == "the user's")
    }

    /// A folder of someone else's that holds only files at paths the build writes (an
    /// `index.html` of their own) is not taken for an earlier build: it has no theme files.
    @Test func aFolderNotMadeByFoldmarkIsNotTakenAsOne() async throws {
        let site = try Self.site(["_site/index.html": "the user's page"])
        let build = await site.build()
        #expect(build.errors == [site.root.appending(path: "_site/index.html").path + ": " + Self.unlisted])
        #expect(try site.read("_site/index.html") == "the user's page")
        #expect(site.files(under: "_site") == ["index.html"])
    }

    /// An output folder built by a foldmark that kept its manifest and lock inside it: the
    /// manifest is read once (so a page whose source went is pruned), then both files go.
    @Test func anOutputWithTheManifestInsideIsMovedToTheOneBesideIt() async throws {
        let site = try Self.site()
        #expect(await site.build().succeeded)
        try site.write("_site/.foldmark-manifest", try site.read(Self.manifest))
        try site.write("_site/.foldmark-lock", "")
        try Self.deleteCache(site)
        try site.write("_site/mine.html", "the user's")
        try FileManager.default.removeItem(at: site.root.appending(path: "Content/two.md"))
        let build = await site.build()
        #expect(build.succeeded, "\(build.errors)")
        #expect(build.report.removed == ["two.html"])
        #expect(!site.exists("_site/.foldmark-manifest") && !site.exists("_site/.foldmark-lock"))
        #expect(try site.read("_site/mine.html") == "the user's")
        #expect(try !site.read(Self.manifest).contains("two.html"))
        #expect(try site.read(Self.manifest).contains("index.html"))
    }

    /// A build of such a foldmark may still be running: its lock, inside the output
    /// folder, is taken too.
    @Test func theLockInsideAnOlderOutputIsTakenToo() async throws {
        let site = try Self.site(["_site/.foldmark-lock": ""])
        let descriptor = open(site.root.appending(path: "_site/.foldmark-lock").path, O_RDWR)
        defer { close(descriptor) }
        #expect(flock(descriptor, LOCK_EX | LOCK_NB) == 0)
        let build = await site.build()
        let locked = "error: another foldmark build is writing to this folder (locked: .foldmark-lock)"
        #expect(build.errors == [site.root.appending(path: "_site").path + ": " + locked])
        #expect(site.files(under: "_site") == [".foldmark-lock"])
    }

    /// A build whose cache is dropped whole writes only its own cache folder: the
    /// manifest and lock of another output beside it stay.
    @Test func aDroppedCacheLeavesAnotherOutputsManifest() async throws {
        let site = try Self.site()
        #expect(await site.build().succeeded)
        #expect(await site.build(into: "other").succeeded)
        let other = try site.read(".foldmark-cache/other/manifest")
        try site.write(".foldmark-cache/_site/index", "damaged")
        try site.write("Content/index.md", "# Home, changed\n")
        let build = await site.build()
        #expect(build.succeeded && build.warnings.contains { $0.contains("cache damaged") }, "\(build.warnings)")
        #expect(try site.read(".foldmark-cache/other/manifest") == other)
        #expect(site.exists(".foldmark-cache/other/lock"))
        try site.write("Content/index.md", "# Home\n")
        #expect(await site.build(into: "other").written == [])
    }

    /// `--out` on another file system than the site: the staging folder, the cache folder
    /// and the manifest are beside the output, on its file system. And with the cache
    /// folder a link to a third one, the manifest is copied into place whole.
    @Test func anOutputOnAnotherFileSystemKeepsItsManifestBesideIt() async throws {
        try await Tmpfs.withMount(size: "4m", test: "anOutputOnAnotherFileSystemKeepsItsManifestBesideIt") { mount in
            let site = try Self.site()
            let output = mount.appending(path: "out")
            #expect(await site.build(output: output).succeeded)
            try site.write("Content/index.md", "# Home, changed\n")
            #expect(await site.build(output: output).written.contains("index.html"))
            #expect(FileManager.default.fileExists(atPath: mount.appending(path: ".foldmark-cache/out/manifest").path))
            #expect(try FileManager.default.contentsOfDirectory(atPath: output.path).allSatisfy { !$0.hasPrefix(".") })

            let linked = site.root.appending(path: "linked")
            try FileManager.default.createDirectory(at: linked, withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(
                at: linked.appending(path: ".foldmark-cache"), withDestinationURL: mount.appending(path: "cache"))
            try FileManager.default.createDirectory(
                at: mount.appending(path: "cache"), withIntermediateDirectories: true)
            #expect(await site.build(output: linked.appending(path: "_site")).succeeded)
            try FileManager.default.removeItem(at: site.root.appending(path: "Content/two.md"))
            let build = await site.build(output: linked.appending(path: "_site"))
            #expect(build.report.removed == ["two.html"], "\(build.errors)")
            let manifest = try String(contentsOf: mount.appending(path: "cache/_site/manifest"), encoding: .utf8)
            #expect(!manifest.contains("two.html") && manifest.contains("index.html"))
        }
    }
}
