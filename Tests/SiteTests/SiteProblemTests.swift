import FoldmarkTestSupport
import Foundation
import Testing

@testable import Site

/// The errors and warnings that other suites do not reach, each made by what causes it:
/// the words foldmark prints for it, and its reason.
@Suite struct SiteProblemTests {
    static let failed = "Build failed with 1 error; the output folder was not changed.\n"

    /// A build of `site` into `output` (under the site's folder).
    private static func build(
        _ site: TemporarySite, into output: String = "_site"
    ) async throws -> Result<BuildReport, BuildFailure> {
        let builder = SiteBuilder(site: try SiteFolder(at: site.root), output: site.root.appending(path: output))
        do throws(BuildFailure) {
            return .success(try await builder.build())
        } catch {
            return .failure(error)
        }
    }

    private static func errors(
        building site: TemporarySite, into output: String = "_site"
    ) async throws -> [SiteError] {
        guard case .failure(let failure) = try await build(site, into: output) else { return [] }
        return failure.errors
    }

    private static func warnings(building site: TemporarySite) async throws -> [String] {
        try await build(site).get().warnings.map(\.description)
    }

    /// Adds bytes to the end of `file`, which its checksum then no longer matches.
    private static func damage(_ file: URL) throws {
        let handle = try FileHandle(forWritingTo: file)
        defer { try? handle.close() }
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("garbage".utf8))
    }

    @Test func brokenTemplateIsAnErrorAtItsPlace() async throws {
        let site = try TemporarySite(files: [
            "Content/a.md": "# A\n", "Templates/page.html": "<html>{{#x}}\n{{/y}}</html>\n",
        ])
        let errors = try await Self.errors(building: site)
        #expect(
            errors.map(\.description) == [
                "Templates/page.html:2:1: error: closing tag 'y' does not match section 'x' opened at 1:7"
            ])
        guard case .theme(let error)? = errors.first?.reason else {
            Issue.record("not a theme's error: \(errors)")
            return
        }
        #expect(error.file == "page.html")
    }

    @Test func outputFolderUnderAFileCannotBeCreated() async throws {
        let site = try TemporarySite(files: ["Content/a.md": "# A\n", "file.txt": "x"])
        let errors = try await Self.errors(building: site, into: "file.txt/out")
        let output = site.root.appending(path: "file.txt/out").path
        #expect(errors.map(\.description) == ["\(output): error: cannot create the output folder"])
        #expect(errors.first?.reason == .fileSystem(.createOutputFolder, nil))
    }

    @Test func starterFileThatCannotBeWrittenIsNamed() throws {
        let site = try TemporarySite(files: ["Content": "a file where the folder goes"])
        let error = #expect(throws: SiteError.self) { try SiteInitializer.create(at: site.root, force: true) }
        let file = site.root.appending(path: "Content/index.md").path
        #expect(error?.description == file + ": error: cannot write: File exists")
    }

    /// With no Markdown page, a cache whose index is damaged has no page to build again.
    @Test func damagedCacheOfASiteWithoutPagesIsRebuilt() async throws {
        let site = try TemporarySite(files: ["Content/a.png": "png"])
        _ = try await Self.build(site).get()
        let cache = site.root.appending(path: ".foldmark-cache/_site")
        for file in ["index", "sources"] { try Self.damage(cache.appending(path: file)) }
        try site.write("Content/a.png", "png")
        #expect(try await Self.warnings(building: site) == ["\(cache.path): warning: cache damaged, rebuilding it"])
    }

    @Test func damagedStampMeansEveryPageIsLookedAt() async throws {
        let site = try TemporarySite(files: ["Content/a.md": "# A\n"])
        _ = try await Self.build(site).get()
        let cache = site.root.appending(path: ".foldmark-cache/_site")
        try Self.damage(cache.appending(path: "stamp"))
        #expect(
            try await Self.warnings(building: site) == [
                "\(cache.path): warning: cache damaged, checking every page again"
            ])
    }

    @Test func twoFilesOnAFullDiskAreOneErrorAndOneMoreFile() {
        let full = (0..<2).map { SiteError(file: "Content/p\($0).md", cannot: .writePage, code: ENOSPC) }
        #expect(
            SiteError.collapsingDiskFailures(full).map(\.description) == [
                "Content/p0.md: error: cannot write its page: No space left on device (and 1 more file for the same reason)"
            ])
    }

    // MARK: Writes that fail (every write past 128 KiB, see `ToolProcess.run`)

    @Test(.enabled(if: ToolProcess.executable != nil, "no foldmark executable beside the tests"))
    func themeFileThatCannotBeWrittenIsNamed() throws {
        let site = try TemporarySite(files: [
            "Content/a.md": "# A\n", "Templates/style.css": String(repeating: "a", count: 300_000),
        ])
        let run = try ToolProcess.run(["build", site.root.path, "--jobs", "1"], fileSizeLimit: 256)
        #expect(run.status == 1)
        #expect(run.errors.hasPrefix(site.root.appending(path: "_site/_foldmark/style-").path), "\(run.errors)")
        #expect(run.errors.hasSuffix(".css: error: cannot write the theme's file: File too large\n" + Self.failed))
    }

    @Test(
        .enabled(if: ToolProcess.executable != nil, "no foldmark executable beside the tests"),
        arguments: [
            ("search: false\n", "content"),
            ("", "search terms"),
        ])
    func pageThatCannotBeWrittenToTheCacheIsNamed(config: String, what: String) throws {
        let lines = (1...20_000).map { "Line \($0) of a big page with words w\($0).\n" }
        let site = try TemporarySite(files: ["foldmark.yml": config, "Content/big.md": "# Big\n" + lines.joined()])
        let run = try ToolProcess.run(["build", site.root.path, "--jobs", "1"], in: site.root, fileSizeLimit: 256)
        #expect(run.status == 1)
        #expect(
            run.errors == "Content/big.md: error: cannot write its \(what) to the build cache: File too large\n"
                + Self.failed)
    }

    // MARK: Folders that cannot be made

    @Test(.enabled(if: ToolProcess.canRunUnprivileged, "running as root without setpriv: every folder is writable"))
    func buildCacheThatCannotBeCreatedIsNamed() throws {
        let site = try TemporarySite(files: ["Content/a.md": "# A\n"])
        let cache = site.root.appending(path: ".foldmark-cache")
        try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: site.root.path)
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: cache.path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: cache.path) }
        let out = site.root.appending(path: "out")
        let run = try ToolProcess.run(["build", site.root.path, "--out", out.path], unprivileged: true)
        #expect(run.status == 1)
        #expect(
            run.errors == "\(cache.path)/out: error: cannot create the build cache: Permission denied\n" + Self.failed)
    }

    @Test(.enabled(if: ToolProcess.canRunUnprivileged, "running as root without setpriv: every folder is writable"))
    func stagingFolderThatCannotBeMadeIsNamed() throws {
        let site = try TemporarySite(files: ["Content/a.md": "# A\n"])
        let box = site.root.appending(path: "box")
        // The output and its cache folder (where the lock is) can be written, not their parent.
        let cache = box.path + "/.foldmark-cache"
        try FileManager.default.createDirectory(atPath: cache + "/out", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: box.appending(path: "out"), withIntermediateDirectories: true)
        for (path, mode) in [
            (site.root.path, 0o777), (box.path + "/out", 0o777), (cache, 0o777), (cache + "/out", 0o777),
            (box.path, 0o555),
        ] {
            try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: path)
        }
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: box.path) }
        let run = try ToolProcess.run(["build", site.root.path, "--out", box.path + "/out"], unprivileged: true)
        #expect(run.status == 1)
        #expect(run.errors.hasPrefix(box.path + "/.out.foldmark-staging-"), "\(run.errors)")
        #expect(
            run.errors.hasSuffix(
                ": error: cannot make the build's staging folder beside the output folder: Permission denied\n"
                    + Self.failed))
    }
}
