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

    /// Runs `work` while a background task redraws the line every 100 ms.
    func run<T: Sendable>(_ progress: BuildProgress, _ work: () async -> T) async -> T {
        guard isTerminal else { return await work() }
        let start = ContinuousClock.now
        let stream = stream
        let drawer = Task {
            var drawn = false
            while !Task.isCancelled {
                try? await Task.sleep(for: .milliseconds(100))
                let elapsed = ContinuousClock.now - start
                guard elapsed > .seconds(1) else { continue }
                let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
                stream.printRaw("\r\u{1B}[2K" + Self.text(progress.state, seconds: seconds))
                drawn = true
            }
            if drawn { stream.printRaw("\r\u{1B}[2K") }
        }
        let result = await work()
        drawer.cancel()
        _ = await drawer.value
        return result
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
