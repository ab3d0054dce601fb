import FoundationEssentials
import Site

#if canImport(Glibc)
    import Glibc
#endif

/// An HTTP server for a built site's output folder, with live reload.
///
/// It serves the folder as it is on disk at each request, so a build that moves new files
/// into place is visible at once; ``buildSucceeded(changed:)`` and ``buildFailed(_:)``
/// tell the browsers. The server runs on libmicrohttpd's threads from `init` until
/// ``stop()``.
public final class PreviewServer: Sendable {
    public let configuration: ServerConfiguration
    /// The port the server listens on (the system's choice when asked for port 0).
    public let port: UInt16
    /// The address to open in a browser: `http://127.0.0.1:8000/`.
    public let url: URL

    private let hub: EventHub
    private let daemon: HTTPDaemon
    private let heartbeat: Task<Void, Never>

    /// Starts serving `output`, which must exist.
    public init(serving output: URL, configuration: ServerConfiguration = ServerConfiguration()) throws(ServerError) {
        self.configuration = configuration
        let files = try StaticFiles(root: output)
        let connections = Self.allowConnections(configuration.connectionLimit)
        let socket = try ListeningSocket(
            host: configuration.host, port: configuration.port, backlog: Int32(clamping: connections))
        let hub = EventHub()
        let router = PreviewRouter(files: files, hub: hub)
        daemon = try HTTPDaemon(
            socket: socket,
            limits: .init(
                threads: configuration.threads, connections: connections, idleTimeout: configuration.idleTimeout,
                memoryPerConnection: configuration.memoryPerConnection)
        ) { request in
            router.respond(to: request)
        }
        self.hub = hub
        port = socket.port
        let host = configuration.host.isEmpty ? "localhost" : configuration.host
        url = URL(string: "http://\(ListeningSocket.authority(host: host, port: socket.port))/")!
        let interval = configuration.heartbeat
        heartbeat = Task.detached { [hub] in
            while !Task.isCancelled {
                try? await Task.sleep(for: interval)
                hub.heartbeat()
            }
        }
    }

    /// A build succeeded: `changed` are the output files it wrote or removed. Pages
    /// among them reload; every page drops its error overlay.
    public func buildSucceeded(changed: [String]) {
        hub.buildSucceeded(changed: changed)
    }

    /// A build failed: every page shows `errors` over the last good build.
    public func buildFailed(_ errors: [SiteError]) {
        hub.buildFailed(errors)
    }

    /// Live-reload streams open now; for tests.
    public var liveReloadConnections: Int { hub.streamCount }

    /// Ends the live-reload streams, closes every connection and the listening socket,
    /// and joins the server's threads. Idempotent.
    public func stop() {
        heartbeat.cancel()
        hub.close()
        daemon.stop()
    }

    deinit {
        stop()
    }

    /// Raises the soft limit on open files as far as the hard limit allows, so that the
    /// connection limit can be reached (each connection is a descriptor, and a file being
    /// sent is another); returns the number of connections that fit.
    private static func allowConnections(_ wanted: Int) -> Int {
        let needed = rlim_t(wanted * 2 + 64)
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return min(wanted, 400) }
        if limit.rlim_cur < needed {
            var raised = limit
            raised.rlim_cur = min(needed, limit.rlim_max)
            if setrlimit(Int32(RLIMIT_NOFILE.rawValue), &raised) == 0 { limit = raised }
        }
        return max(16, min(wanted, Int((limit.rlim_cur - 64) / 2)))
    }
}
