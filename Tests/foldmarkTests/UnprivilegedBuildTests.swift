import FoldmarkTestSupport
import Foundation
import Testing

/// `foldmark build` run as a user without special rights, in a process of its own (root
/// reads and writes any file): what it prints when the system refuses it a file or folder,
/// and that the previous output stays. Run from the site's folder, it names the site's
/// files as the site does (`Content/a.png`).
@Suite struct UnprivilegedBuildTests {
    static let failed = "Build failed with 1 error; the output folder was not changed.\n"

    @Test(.enabled(if: ToolProcess.canRunUnprivileged, "running as root without setpriv: every file is readable"))
    func unreadableAssetIsAReadErrorNotAWriteError() async throws {
        let site = try TemporarySite(files: ["Content/index.md": "# Home\n", "Content/a.png": "png"])
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: site.root.path)
        let out = site.root.appending(path: "out")
        let asset = site.root.appending(path: "Content/a.png").path
        try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: asset)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: asset) }
        let run = try ToolProcess.run(
            ["build", site.root.path, "--out", out.path], in: site.root, unprivileged: true)
        #expect(run.status == 1)
        #expect(run.errors == "Content/a.png: error: cannot read the file: Permission denied\n" + Self.failed)
    }

    /// Root reads any file, so when the tests run as root foldmark runs as `nobody`.
    @Test(.enabled(if: ToolProcess.canRunUnprivileged, "running as root without setpriv: no file is unreadable"))
    func unreadableFileIsAnErrorAndKeepsThePreviousOutput() async throws {
        let site = try TemporarySite(files: ["Content/index.md": "# Home\n", "Content/secret.md": "# Secret\n"])
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: site.root.path)
        let out = site.root.appending(path: "out")
        #expect(try ToolProcess.run(["build", site.root.path, "--out", out.path], unprivileged: true).status == 0)
        let before = try FolderSnapshot.files(in: out)
        try site.write("Content/secret.md", "# Changed\n")
        try FileManager.default.setAttributes(
            [.posixPermissions: 0o000], ofItemAtPath: site.root.appending(path: "Content/secret.md").path)
        let run = try ToolProcess.run(
            ["build", site.root.path, "--out", out.path], in: site.root, unprivileged: true)
        #expect(run.status == 1)
        #expect(run.errors == "Content/secret.md: error: cannot read the file: Permission denied\n" + Self.failed)
        #expect(try FolderSnapshot.files(in: out) == before)
    }

    @Test(.enabled(if: ToolProcess.canRunUnprivileged, "running as root without setpriv: every folder is listable"))
    func unlistableFolderIsAnError() async throws {
        let site = try TemporarySite(files: ["Content/index.md": "# Home\n", "Content/guide/a.md": "# A\n"])
        let out = site.root.appending(path: "out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: out.path)
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: site.root.path)
        let guide = site.root.appending(path: "Content/guide").path
        try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: guide)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: guide) }
        let run = try ToolProcess.run(
            ["build", site.root.path, "--out", out.path], in: site.root, unprivileged: true)
        #expect(run.status == 1)
        #expect(run.errors == "Content/guide/: error: cannot list the folder: Permission denied\n" + Self.failed)
    }

    @Test(.enabled(if: ToolProcess.canRunUnprivileged, "running as root without setpriv: every folder is writable"))
    func unwritableOutputFolderIsAnErrorAndKeepsIt() async throws {
        let site = try TemporarySite(files: ["Content/index.md": "# Home\n"])
        let out = site.root.appending(path: "out")
        #expect(await ToolRun.run(["build", site.root.path, "--out", out.path]).status == 0)
        let before = try FolderSnapshot.files(in: out)
        try site.write("Content/index.md", "# Changed\n")
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: out.path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: out.path) }
        let run = try ToolProcess.run(["build", site.root.path, "--out", out.path], unprivileged: true)
        #expect(run.status == 1)
        #expect(
            run.errors == "\(out.path): error: cannot write to the output folder: Permission denied\n" + Self.failed)
        #expect(try FolderSnapshot.files(in: out) == before)
    }
}
