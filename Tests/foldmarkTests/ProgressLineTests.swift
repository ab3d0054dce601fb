import Foundation
import Site
import Synchronization
import FoldmarkTestSupport
import Testing

@testable import foldmark

@Suite struct ProgressLineTests {
    /// The build's time as the test sets it, and how many times the drawer has read it:
    /// the tests drive the line by its time, without sleeping through a second.
    final class BuildTime: Sendable {
        private let state: Mutex<(time: Duration, reads: Int)>
        init(_ time: Duration) { state = Mutex((time, 0)) }

        func read() -> Duration { state.withLock { $0.reads += 1; return $0.time } }
        func set(_ time: Duration) { state.withLock { $0.time = time } }
        var reads: Int { state.withLock { $0.reads } }
    }

    @Test func lineAppearsAfterTheFirstSecondAndIsErased() async throws {
        let output = CapturedOutput()
        let time = BuildTime(.milliseconds(900))
        let drawer = ProgressLine.Drawer(
            stream: output.stream, progress: BuildProgress(), columns: { nil }, elapsed: time.read)
        // The drawer has looked at the time twice, both times before the first second.
        try await HangGuard.wait(until: { time.reads >= 2 }, "the drawer never looked at the time")
        #expect(output.text.isEmpty)
        time.set(.milliseconds(1_400))
        try await HangGuard.wait(
            until: { output.text.contains("Building: listing the sources, 1.4 s") }, "no line after a second")
        drawer.stop()
        #expect(output.text.hasPrefix("\r\u{1B}[2KBuilding: listing the sources, 1.4 s"))
        #expect(output.text.hasSuffix("\r\u{1B}[2K"))
    }

    /// A build keeps every thread of Swift's pool of tasks busy with pages: the line must
    /// still be drawn while they are (it was drawn by a task of that pool, and a 100,000-page
    /// build showed nothing for the first 6 s, then jumped to "reading pages 99990/100000").
    @Test func lineIsDrawnWhileEveryThreadOfThePoolIsBusy() async {
        let output = CapturedOutput()
        let threads = max(2, ProcessInfo.processInfo.activeProcessorCount)
        let drawer = ProgressLine.Drawer(
            stream: output.stream, progress: BuildProgress(), columns: { nil }, elapsed: { .milliseconds(1_100) })
        let drawnWhileBusy = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<threads {
                group.addTask {
                    // Busy, never suspended, until the line is drawn: the pool has no thread
                    // to lend. A drawer that needed one hangs, and the guard ends the wait.
                    let end = ContinuousClock.now + HangGuard.duration
                    while ContinuousClock.now < end {
                        if output.text.contains("Building: listing the sources, 1.1 s") { return true }
                    }
                    return false
                }
            }
            return await group.allSatisfy { $0 }
        }
        drawer.stop()
        #expect(drawnWhileBusy, "hung: no line drawn while the pool was busy")
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
        let drawer = ProgressLine.Drawer(
            stream: output.stream, progress: BuildProgress(), columns: { 20 }, elapsed: { .milliseconds(1_250) })
        try await HangGuard.wait(until: { output.text.contains("Building") }, "no line drawn")
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
        let value = await ProgressLine(stream: output.stream, isTerminal: true).run(BuildProgress()) { 1 }
        #expect(value == 1)
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
