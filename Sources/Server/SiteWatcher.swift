import Basics
import FoundationEssentials
import Site
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Watches a site's sources with inotify (`Content/` and `Templates/` with every folder
/// in them, and `foldmark.yml`) and reports each burst of changes once it has settled.
///
/// One thread sleeps in `poll` until the kernel has news, so watching costs nothing while
/// nothing changes. An editor's save is often several events (a temporary file, a rename,
/// a change of attributes); they are gathered until ``debounce`` passes without another,
/// but never for longer than ``longestDelay``, and reported as one element of
/// ``changes``. Changes that arrive while the consumer is busy (rebuilding) collapse into
/// one pending element. Names starting with `.` (editors' swap files) are ignored, as the
/// build ignores them.
public final class SiteWatcher: Sendable {
    /// One element per settled burst of changes; finishes after ``stop()``.
    public let changes: AsyncStream<Void>
    public let debounce: Duration
    public let longestDelay: Duration

    /// The write end of the pipe that wakes the thread to stop; -1 once stopped.
    private let stopSignal: Mutex<Int32>

    /// Starts watching. Every folder is watched when `init` returns, so a change made
    /// right after is seen.
    public init(
        root: URL, debounce: Duration = .milliseconds(100), longestDelay: Duration = .seconds(1),
        warning: @escaping @Sendable (String) -> Void = { _ in }
    ) throws(ServerError) {
        self.debounce = debounce
        self.longestDelay = longestDelay
        let inotify = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard inotify >= 0 else { throw ServerError("cannot watch \(root.path): \(String(cString: strerror(errno)))") }
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else {
            close(inotify)
            throw ServerError("cannot watch \(root.path): \(String(cString: strerror(errno)))")
        }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        stopSignal = Mutex(ends[1])
        let (stream, continuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        changes = stream
        var watches = WatchList(inotify: inotify, root: root.standardizedFileURL.path, warning: warning)
        watches.watchSite()
        let loop = EventLoop(
            inotify: inotify, stopSignal: ends[0], watches: watches, debounce: debounce, longestDelay: longestDelay,
            continuation: continuation)
        SystemThread.start(name: "foldmark-watch") { loop.run() }
    }

    /// Stops watching and finishes ``changes`` (a burst still settling is dropped). Idempotent.
    public func stop() {
        stopSignal.withLock { descriptor in
            guard descriptor >= 0 else { return }
            var byte: UInt8 = 1
            _ = write(descriptor, &byte, 1)
            close(descriptor)
            descriptor = -1
        }
    }

    deinit {
        stop()
    }

    /// The watching thread's loop: everything it uses is its own.
    private struct EventLoop: Sendable {
        let inotify: Int32
        let stopSignal: Int32
        let watches: WatchList
        let debounce: Duration
        let longestDelay: Duration
        let continuation: AsyncStream<Void>.Continuation

        func run() {
            var watches = watches
            var buffer = [UInt8](repeating: 0, count: 64 * 1024)
            var descriptors = [
                pollfd(fd: inotify, events: Int16(POLLIN), revents: 0),
                pollfd(fd: stopSignal, events: Int16(POLLIN), revents: 0),
            ]
            let clock = ContinuousClock()
            var first: ContinuousClock.Instant?
            var due: ContinuousClock.Instant?
            while true {
                var timeout: Int32 = -1
                if let due {
                    let (seconds, attoseconds) = clock.now.duration(to: due).components
                    timeout = Int32(clamping: max(0, seconds * 1000 + attoseconds / 1_000_000_000_000_000 + 1))
                }
                let ready = poll(&descriptors, 2, timeout)
                if ready < 0 && errno != EINTR { break }
                if descriptors[1].revents != 0 { break }
                if descriptors[0].revents != 0 && watches.drain(&buffer) {
                    let now = clock.now
                    let start = first ?? now
                    first = start
                    due = min(now + debounce, start + longestDelay)
                }
                if let settled = due, clock.now >= settled {
                    continuation.yield()
                    first = nil
                    due = nil
                }
            }
            close(inotify)
            close(stopSignal)
            continuation.finish()
        }
    }
}
