import Foundation
import Server

/// A temporary folder of files served by a ``PreviewServer`` on a free port; both go
/// away with the value.
final class ServedFolder: Sendable {
    /// Holds the served folder `site/` and files outside it, such as `secret.txt`.
    let base: URL
    let root: URL
    let server: PreviewServer

    var port: UInt16 { server.port }

    init(files: [String: String], configuration: ServerConfiguration = ServerConfiguration(port: 0)) throws {
        base = FileManager.default.temporaryDirectory.appending(path: "foldmark-serve-test-\(UUID().uuidString)")
        root = base.appending(path: "site")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        for (path, text) in files { try Self.write(text, to: root.appending(path: path)) }
        var configuration = configuration
        configuration.port = 0
        server = try PreviewServer(serving: root, configuration: configuration)
    }

    static func write(_ text: String, to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    func fetch(_ target: String, method: String = "GET", headers: [String: String] = [:]) throws -> Reply {
        try Reply.fetch(target, port: port, method: method, headers: headers)
    }

    deinit {
        server.stop()
        try? FileManager.default.removeItem(at: base)
    }
}
