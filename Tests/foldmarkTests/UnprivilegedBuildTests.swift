import Foundation
import FoldmarkTestSupport
import Testing

/// `foldmark build` run as a user without special rights, in a process of its own: what it
/// prints when the system refuses it a file.
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
        let run = try ToolProcess.run(["build", site.root.path, "--out", out.path], unprivileged: true)
        #expect(run.status == 1)
        #expect(run.errors == "Content/a.png: error: cannot read the file: Permission denied\n" + Self.failed)
    }
}
