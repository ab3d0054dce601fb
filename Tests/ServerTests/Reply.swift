import Foundation

/// A parsed HTTP response.
struct Reply {
    var status: Int
    /// By lower-cased name.
    var headers: [String: String]
    var body: [UInt8]

    var text: String { String(decoding: body, as: UTF8.self) }

    init(parsing bytes: [UInt8]) throws {
        let separator = Array("\r\n\r\n".utf8)
        guard bytes.count >= separator.count,
            let end = (0...(bytes.count - separator.count)).first(where: {
                bytes[$0..<$0 + 4].elementsEqual(separator)
            })
        else { throw TestFailure("no end of headers in: \(String(decoding: bytes, as: UTF8.self))") }
        let lines = String(decoding: bytes[..<end], as: UTF8.self).components(separatedBy: "\r\n")
        let statusParts = lines[0].split(separator: " ")
        guard statusParts.count >= 2, let status = Int(statusParts[1]) else {
            throw TestFailure("status line: \(lines[0])")
        }
        self.status = status
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(
                in: .whitespaces)
        }
        self.headers = headers
        body = Array(bytes[(end + 4)...])
    }

    /// Sends one request with `Connection: close` and reads the whole answer.
    static func fetch(
        _ target: String, port: UInt16, method: String = "GET", headers: [String: String] = [:]
    ) throws -> Reply {
        let connection = try TestConnection(port: port)
        var request = "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) { request += "\(name): \(value)\r\n" }
        try connection.send(request + "\r\n")
        return try Reply(parsing: connection.receiveAll())
    }
}
