import Foundation

/// How long a test waits for something it expects before it fails, saying that what it
/// waited for hung: a guard against a hang, not a time limit. Tests do not time foldmark
/// (the benchmarks do), and a wait ends as soon as what it waits for comes, so the guard
/// is generous: a minute, five under AddressSanitizer (which
/// `scripts/leak-check.sh` runs with `FOLDMARK_SANITIZED` set), where every allocation is
/// checked and the tests run several times slower.
public enum HangGuard {
    public static let seconds: Double = ProcessInfo.processInfo.environment["FOLDMARK_SANITIZED"] == nil ? 60 : 300

    public static var duration: Duration { .seconds(seconds) }
}

extension HangGuard {
    /// What a test throws when what it waited for did not come within the guard.
    public struct Hung: Error, CustomStringConvertible {
        public var description: String
        public init(_ what: String) { description = "hung: " + what }
    }

    /// Returns once `condition` holds, looking every 20 ms (for a state that no event
    /// announces); throws, saying that `what` hung, if it still does not after the guard.
    public static func wait(until condition: () -> Bool, _ what: String) async throws {
        let deadline = ContinuousClock.now + duration
        while !condition() {
            guard ContinuousClock.now < deadline else { throw Hung("\(what) after \(duration)") }
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    /// Runs `work` on a thread of its own; throws, saying that `what` hung, if it has not
    /// returned after the guard (the thread is then left running).
    public static func run(_ what: String, _ work: @escaping @Sendable () -> Void) throws {
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            work()
            done.signal()
        }
        guard done.wait(timeout: .now() + seconds) == .success else {
            throw Hung("\(what) had not returned after \(duration)")
        }
    }
}
