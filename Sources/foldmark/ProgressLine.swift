import FoundationEssentials
import Site

#if canImport(Glibc)
    import Glibc
#endif

/// The one updating line a build shows on a terminal: `Building: writing pages 1234/10000, 3.1 s`.
/// It appears only on a terminal, only after the first second, and is erased when the
/// build ends, so logs and pipes never see control characters.
struct ProgressLine {
    var stream: OutputStream
    var isTerminal: Bool

    static var standardErrorIsTerminal: Bool { isatty(STDERR_FILENO) == 1 }

    /// Runs `work` while a thread of its own redraws the line every 100 ms. Not a task: a
    /// build keeps every thread of Swift's pool busy with pages, and a task waiting for one
    /// drew nothing until the pages were done.
    func run<T: Sendable>(_ progress: BuildProgress, _ work: () async -> T) async -> T {
        guard isTerminal else { return await work() }
        let drawer = Drawer(stream: stream, progress: progress)
        SystemThread.start(name: "foldmark-progress") { drawer.draw() }
        let result = await work()
        await drawer.stop()
        return result
    }

    /// The drawing thread's state, under one lock.
    private final class Drawer: @unchecked Sendable {
        private let stream: OutputStream
        private let progress: BuildProgress
        private let start = ContinuousClock.now
        private let condition = Condition()
        private var isStopped = false
        /// Resumed once the line is erased, by the drawing thread.
        private var stopped: CheckedContinuation<Void, Never>?

        init(stream: OutputStream, progress: BuildProgress) {
            self.stream = stream
            self.progress = progress
        }

        /// The thread's loop: from the first second on, draws the line every 100 ms until
        /// ``stop()``, then erases it.
        func draw() {
            var drawn = false
            var next = start + .milliseconds(100)
            condition.lock()
            while !isStopped {
                let now = ContinuousClock.now
                guard now >= next else {
                    condition.wait(timeout: now.duration(to: next))
                    continue
                }
                next = now + .milliseconds(100)
                let elapsed = now - start
                guard elapsed > .seconds(1) else { continue }
                condition.unlock()
                let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
                stream.printRaw("\r\u{1B}[2K" + ProgressLine.text(progress.state, seconds: seconds))
                drawn = true
                condition.lock()
            }
            let stopped = stopped
            condition.unlock()
            if drawn { stream.printRaw("\r\u{1B}[2K") }
            stopped?.resume()
        }

        /// Stops the drawing; returns once the line is erased.
        func stop() async {
            await withCheckedContinuation { continuation in
                condition.lock()
                stopped = continuation
                isStopped = true
                condition.broadcast()
                condition.unlock()
            }
        }
    }

    /// The line for `state` after `seconds`: what the build is doing, and for the steps
    /// that go page by page, the pages done and the pages in all.
    static func text(_ state: (step: BuildProgress.Step, done: Int, total: Int), seconds: Double) -> String {
        let what: String
        switch state.step {
        case .listing: what = "listing the sources"
        case .reading: what = "reading pages \(state.done)/\(state.total)"
        case .checking: what = "checking links and making the navigation"
        case .writing: what = "writing pages \(state.done)/\(state.total)"
        case .finishing: what = "finishing (search index, output folder, cache)"
        }
        return "Building: " + what + ", " + NumberText.fixed(seconds, digits: 1) + " s"
    }
}
