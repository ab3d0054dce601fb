import Foundation
import Testing

/// A NUL byte anywhere in the request line gets 400, never the page that the line reads
/// as once libmicrohttpd's C strings end at that NUL.
@Suite struct RequestLineTests {
    /// Sends `line` as the request line, with each `␀` a NUL byte, and reads the whole answer.
    static func send(_ line: String, to folder: ServedFolder) throws -> Reply {
        let connection = try TestConnection(port: folder.port)
        let raw = line.replacingOccurrences(of: "␀", with: "\0")
        try connection.send(raw + "\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        return try Reply(parsing: connection.receiveAll())
    }

    /// Each line reads as a request for a page that exists once cut at its NUL.
    static let linesWithNUL = [
        "GET /index.html␀ HTTP/1.1",  // at the end of the path
        "GET /␀index.html HTTP/1.1",  // in the path: "/" is the home page
        "GET /index.html␀/../secret.txt HTTP/1.1",
        "GET /style.css?v=␀ HTTP/1.1",  // in the query
        "GET /style.css?␀ HTTP/1.1",
        "GET␀ /index.html HTTP/1.1",  // at the end of the method
        "GE␀T /index.html HTTP/1.1",  // in the method: "GE" would get 405
    ]

    @Test(arguments: linesWithNUL)
    func nulByteInRequestLineIsBadRequest(line: String) throws {
        let folder = try ServedFolder(files: StaticServingTests.files)
        let reply = try Self.send(line, to: folder)
        #expect(reply.status == 400, "\(line): \(reply.status)")
        #expect(!reply.text.contains("Home page"))
        #expect(!reply.text.contains("color: red"))
    }

    /// libmicrohttpd refuses these itself, before the server sees the request: a NUL in
    /// the version, or in place of the space after the method (the line then has no version).
    @Test(arguments: [
        "GET /index.html HTTP/1.1␀", "GET /index.html HTTP/1.␀1", "GET /index.html ␀HTTP/1.1",
        "GET␀/index.html HTTP/1.1",
    ])
    func nulByteThatLibmicrohttpdRefusesIsBadRequest(line: String) throws {
        let folder = try ServedFolder(files: StaticServingTests.files)
        #expect(try Self.send(line, to: folder).status == 400, "\(line)")
    }

    /// The spaces libmicrohttpd skips and the NULs it writes into the query are not the
    /// client's NULs.
    @Test(arguments: [
        "GET   /index.html HTTP/1.1", "GET /index.html?a=b&c=&d HTTP/1.1", "GET /index.html? HTTP/1.1",
        "HEAD /index.html HTTP/1.1", "GET /index.html HTTP/1.0",
    ])
    func requestLineWithoutNULIsServed(line: String) throws {
        let folder = try ServedFolder(files: StaticServingTests.files)
        #expect(try Self.send(line, to: folder).status == 200, "\(line)")
    }

    @Test func keptAliveConnectionChecksEachRequestLine() throws {
        let folder = try ServedFolder(files: StaticServingTests.files)
        let connection = try TestConnection(port: folder.port)
        try connection.send("GET /style.css HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(try connection.receive(until: { $0.contains("color: red") }).hasPrefix("HTTP/1.1 200 "))
        try connection.send("GET /style.css\0 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        #expect(try Reply(parsing: connection.receiveAll()).status == 400)
    }
}
