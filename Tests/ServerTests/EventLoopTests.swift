import FoldmarkTestSupport
import Foundation
import Testing

@testable import Server

/// The daemon's event loop, driven into the states that loaded machines reach by chance.
@Suite(.serialized) struct EventLoopTests {
    /// Requests that arrive all at once, while the server's only thread is busy, are all
    /// answered, whatever their number. libmicrohttpd 0.9.75's epoll loop collected such a
    /// burst 128 events at a time and, after a full batch, waited for more with the idle
    /// timeout as its limit, before answering any: a burst of exactly 128 (or 256, or 512)
    /// sat unanswered until the idle timeout.
    @Test(arguments: [127, 128, 129, 256])
    func burstWhileBusyIsAnswered(count: Int) async throws {
        let gate = Gate()
        let socket = try ListeningSocket(host: "127.0.0.1", port: 0, backlog: 1024)
        let daemon = try gate.daemon(on: socket, connections: 1024)
        defer { daemon.stop() }
        let unanswered = try await offPool {
            // Each connection is accepted and answered once, and waits, kept alive.
            let connections = try (0..<count).map { _ in try TestConnection(port: socket.port) }
            for connection in connections {
                try connection.send("GET /first HTTP/1.1\r\nHost: x\r\n\r\n")
                _ = try connection.receive(until: { $0.contains("answer to /first") })
            }
            // The server's thread is held in a handler while every connection sends again.
            let holder = try TestConnection(port: socket.port)
            try holder.send("GET /hold HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            guard gate.waitUntilHeld() else { throw TestFailure("the server never called the handler for /hold") }
            // On the loopback a request is in the server's socket once `send` returns.
            for connection in connections {
                try connection.send("GET /second HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            }
            gate.release()
            _ = try holder.receiveAll()
            let answers = connections.receiveAll()
            return answers.indices.filter { index in
                let answer = (try? answers[index].get()).map { String(decoding: $0, as: UTF8.self) } ?? ""
                return !answer.contains("answer to /second")
            }
        }
        #expect(unanswered.isEmpty, "\(unanswered.count) of \(count) unanswered: \(unanswered.prefix(20))")
    }

    /// Holds a handler until the test lets it go, or for at most `limit` seconds: a test
    /// that fails before letting it go must not leave the server's thread stuck, which
    /// would keep the daemon from stopping.
    final class Gate: Sendable {
        private let entered = DispatchSemaphore(value: 0)
        private let released = DispatchSemaphore(value: 0)
        private let limit = HangGuard.seconds

        func hold() {
            entered.signal()
            _ = released.wait(timeout: .now() + limit)
        }

        /// Whether a handler is held (false once `limit` has passed without one).
        func waitUntilHeld() -> Bool { entered.wait(timeout: .now() + limit) == .success }
        func release() { released.signal() }

        /// A daemon with one thread that answers `answer to <target>`, and holds a request
        /// for `/hold` at this gate first.
        func daemon(on socket: ListeningSocket, connections: Int) throws -> HTTPDaemon {
            try HTTPDaemon(
                socket: socket,
                limits: .init(threads: 1, connections: connections, idleTimeout: 120, memoryPerConnection: 32 * 1024)
            ) { request in
                if request.target == "/hold" { self.hold() }
                return .text(200, "answer to \(request.target)")
            }
        }
    }
}
