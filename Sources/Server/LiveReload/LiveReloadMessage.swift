import FoundationEssentials
import Site

/// The Server-Sent Events that the live-reload script understands, as bytes on the wire.
///
/// - `status`: `{"ok": true}`, or `{"ok": false, "errors": [...]}` while the last build
///   failed; each error has `file`, `line`, `column` (when known), `message` and `text`,
///   the line foldmark prints in the terminal.
/// - `build`: `{"generation": 3, "changed": ["guide.html"]}` after a build; `changed`
///   is left out when any page may have changed.
enum LiveReloadMessage {
    /// How long a browser waits before it reconnects to a server that went away.
    static let retry = Array("retry: 500\n\n".utf8)
    static let heartbeat = Array(": heartbeat\n\n".utf8)

    struct Status: Encodable {
        var ok: Bool
        var errors: [Problem]?
    }

    struct Problem: Encodable {
        var file: String
        var line: Int?
        var column: Int?
        var message: String
        var text: String
    }

    struct Build: Encodable {
        var generation: Int
        var changed: [String]?
    }

    static func status(errors: [SiteError]) -> [UInt8] {
        let problems = errors.map {
            Problem(file: $0.file, line: $0.line, column: $0.column, message: $0.message, text: $0.description)
        }
        return event("status", Status(ok: errors.isEmpty, errors: errors.isEmpty ? nil : problems))
    }

    static func build(generation: Int, changed: [String]?) -> [UInt8] {
        event("build", Build(generation: generation, changed: changed))
    }

    /// One event; JSON has no raw line breaks, so the data fits on one `data:` line.
    private static func event(_ name: String, _ value: some Encodable) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let json = (try? encoder.encode(value)) ?? Data("{}".utf8)
        return Array("event: \(name)\ndata: ".utf8) + Array(json) + Array("\n\n".utf8)
    }
}
