import Foundation
import FoldmarkTestSupport
import Testing

/// `foldmark build` in a process of its own under a file size limit, as on a full disk:
/// the build fails, says where, and the previous output stays.
@Suite struct FileSizeLimitTests {
    /// A write that fails in the middle of a build, as on a full disk: every write past
    /// 128 KiB fails (RLIMIT_FSIZE), so the big page added for the second build cannot be
    /// staged. Works for any user, unlike a real full file system (see SiteTests' fullDiskKeepsThePreviousOutput).
    @Test(.enabled(if: ToolProcess.executable != nil, "no foldmark executable beside the tests"))
    func writeFailureMidBuildKeepsThePreviousOutput() async throws {
        let site = try TemporarySite(files: ["Content/index.md": "# Home\n", "Content/a.md": "# A\n"])
        let out = site.root.appending(path: "out")
        #expect(try ToolProcess.run(["build", site.root.path, "--out", out.path], fileSizeLimit: 256).status == 0)
        let before = try FolderSnapshot.files(in: out)
        try site.write("Content/a.md", "# A changed\n")
        try site.write("Content/big.md", "# Big\n\n" + String(repeating: "A line of a big page.\n", count: 20_000))
        let run = try ToolProcess.run(["build", site.root.path, "--out", out.path], fileSizeLimit: 256)
        #expect(run.status == 1)
        #expect(run.errors.contains("Content/big.md: error: cannot write its "), "\(run.errors)")
        #expect(run.errors.hasSuffix("; the output folder was not changed.\n"))
        #expect(try FolderSnapshot.files(in: out) == before)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: site.root.path).allSatisfy { !$0.contains("staging") })
    }

    /// The same when no page is large: the pages' content waits in the build cache's
    /// buffer, and writing that out fails when the first pass ends. The build fails before
    /// the layout, and the output stays as it was.
    @Test(.enabled(if: ToolProcess.executable != nil, "no foldmark executable beside the tests"))
    func bufferedCacheWriteFailureKeepsThePreviousOutput() async throws {
        let site = try TemporarySite(files: ["Content/index.md": "# Home\n"])
        let out = site.root.appending(path: "out")
        #expect(try ToolProcess.run(["build", site.root.path, "--out", out.path], fileSizeLimit: 128).status == 0)
        let before = try FolderSnapshot.files(in: out)
        for number in 0..<40 {
            try site.write(
                "Content/p\(number).md", "# Page \(number)\n\n" + String(repeating: "Some words of text. ", count: 150))
        }
        let run = try ToolProcess.run(["build", site.root.path, "--out", out.path, "--jobs", "1"], fileSizeLimit: 128)
        #expect(run.status == 1)
        #expect(run.errors.contains("packs: error: cannot write the build cache"), "\(run.errors)")
        #expect(try FolderSnapshot.files(in: out) == before)
    }
}
