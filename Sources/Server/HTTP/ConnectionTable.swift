import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// The daemon's open connections, and how long each has gone without completing a
/// request: when a new connection would pass the limit, the one that has gone longest
/// makes room for it.
///
/// Slow clients that never finish their requests, each sending a byte now and then so
/// that the idle timeout never closes it, would otherwise hold every connection and leave
/// the next client waiting in the listen queue for good. A connection whose request is
/// being answered (a file still sending, a live-reload stream that lasts as long as its
/// page) is never chosen: its client has done its part. A connection that finished a
/// request and waits for the next one counts from the end of that request.
///
/// libmicrohttpd's own limit is set a little above ``limit`` (see ``HTTPDaemon``), so it
/// still accepts the connection that makes room; the chosen connection is shut down here
/// and closed by libmicrohttpd on its thread. If every connection is being answered, none
/// is dropped and libmicrohttpd's limit applies.
final class ConnectionTable: Sendable {
    private struct Entry {
        var socket: Int32
        /// When (in ``State/clock`` ticks) the connection started to wait for a complete
        /// request; nil while one is answered.
        var waitingSince: UInt64?
    }

    private struct State {
        var entries: [UInt: Entry] = [:]
        var clock: UInt64 = 0
    }

    let limit: Int
    private let state = Mutex(State())

    init(limit: Int) {
        self.limit = limit
    }

    /// libmicrohttpd accepted `connection`; if that makes more than ``limit``, shuts down
    /// the one that has gone longest without completing a request. That is never the new
    /// connection itself: if every other one is being answered, it stays, above the limit
    /// and within libmicrohttpd's.
    func opened(_ connection: OpaquePointer, socket: Int32) {
        state.withLock { state in
            let key = Self.key(connection)
            state.clock += 1
            state.entries[key] = Entry(socket: socket, waitingSince: state.clock)
            guard state.entries.count > limit else { return }
            let waiting = state.entries.compactMap { other, entry in
                other == key ? nil : entry.waitingSince.map { (other, $0) }
            }
            guard let (victim, _) = waiting.min(by: { $0.1 < $1.1 }),
                let entry = state.entries.removeValue(forKey: victim)
            else { return }
            // The socket stays open until libmicrohttpd closes it, which it does only after
            // telling ``closed(_:)``, under this same lock: the number is still this
            // connection's. Its thread then reads the end of the stream and closes it.
            shutdown(entry.socket, Int32(SHUT_RDWR))
        }
    }

    /// A response has been queued on `connection`.
    func answering(_ connection: OpaquePointer) {
        state.withLock { $0.entries[Self.key(connection)]?.waitingSince = nil }
    }

    /// The request on `connection` is complete; it waits for the next one from now on.
    func completed(_ connection: OpaquePointer) {
        state.withLock { state in
            guard state.entries[Self.key(connection)] != nil else { return }
            state.clock += 1
            state.entries[Self.key(connection)]?.waitingSince = state.clock
        }
    }

    func closed(_ connection: OpaquePointer) {
        _ = state.withLock { $0.entries.removeValue(forKey: Self.key(connection)) }
    }

    private static func key(_ connection: OpaquePointer) -> UInt {
        UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(connection)))
    }
}
