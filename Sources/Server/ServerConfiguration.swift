import FoundationEssentials

/// Where the preview server listens and how much it lets clients hold.
///
/// The defaults serve one writer's browser and survive far more: a thousand concurrent
/// connections, clients that disconnect mid-response, and slow clients that hold a
/// connection without finishing their request (they are dropped after ``idleTimeout``,
/// or sooner to make room for a new client once ``connectionLimit`` is reached).
public struct ServerConfiguration: Sendable, Hashable {
    /// A numeric address or a host name; the loopback address unless the user asks.
    public var host: String
    /// 0 picks a free port; ``PreviewServer/port`` tells which.
    public var port: UInt16
    /// Threads answering requests, each with its own poll loop.
    public var threads: Int
    /// Connections open at once. A new one past the limit takes the place of the one that
    /// has gone longest without completing a request; while all are being answered, one
    /// more a thread gets in and the rest wait in the listen queue. Lowered to what the
    /// process's open-file limit allows, and never below 16.
    public var connectionLimit: Int
    /// Seconds a connection may stay idle (no byte received or sent) before it is closed.
    public var idleTimeout: Int
    /// Bytes of memory per connection for the request's headers and buffers.
    public var memoryPerConnection: Int
    /// How often live-reload streams get a comment line, so that the server notices
    /// browsers that went away while their stream had nothing to send.
    public var heartbeat: Duration

    public init(
        host: String = "127.0.0.1", port: UInt16 = 8000,
        threads: Int = max(2, ProcessInfo.processInfo.activeProcessorCount), connectionLimit: Int = 2048,
        idleTimeout: Int = 15, memoryPerConnection: Int = 32 * 1024, heartbeat: Duration = .seconds(15)
    ) {
        self.host = host
        self.port = port
        self.threads = threads
        self.connectionLimit = connectionLimit
        self.idleTimeout = idleTimeout
        self.memoryPerConnection = memoryPerConnection
        self.heartbeat = heartbeat
    }
}
