import Foundation
import FoldmarkTestSupport
import Testing

/// Ctrl-C (or SIGTERM) during `foldmark build`: it stops at the next page, publishes
/// nothing, removes its staging folder and says so, with exit status 130.
@Suite struct InterruptSignalTests {
    @Test(.enabled(if: ToolProcess.executable != nil, "no foldmark executable beside the tests"))
    func ctrlCStopsTheBuildWithStatus130() throws {
        let site = try TemporarySite(files: InterruptibleSite.files(pages: 1_500))
        let output = site.root.appending(path: "out")
        let arguments = ["build", site.root.path, "--out", output.path, "--jobs", "1"]
        #expect(try ToolProcess.run(arguments).status == 0)
        let before = try FolderSnapshot.files(in: output)
        let packs = site.files(under: ".foldmark-cache/out/packs")
        try site.write("foldmark.yml", "title: Renamed\n")
        // Interrupted once the build has made its staging folder: it is going through the
        // pages (1,500 of them, on one core).
        let run = try ToolProcess.run(arguments) {
            (try? InterruptibleSite.stagingFolders(beside: output).isEmpty) == false
        }
        #expect(run.status == 130, "\(run.output) \(run.errors)")
        #expect(run.errors == "Interrupted; the output folder was not changed.\n")
        #expect(run.output.isEmpty)
        #expect(try FolderSnapshot.files(in: output) == before)
        #expect(try InterruptibleSite.stagingFolders(beside: output).isEmpty)
        #expect(site.files(under: ".foldmark-cache/out/packs") == packs)
    }
}
