import Foundation
import Site
import Testing

@testable import foldmark

@Suite struct ProgressLineTests {
    @Test func terminalShowsAnUpdatingLineAfterOneSecondAndErasesIt() async {
        let output = CapturedOutput()
        let progress = BuildProgress()
        let value = await ProgressLine(stream: output.stream, isTerminal: true).run(progress) {
            try? await Task.sleep(for: .milliseconds(1_400))
            return 7
        }
        #expect(value == 7)
        // The first line comes after at least a second (later on a busy machine).
        #expect(output.text.hasPrefix("\r\u{1B}[2KBuilding: 0/0 steps, "))
        let seconds = output.text.dropFirst("\r\u{1B}[2KBuilding: 0/0 steps, ".count).prefix(while: { $0 != " " })
        #expect((Double(seconds) ?? 0) >= 1.0)
        #expect(output.text.hasSuffix("\r\u{1B}[2K"))
    }

    @Test func quickWorkShowsNothing() async {
        let output = CapturedOutput()
        _ = await ProgressLine(stream: output.stream, isTerminal: true).run(BuildProgress()) { 1 }
        #expect(output.text.isEmpty)
    }

    @Test func notATerminalMeansNoControlCharacters() async throws {
        let site = try TemporarySite(files: ["Content/index.md": "# Home\n"])
        let run = await ToolRun.run(["build", site.root.path])
        #expect(run.status == 0)
        #expect(!(run.output + run.errors).contains("\u{1B}"))
        #expect(!(run.output + run.errors).contains("\r"))
    }

    @Test func quietPrintsNothingButErrors() async throws {
        let site = try TemporarySite(files: ["Content/index.md": "# Home\n[x](missing.md)\n"])
        let run = await ToolRun.run(["build", site.root.path, "--quiet"])
        #expect(run.status == 0)
        #expect(run.output.isEmpty && run.errors.isEmpty)
        try site.write("Content/index.md", "# A {#x}\n# B {#x}\n")
        let failed = await ToolRun.run(["build", site.root.path, "--quiet"])
        #expect(failed.status == 1)
        #expect(failed.errors.contains("Content/index.md:2: error: duplicate section id 'x'"))
    }
}
