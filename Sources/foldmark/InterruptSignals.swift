import Basics
import FoundationEssentials
import Site
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Ctrl-C (SIGINT) and SIGTERM as calls of a Swift function on a thread of its own
/// (``handle(_:)``, for `foldmark serve`), or for a build as a flag that it reads between
/// pages (``interruptBuilds(exitingWith:)``, which starts no thread).
///
/// A signal goes to whichever thread does not block it, and the runtime's threads differ
/// in what they block (the main thread waits for signals with none blocked), so neither
/// `sigwait` nor a dispatch signal source sees every one. A process-wide handler does:
/// it only writes a byte to a pipe (`write` is safe in a signal handler), and one thread,
/// started once, reads the pipe and calls the handler given last.
enum InterruptSignals {
    static let numbers = [SIGINT, SIGTERM]

    /// Calls `handler` with 1 for the first signal from now, 2 for the second, and so on.
    static func handle(_ handler: @escaping @Sendable (Int) -> Void) {
        signalReceiver.install(handler)
        var action = sigaction()
        action.__sigaction_handler = .init(sa_handler: { _ in
            var byte: UInt8 = 1
            _ = write(signalReceiver.pipe.write, &byte, 1)
        })
        sigemptyset(&action.sa_mask)
        action.sa_flags = SA_RESTART
        for number in numbers { sigaction(number, &action, nil) }
    }

    /// For a build, with no thread and no pipe: the first signal asks the build to stop
    /// (``BuildInterruption/request()``, an atomic store), a second ends the process with
    /// `status` at once (`_exit`): both safe in a signal handler.
    static func interruptBuilds(exitingWith status: Int32) {
        BuildInterruption.prepare()
        interruptedExitStatus.store(status, ordering: .relaxed)
        _ = interruptsSeen.load(ordering: .relaxed)
        var action = sigaction()
        action.__sigaction_handler = .init(sa_handler: { _ in
            if interruptsSeen.add(1, ordering: .relaxed).newValue > 1 {
                _exit(interruptedExitStatus.load(ordering: .relaxed))
            }
            BuildInterruption.request()
        })
        sigemptyset(&action.sa_mask)
        action.sa_flags = SA_RESTART
        for number in numbers { sigaction(number, &action, nil) }
    }

    /// Puts back the default action (a later signal ends the process), after
    /// ``interruptBuilds(exitingWith:)``.
    static func restoreDefaultAction() {
        for number in numbers { signal(number, SIG_DFL) }
    }

    /// Puts back the default action and forgets the handler, after ``handle(_:)``.
    static func restore() {
        restoreDefaultAction()
        signalReceiver.install(nil)
    }
}

/// The signals seen by ``InterruptSignals/interruptBuilds(exitingWith:)``'s handler, and the
/// exit status for the second.
private let interruptsSeen = Atomic<Int>(0)
private let interruptedExitStatus = Atomic<Int32>(1)

/// The pipe from the signal handler, and the thread that reads it.
private final class SignalReceiver: Sendable {
    private struct State {
        var handler: (@Sendable (Int) -> Void)?
        var count = 0
        var isReading = false
    }

    let pipe: (read: Int32, write: Int32)
    private let state = Mutex(State())

    init() {
        var ends: [Int32] = [-1, -1]
        if Glibc.pipe(&ends) == 0 {
            for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        }
        pipe = (ends[0], ends[1])
    }

    func install(_ handler: (@Sendable (Int) -> Void)?) {
        let startsReading = state.withLock { state in
            state.handler = handler
            state.count = 0
            defer { state.isReading = true }
            return !state.isReading
        }
        if startsReading { SystemThread.start { self.read() } }
    }

    private func read() {
        var byte: UInt8 = 0
        while true {
            let result = Glibc.read(pipe.read, &byte, 1)
            if result < 0 && errno == EINTR { continue }
            guard result == 1 else { return }
            let (handler, count) = state.withLock { state in
                state.count += 1
                return (state.handler, state.count)
            }
            handler?(count)
        }
    }
}

/// Made before any handler can run, so the handler only reads it.
private let signalReceiver = SignalReceiver()
