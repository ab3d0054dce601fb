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

    /// The daemon's address as a bit pattern (0 once stopped).
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

    /// Stops accepting, closes every connection and joins the threads. Idempotent. Every
    /// suspended connection (an ``EventStream`` waiting for news) must have been resumed
    /// first: libmicrohttpd refuses to stop with suspended connections.
    func stop() {
        let address = daemon.withLock { address in
            defer { address = 0 }
            return address
        }
        guard address != 0, let pointer = OpaquePointer(bitPattern: address) else { return }
        MicroHTTPD.functions.stop_daemon(pointer)
        context.release()
    }

    deinit {
        stop()
    }
}
