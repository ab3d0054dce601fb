internal import CMicroHTTPD
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A running libmicrohttpd daemon that answers every request with one handler.
///
/// libmicrohttpd parses HTTP and owns the connections: a pool of threads, each with its
/// own poll loop, accepts from one listening socket, enforces the idle timeout, and calls
/// ``Handler`` for each request. The C callbacks (`HTTPDaemon+Callbacks.swift`) reach the
/// handler through a context pointer: an `Unmanaged` reference to a ``Context``, retained
/// from the start of the daemon to the end of ``stop()``.
///
/// The connection limit is the ``ConnectionTable``'s, which drops a slow client to make
/// room for a new one. libmicrohttpd's own limit is one connection a thread above it: it
/// splits its limit evenly between the threads, and a thread at its share stops accepting,
/// so with at most ``Limits/connections`` open, some thread still has room for the next.
///
/// The loop is `poll`, not epoll. libmicrohttpd 0.9.75 (Debian 12's) reads epoll events
/// 128 at a time and, after a full batch, asks for more with the idle timeout as its
/// limit before it handles any: a burst of exactly 128, 256, … requests that arrived
/// while the thread was busy then waits the whole idle timeout for its answers
/// (`EventLoopTests`). `poll` looks at each of a thread's connections on every turn; with
/// 64 kept-alive clients it answered as many requests a second as epoll did.
final class HTTPDaemon: Sendable {
    typealias Handler = @Sendable (HTTPRequest) -> HTTPResponse

    struct Limits: Sendable {
        var threads: Int
        var connections: Int
        var idleTimeout: Int
        var memoryPerConnection: Int
    }

    final class Context: Sendable {
        let handler: Handler
        let connections: ConnectionTable

        init(handler: @escaping Handler, connections: ConnectionTable) {
            self.handler = handler
            self.connections = connections
        }

        /// The context behind the pointer that libmicrohttpd passes to each callback.
        static func from(_ pointer: UnsafeMutableRawPointer) -> Context {
            Unmanaged<Context>.fromOpaque(pointer).takeUnretainedValue()
        }
    }

    /// The daemon's address as a bit pattern (0 once stopped). ``stop()`` holds the lock
    /// until the daemon has stopped.
    private let daemon: Mutex<UInt>
    private let context: Unmanaged<Context>

    /// Starts answering on `socket`, which the daemon then owns and closes when it stops.
    init(socket: ListeningSocket, limits: Limits, handler: @escaping Handler) throws(ServerError) {
        do {
            try MicroHTTPD.load()
        } catch {
            close(socket.descriptor)
            throw error
        }
        let threads = max(1, limits.threads)
        let connections = ConnectionTable(limit: max(1, limits.connections))
        let context = Unmanaged.passRetained(Context(handler: handler, connections: connections))
        var flags = MHD_USE_INTERNAL_POLLING_THREAD.rawValue | MHD_USE_POLL.rawValue
        flags |= MHD_ALLOW_SUSPEND_RESUME.rawValue
        if socket.isIPv6 { flags |= MHD_USE_IPv6.rawValue }
        let started = MicroHTTPD.withFunctions { functions in
            foldmark_mhd_start(
                functions, flags, socket.descriptor, Self.callbacks, context.toOpaque(), UInt32(threads),
                UInt32(connections.limit + threads), UInt32(max(1, limits.idleTimeout)),
                max(4096, limits.memoryPerConnection))
        }
        guard let started else {
            context.release()
            close(socket.descriptor)
            throw ServerError("libmicrohttpd could not start a server on port \(socket.port)")
        }
        self.context = context
        daemon = Mutex(UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(started))))
    }

    /// Stops accepting, closes every connection and joins the threads; returns once all
    /// that is done, whoever called first. Every suspended connection (an ``EventStream``
    /// waiting for news) must have been resumed first: libmicrohttpd aborts the process
    /// when it stops with a suspended connection.
    ///
    /// `foldmark serve` stops its server from two threads at once: the one that reads
    /// Ctrl-C, and the main task, whose loop ends as the watching stops. The lock is held
    /// through `MHD_stop_daemon`, so the second caller waits for the first: it does not
    /// go on (to print "Stopped." and exit) while the connections are still being closed
    /// and libmicrohttpd's threads still call back into the handler.
    func stop() {
        daemon.withLock { address in
            guard address != 0, let pointer = OpaquePointer(bitPattern: address) else { return }
            MicroHTTPD.functions.stop_daemon(pointer)
            context.release()
            address = 0
        }
    }

    deinit {
        stop()
    }
}
