import Synchronization

/// Whether the build under way should stop (Ctrl-C): its task is cancelled, or the process
/// was asked by a signal handler (``request()``). A build stops at its next page and
/// publishes nothing (see ``SiteBuilder/build(progress:)``).
///
/// A flag that a signal handler sets, not a task that a thread of its own cancels: a thread
/// waiting for signals, started by every build, would slow the smallest builds.
public enum BuildInterruption {
    private static let requested = Atomic<Bool>(false)

    /// Makes ``request()`` safe in a signal handler: the flag, like any global, is made at
    /// its first use, which must not be in the handler.
    public static func prepare() {
        _ = requested.load(ordering: .relaxed)
    }

    /// Asks every build of the process to stop; safe in a signal handler once ``prepare()``
    /// has run (an atomic store).
    public static func request() {
        requested.store(true, ordering: .relaxed)
    }

    /// Whether the calling task's build should stop.
    static var isRequested: Bool {
        Task.isCancelled || requested.load(ordering: .relaxed)
    }
}
