import Foundation
import Server
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Slow clients that hold every connection the server allows do not lock out the next
/// client: the connection that has gone longest without completing a request makes room,
/// and a live-reload stream, whose request is complete, is never that connection.
@Suite struct ConnectionLimitTests {
    /// The smallest limit that ``PreviewServer`` keeps.
    static let limit = 16

    /// The idle timeout is far longer than a test: these slow clients stand for ones that
    /// send a byte every few seconds, which are never idle.
    static func folder() throws -> ServedFolder {
        try ServedFolder(
            files: StaticServingTests.files,
            configuration: ServerConfiguration(port: 0, threads: 2, connectionLimit: limit, idleTimeout: 3600))
    }

    /// `count` connections, each with a request started and never finished, opened in turn.
    static func slowClients(_ count: Int, port: UInt16) throws -> [TestConnection] {
        try (0..<count).map { _ in
            let connection = try TestConnection(port: port)
            try connection.send("GET /style.css HTTP/1.1\r\nHost: x\r\nConnection: close\r\nX-Slow: ")
            return connection
        }
    }

    /// One request with its own connection, whose answer is waited for as long as a loaded
    /// machine may need (the wait ends when it arrives).
    static func fetch(_ target: String, port: UInt16) throws -> Reply {
        let connection = try TestConnection(port: port)
        try connection.send("GET \(target) HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        return try Reply(parsing: connection.receiveAll())
    }

    /// Finishes each slow client's request: the status of its answer, or nil for one that
    /// the server dropped without an answer.
    static func finish(_ clients: [TestConnection]) -> [Int?] {
        clients.map { connection in
            try? connection.send("1\r\n\r\n")
            return try? Reply(parsing: connection.receiveAll()).status
        }
    }

    @Test func clientIsServedWhileSlowClientsHoldEveryConnection() async throws {
        let folder = try Self.folder()
        let slow = try Self.slowClients(Self.limit, port: folder.port)
        for connection in slow { try connection.send("a") }
        let reply = try await offPool { try Self.fetch("/style.css", port: folder.port) }
        #expect(reply.status == 200)
        #expect(reply.text == "body { color: red }\n")
        // One slow client made room for it; the others were kept, and are answered.
        let statuses = try await offPool { Self.finish(slow) }
        #expect(statuses.filter { $0 == nil }.count == 1, "\(statuses)")
        #expect(statuses.filter { $0 == 200 }.count == Self.limit - 1, "\(statuses)")
    }

    @Test func everyNewClientIsServedWhileSlowClientsKeepComing() async throws {
        let folder = try Self.folder()
        var slow = try Self.slowClients(Self.limit, port: folder.port)
        for _ in 0..<3 {
            slow += try Self.slowClients(4, port: folder.port)
            let reply = try await offPool { try Self.fetch("/index.html", port: folder.port) }
            #expect(reply.status == 200)
        }
    }

    @Test func liveReloadStreamIsNotDroppedForNewClients() async throws {
        let folder = try Self.folder()
        // The stream is the oldest connection, and it sends nothing after its request.
        let stream = try LiveReloadTests.openEvents(folder)
        _ = try await stream.events(until: { $0.contains("{\"ok\":true}") })
        let slow = try Self.slowClients(Self.limit - 1, port: folder.port)
        let reply = try await offPool { try Self.fetch("/style.css", port: folder.port) }
        #expect(reply.status == 200)
        #expect(folder.server.liveReloadConnections == 1)
        folder.server.buildSucceeded(changed: ["index.html"])
        _ = try await stream.events(until: { $0.contains("event: build\n") })
        let statuses = try await offPool { Self.finish(slow) }
        #expect(statuses.filter { $0 == nil }.count == 1, "\(statuses)")
    }
}
