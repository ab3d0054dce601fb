import Basics
import FoundationEssentials
import Site
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Ctrl-C (SIGINT) and SIGTERM as a call of a Swift function on a thread of its own
/// (``handle(exitingOnSecondWith:_:)``, for `foldmark serve`), or for a build as a flag that
/// it reads between pages (``interruptBuilds(exitingWith:)``, which starts no thread).
/// Either way a second signal ends the process at once, from the signal handler itself.
///
/// A signal goes to whichever thread does not block it, and the runtime's threads differ
/// in what they block (the main thread waits for signals with none blocked), so neither
/// `sigwait` nor a dispatch signal source sees every one. A process-wide handler does:
/// it only writes a byte to a pipe (`write` is safe in a signal handler), and one thread,
/// started once, reads the pipe and calls the handler given last.
enum InterruptSignals {
    static let numbers = [SIGINT, SIGTERM]

    /// Calls `handler` on the pipe's thread for the first signal from now; a second one
    /// ends the process with `status` (`_exit`) in the signal handler, whatever that thread
    /// is doing then: `handler` may wait (for the server's threads to end, say) without
    /// keeping the second Ctrl-C from working.
    static func handle(exitingOnSecondWith status: Int32, _ handler: @escaping @Sendable () -> Void) {
        signalReceiver.install(handler)
        interruptedExitStatus.store(status, ordering: .relaxed)
        interruptsSeen.store(0, ordering: .relaxed)
        install { _ in
            countInterrupt()
            var byte: UInt8 = 1
            _ = write(signalReceiver.pipe.write, &byte, 1)
        }
    }

    /// For a build, with no thread and no pipe: the first signal asks the build to stop
    /// (``BuildInterruption/request()``, an atomic store), a second ends the process with
    /// `status` at once (`_exit`): both safe in a signal handler.
    static func interruptBuilds(exitingWith status: Int32) {
        BuildInterruption.prepare()
        interruptedExitStatus.store(status, ordering: .relaxed)
        _ = interruptsSeen.load(ordering: .relaxed)
        install { _ in
            countInterrupt()
            BuildInterruption.request()
        }
    }

    /// Puts back the default action (a later signal ends the process), after
    /// ``interruptBuilds(exitingWith:)``.
    static func restoreDefaultAction() {
        for number in numbers { signal(number, SIG_DFL) }
    }

    /// Forgets the handler of ``handle(exitingOnSecondWith:_:)`` and puts back the default
    /// action; but once a signal has come, the next still ends the process with the status
    /// given, as a second one did before: serve returns after Ctrl-C and the process exits
    /// just after, and a second Ctrl-C in between must not kill it by the default action.
    static func restore() {
        signalReceiver.install(nil)
        if interruptsSeen.load(ordering: .relaxed) > 0 {
            install { _ in _exit(interruptedExitStatus.load(ordering: .relaxed)) }
        } else {
            restoreDefaultAction()
        }
    }

    /// `handler` for every signal of ``numbers``, with system calls it interrupts restarted.
    private static func install(_ handler: @escaping @convention(c) (Int32) -> Void) {
        var action = sigaction()
        action.__sigaction_handler = .init(sa_handler: handler)
        sigemptyset(&action.sa_mask)
        action.sa_flags = SA_RESTART
        for number in numbers { sigaction(number, &action, nil) }
    }
}

/// The signals seen by the handlers of ``InterruptSignals``, and the exit status for the second.
private let interruptsSeen = Atomic<Int>(0)
private let interruptedExitStatus = Atomic<Int32>(1)

/// Counts a signal, and ends the process at the second: an atomic add and `_exit`, both
/// safe in a signal handler.
private func countInterrupt() {
    if interruptsSeen.add(1, ordering: .relaxed).newValue > 1 {
        _exit(interruptedExitStatus.load(ordering: .relaxed))
    }
}

/// The pipe from the signal handler, and the thread that reads it.
private final class SignalReceiver: Sendable {
    private struct State {
        var handler: (@Sendable () -> Void)?
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

    func install(_ handler: (@Sendable () -> Void)?) {
        let startsReading = state.withLock { state in
            state.handler = handler
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
            state.withLock { $0.handler }?()
        }
    }
}

/// Made before any handler can run, so the handler only reads it.
private let signalReceiver = SignalReceiver()
