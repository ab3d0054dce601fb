import Basics
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

    static var standardErrorIsTerminal: Bool {
        showsLine(isTerminal: isatty(STDERR_FILENO) == 1, term: getenv("TERM").map { String(cString: $0) })
    }

    /// The width of the terminal that standard error is, in columns; `nil` if unknown.
    static func standardErrorColumns() -> Int? {
        var size = winsize()
        guard ioctl(STDERR_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }

    /// `text` cut to fit a terminal `columns` wide, its last column left free: a line that
    /// reaches it wraps (or leaves the cursor there) on many terminals, and the next `\r`
    /// would then go back to the start of the second line only, leaving the first on the
    /// screen, every tenth of a second.
    static func fitted(_ text: String, columns: Int?) -> String {
        guard let columns, columns > 1, text.count >= columns else { return text }
        return String(text.prefix(columns - 1))
    }

    /// Whether the line goes to standard error: a terminal that takes its control sequences,
    /// not one whose `TERM` is `dumb` (Emacs' shell and compilation buffers), which shows them.
    static func showsLine(isTerminal: Bool, term: String?) -> Bool {
        isTerminal && term != "dumb"
    }

    /// Runs `work` while a thread of its own redraws the line every 100 ms (see ``Drawer``).
    func run<T: Sendable>(_ progress: BuildProgress, _ work: () async -> T) async -> T {
        guard isTerminal else { return await work() }
        let drawer = Drawer(stream: stream, progress: progress)
        let result = await work()
        drawer.stop()
        return result
    }

    /// The line of one build, redrawn every 100 ms from its first second on by a thread of
    /// its own until ``stop()``. Not a task: a build keeps every thread of Swift's pool busy
    /// with pages, and a task waiting for one drew nothing until the pages were done.
    final class Drawer: @unchecked Sendable {
        private let stream: OutputStream
        private let progress: BuildProgress
        /// The terminal's width, asked at every line (the window may be resized).
        private let columns: @Sendable () -> Int?
        private let start = ContinuousClock.now
        /// The build's time so far, which the line shows and which decides when it appears.
        private let elapsed: (@Sendable () -> Duration)?
        private let condition = Condition()
        private var isStopped = false
        private var isErased = false

        /// Starts drawing the line of the build that `progress` follows, on a terminal
        /// `columns` wide (standard error's by default). `elapsed` tells the build's time
        /// so far, for a build that started before its line (by default the time since
        /// this drawer started); the line is redrawn every 100 ms once it passes a second.
        init(
            stream: OutputStream, progress: BuildProgress,
            columns: @escaping @Sendable () -> Int? = { ProgressLine.standardErrorColumns() },
            elapsed: (@Sendable () -> Duration)? = nil
        ) {
            self.stream = stream
            self.progress = progress
            self.columns = columns
            self.elapsed = elapsed
            SystemThread.start(name: "foldmark-progress") { self.draw() }
        }

        private func draw() {
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
                let elapsed = self.elapsed?() ?? now - start
                guard elapsed > .seconds(1) else { continue }
                condition.unlock()
                let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
                let line = ProgressLine.text(progress.state, seconds: seconds)
                stream.printRaw("\r\u{1B}[2K" + ProgressLine.fitted(line, columns: columns()))
                drawn = true
                condition.lock()
            }
            condition.unlock()
            if drawn { stream.printRaw("\r\u{1B}[2K") }
            condition.lock()
            isErased = true
            condition.broadcast()
            condition.unlock()
        }

        /// Stops the drawing; returns once the line is erased (at once, or after the line
        /// being written), so that what is printed next starts a clean line. Idempotent.
        func stop() {
            condition.lock()
            isStopped = true
            condition.broadcast()
            while !isErased { condition.wait() }
            condition.unlock()
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
