import FoldmarkTestSupport
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A plain TCP connection to the server under test, so that requests go out exactly as
/// written (a URL library would tidy `/../` away before sending it).
final class TestConnection: Sendable {
    let descriptor: Int32

    /// A connection whose reads and writes fail after `timeout` seconds without progress
    /// (by default ``HangGuard``'s, which only a server that hangs reaches).
    init(port: UInt16, timeout: Double = HangGuard.seconds) throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw TestFailure("socket: \(String(cString: strerror(errno)))") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        // No close here when connect fails: the object is whole by now, so throwing runs
        // deinit, which closes the socket. Closing it here as well closed whatever file the
        // number had been given to meanwhile: once a socket of the server under test,
        // which libmicrohttpd then failed to close and aborted on.
        guard connected == 0 else { throw TestFailure("connect: \(String(cString: strerror(errno)))") }
        setTimeout(timeout)
    }

    func setTimeout(_ seconds: Double) {
        var time = timeval(tv_sec: Int(seconds), tv_usec: Int((seconds - seconds.rounded(.down)) * 1_000_000))
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
    }

    func send(_ text: String) throws {
        let bytes = Array(text.utf8)
        var sent = 0
        while sent < bytes.count {
            let count = bytes.withUnsafeBytes {
                Glibc.send(descriptor, $0.baseAddress! + sent, $0.count - sent, Int32(MSG_NOSIGNAL))
            }
            guard count > 0 else { throw TestFailure("send: \(String(cString: strerror(errno)))") }
            sent += count
        }
    }

    /// Up to `limit` bytes; empty at the end of the stream; throws on a timeout.
    func receive(limit: Int = 65536) throws -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: limit)
        let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
        guard count >= 0 else {
            // The socket's timeout passed with nothing received (see ``setTimeout(_:)``).
            if errno == EAGAIN || errno == EWOULDBLOCK { throw TestFailure("hung: nothing received in time") }
            throw TestFailure("recv: \(String(cString: strerror(errno)))")
        }
        return Array(buffer[..<count])
    }

    /// Everything until the server closes the connection.
    func receiveAll() throws -> [UInt8] {
        var all: [UInt8] = []
        while true {
            let chunk = try receive()
            if chunk.isEmpty { return all }
            all += chunk
        }
    }

    /// Whether the connection is still open, with nothing received that is unread: the
    /// server has neither answered nor closed it. Does not wait.
    var isOpenAndSilent: Bool {
        var byte: UInt8 = 0
        let count = recv(descriptor, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT))
        return count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)
    }

    /// Reads until `predicate` holds for the text received so far; fails if the server
    /// closes the connection first, or sends nothing more for `hangGuard` seconds.
    func receive(until predicate: (String) -> Bool, hangGuard: Double = HangGuard.seconds) throws -> String {
        var text = ""
        let deadline = ContinuousClock.now + .seconds(hangGuard)
        setTimeout(0.1)
        defer { setTimeout(HangGuard.seconds) }
        while !predicate(text) {
            guard ContinuousClock.now < deadline else {
                throw TestFailure("hung: the awaited text did not come in \(hangGuard) s; received so far:\n\(text)")
            }
            let count: Int
            var buffer = [UInt8](repeating: 0, count: 8192)
            count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count == 0 { throw TestFailure("connection closed; received:\n\(text)") }
            if count > 0 { text += String(decoding: buffer[..<count], as: UTF8.self) }
        }
        return text
    }

    deinit {
        close(descriptor)
    }
}

extension [TestConnection] {
    /// Each connection's whole answer (all it receives until the server closes it), or the
    /// error that ended the wait, in order. Each waits up to `hangGuard` seconds without
    /// progress; once one has failed, an answer sent by then has arrived, and the rest wait
    /// 0.1 s each, so that a server that leaves many unanswered fails a test in a minute
    /// rather than in hours.
    func receiveAll(hangGuard: Double = HangGuard.seconds) -> [Result<[UInt8], any Error>] {
        var failed = false
        return map { connection in
            connection.setTimeout(failed ? 0.1 : hangGuard)
            let answer = Result { try connection.receiveAll() }
            if case .failure = answer { failed = true }
            return answer
        }
    }
}

struct TestFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
