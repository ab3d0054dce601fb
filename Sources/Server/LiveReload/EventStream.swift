internal import CMicroHTTPD
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// One browser's Server-Sent Events connection: the bytes waiting to be sent to it, and
/// whether libmicrohttpd holds the connection suspended because there was nothing to send.
///
/// libmicrohttpd asks ``read(into:capacity:)`` for more bytes from its own threads. With
/// nothing to send, the stream suspends its connection (answering "0 bytes" without
/// suspending would make libmicrohttpd ask again at once, burning a core); ``send(_:)``
/// and ``close()`` resume it. Both happen under one lock, so a message cannot slip in
/// between "nothing to send" and "suspended" and then wait forever.
///
/// A suspended connection is only ever resumed by the stream, and libmicrohttpd never
/// closes a suspended connection, so the connection pointer is valid whenever the stream
/// uses it; ``detach()`` (libmicrohttpd is done with the response) clears it.
final class EventStream: Sendable {
    /// Bytes a client may fall behind by before it is dropped: a browser tab that stopped
    /// reading must not make the server's memory grow.
    static let backlogLimit = 256 * 1024

    private struct State {
        var pending: [UInt8]
        /// The `MHD_Connection` address while a response streams to it, else 0.
        var connection: UInt = 0
        var isSuspended = false
        var isClosed = false
    }

    private let state: Mutex<State>
    private let onDetach: @Sendable (EventStream) -> Void

    /// `initial` is sent first; `onDetach` runs once libmicrohttpd is done with the stream.
    init(initial: [UInt8], onDetach: @escaping @Sendable (EventStream) -> Void) {
        state = Mutex(State(pending: initial))
        self.onDetach = onDetach
    }

    func attach(_ connection: OpaquePointer) {
        state.withLock { $0.connection = UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(connection))) }
    }

    /// Called by libmicrohttpd on one of its threads: copies what is waiting into `buffer`,
    /// or ends the stream (-1) once it is closed, or suspends the connection and returns 0.
    func read(into buffer: UnsafeMutablePointer<CChar>, capacity: Int) -> Int {
        state.withLock { state in
            if !state.pending.isEmpty {
                let count = min(capacity, state.pending.count)
                state.pending.withUnsafeBytes { bytes in
                    UnsafeMutableRawPointer(buffer).copyMemory(from: bytes.baseAddress!, byteCount: count)
                }
                state.pending.removeFirst(count)
                return count
            }
            guard !state.isClosed, let connection = OpaquePointer(bitPattern: state.connection) else {
                return -1  // MHD_CONTENT_READER_END_OF_STREAM
            }
            // libmicrohttpd does not watch a suspended connection, so a browser that left
            // would only be noticed when a write fails; a look at the socket notices now.
            guard Self.isPeerConnected(connection) else {
                state.isClosed = true
                return -2  // MHD_CONTENT_READER_END_WITH_ERROR: close the connection
            }
            state.isSuspended = true
            MicroHTTPD.functions.suspend_connection(connection)
            return 0
        }
    }

    /// Queues `bytes` for the client and wakes its connection. A client that has fallen
    /// more than ``backlogLimit`` behind is closed instead.
    func send(_ bytes: [UInt8]) {
        state.withLock { state in
            guard !state.isClosed else { return }
            if state.pending.count + bytes.count > Self.backlogLimit {
                state.isClosed = true
            } else {
                state.pending += bytes
            }
            Self.wake(&state)
        }
    }

    /// Ends the stream once what is waiting has been sent.
    func close() {
        state.withLock { state in
            state.isClosed = true
            Self.wake(&state)
        }
    }

    /// libmicrohttpd released the response: the connection is closed or about to be.
    func detach() {
        state.withLock { state in
            state.connection = 0
            state.isClosed = true
            state.isSuspended = false
        }
        onDetach(self)
    }

    /// Whether the client has not closed its end (an event-stream client sends nothing
    /// after its request, so anything but "no data yet" means it is gone).
    private static func isPeerConnected(_ connection: OpaquePointer) -> Bool {
        let socket = MicroHTTPD.withFunctions { foldmark_mhd_connection_socket($0, connection) }
        guard socket >= 0 else { return false }
        var byte: UInt8 = 0
        let count = recv(socket, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT))
        return count > 0 || (count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR))
    }

    private static func wake(_ state: inout State) {
        guard state.isSuspended, let connection = OpaquePointer(bitPattern: state.connection) else { return }
        state.isSuspended = false
        MicroHTTPD.functions.resume_connection(connection)
    }
}
