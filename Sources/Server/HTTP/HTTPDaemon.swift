internal import CMicroHTTPD
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A running libmicrohttpd daemon that answers every request with one handler.
///
/// libmicrohttpd parses HTTP and owns the connections: a pool of threads, each with its
/// own poll loop, accepts from one listening socket, enforces the connection limit and
/// the idle timeout, and calls ``Handler`` for each request. The C callbacks reach the
/// handler through a context pointer: an `Unmanaged` reference to a ``Context``, retained
/// from the start of the daemon to the end of ``stop()``.
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
        init(handler: @escaping Handler) { self.handler = handler }
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
        let context = Unmanaged.passRetained(Context(handler: handler))
        var flags = MHD_USE_INTERNAL_POLLING_THREAD.rawValue | MHD_USE_POLL.rawValue
        flags |= MHD_ALLOW_SUSPEND_RESUME.rawValue
        if socket.isIPv6 { flags |= MHD_USE_IPv6.rawValue }
        let started = MicroHTTPD.withFunctions { functions in
            foldmark_mhd_start(
                functions, flags, socket.descriptor, Self.accessHandler, Self.logURI, context.toOpaque(),
                UInt32(max(1, limits.threads)), UInt32(max(1, limits.connections)), UInt32(max(1, limits.idleTimeout)),
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

    /// Called by libmicrohttpd when a request line has arrived, before it cuts the query
    /// off the target: measures the target for ``RequestLine``.
    private static let logURI: foldmark_mhd_uri_logger = { _, uri, _ in
        RequestState.started(targetLength: uri.map { strlen($0) } ?? 0).slot
    }

    /// Called by libmicrohttpd once the headers of a request have arrived, again for each
    /// part of a request body, and a last time when the request is complete. GET and HEAD
    /// are answered at that last call: answering earlier would make libmicrohttpd close
    /// the connection instead of keeping it alive for the next request. Any other method,
    /// and a request line with a NUL byte in it, is refused at the first call, without
    /// reading what it sends.
    private static let accessHandler: MHD_AccessHandlerCallback = {
        context, connection, url, method, version, _, uploadSize, requestSlot in
        guard let context, let connection, let url, let method, let version, let requestSlot else { return .NO }
        switch RequestState(requestSlot.pointee) {
        case .started(let targetLength):
            if RequestLine.holdsNUL(method: method, target: url, version: version, targetLength: targetLength) {
                requestSlot.pointee = RequestState.answered.slot
                return ResponseQueue.queue(.text(400, "Bad Request"), on: connection)
            }
            if strcmp(method, "GET") == 0 || strcmp(method, "HEAD") == 0 {
                requestSlot.pointee = RequestState.waiting.slot
                return .YES
            }
        case .waiting:
            if let uploadSize, uploadSize.pointee > 0 {
                uploadSize.pointee = 0  // a body: discarded
                return .YES
            }
        case .answered:
            uploadSize?.pointee = 0  // more of a body: discarded
            return .YES
        }
        requestSlot.pointee = RequestState.answered.slot
        let daemon = Unmanaged<Context>.fromOpaque(context).takeUnretainedValue()
        let request = HTTPRequest(
            method: String(cString: method), target: String(cString: url),
            headers: values(of: connection, kind: .HEADER_KIND, lowercasingKeys: true),
            query: values(of: connection, kind: .GET_ARGUMENT_KIND, lowercasingKeys: false))
        return ResponseQueue.queue(daemon.handler(request), on: connection)
    }

    private static func values(of connection: OpaquePointer, kind: MHD_ValueKind, lowercasingKeys: Bool)
        -> [String: String]
    {
        var collected = ValueCollector(lowercasesKeys: lowercasingKeys)
        withUnsafeMutablePointer(to: &collected) { pointer in
            _ = MicroHTTPD.functions.get_connection_values(
                connection, kind,
                { context, _, key, value in
                    guard let context, let key else { return .YES }
                    let collector = context.assumingMemoryBound(to: ValueCollector.self)
                    let name = String(cString: key)
                    collector.pointee.values[collector.pointee.lowercasesKeys ? name.lowercased() : name] =
                        value.map { String(cString: $0) } ?? ""
                    return .YES
                }, pointer)
        }
        return collected.values
    }

    private struct ValueCollector {
        var lowercasesKeys: Bool
        var values: [String: String] = [:]
    }
}
