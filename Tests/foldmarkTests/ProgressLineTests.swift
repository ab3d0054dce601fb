import Foundation
import Site
import FoldmarkTestSupport
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
        #expect(output.text.hasPrefix("\r\u{1B}[2KBuilding: listing the sources, "))
        let seconds = output.text.dropFirst("\r\u{1B}[2KBuilding: listing the sources, ".count).prefix(while: {
            $0 != " "
        })
        #expect((Double(seconds) ?? 0) >= 1.0)
        #expect(output.text.hasSuffix("\r\u{1B}[2K"))
    }

    /// A build keeps every thread of Swift's pool of tasks busy with pages: the line must
    /// still be drawn while they are (it was drawn by a task of that pool, and a 100,000-page
    /// build showed nothing for the first 6 s, then jumped to "reading pages 99990/100000").
    @Test func lineIsDrawnWhileEveryThreadOfThePoolIsBusy() async {
        let output = CapturedOutput()
        let threads = max(2, ProcessInfo.processInfo.activeProcessorCount)
        let drawnWhileBusy = await ProgressLine(stream: output.stream, isTerminal: true).run(BuildProgress()) {
            await withTaskGroup(of: Bool.self) { group in
                for _ in 0..<threads {
                    group.addTask {
                        // Busy, never suspended, for 1.3 s: the pool has no thread to lend (the line
                        // is drawn from 1.1 s on).
                        let end = ContinuousClock.now + .milliseconds(1_300)
                        while ContinuousClock.now < end {}
                        return output.text.contains("Building: listing the sources, 1.")
                    }
                }
                return await group.allSatisfy { $0 }
            }
        }
        #expect(drawnWhileBusy)
        #expect(output.text.hasSuffix("\r\u{1B}[2K"))
    }

    @Test func lineNamesTheStepAndCountsItsPages() {
        #expect(ProgressLine.text((.listing, 0, 0), seconds: 1.04) == "Building: listing the sources, 1.0 s")
        #expect(ProgressLine.text((.reading, 812, 10_000), seconds: 1.25) == "Building: reading pages 812/10000, 1.2 s")
        #expect(
            ProgressLine.text((.checking, 0, 0), seconds: 2.0)
                == "Building: checking links and making the navigation, 2.0 s")
        #expect(
            ProgressLine.text((.writing, 9_999, 10_002), seconds: 3.46) == "Building: writing pages 9999/10002, 3.5 s")
        #expect(
            ProgressLine.text((.finishing, 10_002, 10_002), seconds: 4)
                == "Building: finishing (search index, output folder, cache), 4.0 s")
    }

    /// On a narrow terminal the line is cut before the last column: a line that wrapped
    /// left its first part on the screen at every redraw.
    @Test func lineFitsTheTerminal() async throws {
        let text = "Building: finishing (search index, output folder, cache), 12.3 s"
        #expect(ProgressLine.fitted(text, columns: 40) == String(text.prefix(39)))
        #expect(ProgressLine.fitted(text, columns: text.count) == String(text.dropLast()))
        #expect(ProgressLine.fitted(text, columns: text.count + 1) == text)
        #expect(ProgressLine.fitted(text, columns: nil) == text)
        #expect(ProgressLine.fitted(text, columns: 1) == text)
        let output = CapturedOutput()
        let drawer = ProgressLine.Drawer(stream: output.stream, progress: BuildProgress(), columns: { 20 })
        try await Task.sleep(for: .milliseconds(1_250))
        drawer.stop()
        let lines = output.text.components(separatedBy: "\r\u{1B}[2K").filter { !$0.isEmpty }
        #expect(!lines.isEmpty)
        #expect(lines.allSatisfy { $0 == "Building: listing t" })
    }

    @Test func dumbTerminalsGetNoLine() {
        #expect(ProgressLine.showsLine(isTerminal: true, term: "xterm-256color"))
        #expect(ProgressLine.showsLine(isTerminal: true, term: nil))
        #expect(!ProgressLine.showsLine(isTerminal: true, term: "dumb"))
        #expect(!ProgressLine.showsLine(isTerminal: false, term: "xterm-256color"))
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
