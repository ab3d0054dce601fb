/// A piece of HTML that is already safe to place in a page: escaped text, or markup that
/// foldmark produced itself. A plain `String` always still needs escaping; this type is
/// how the code tells the two apart, and ``HTMLFragment/escaping(_:)`` is the one place
/// that escapes text.
public struct HTMLFragment: Hashable, Sendable, CustomStringConvertible {
    /// The markup, ready to be written into a page.
    public var html: String

    /// Wraps markup that is known to be safe. Callers vouch for `html`.
    public init(trusted html: String) {
        self.html = html
    }

    /// Escapes `text` for use in element content and in quoted attribute values.
    public static func escaping(_ text: String) -> HTMLFragment {
        HTMLFragment(trusted: escape(text))
    }

    /// Escapes `&`, `<`, `>`, `"` and `'`, the characters that can end text or an attribute.
    public static func escape(_ text: String) -> String {
        guard needsEscaping(text) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + 16)
        appendEscaped(text, to: &result)
        return result
    }

    /// Appends `text` escaped as ``escape(_:)`` does to `output`, with no string in between.
    public static func appendEscaped(_ text: String, to output: inout String) {
        let bytes = text.utf8
        var start = bytes.startIndex
        var index = start
        while index != bytes.endIndex {
            let entity: String
            switch bytes[index] {
            case UInt8(ascii: "&"): entity = "&amp;"
            case UInt8(ascii: "<"): entity = "&lt;"
            case UInt8(ascii: ">"): entity = "&gt;"
            case UInt8(ascii: "\""): entity = "&quot;"
            case UInt8(ascii: "'"): entity = "&#39;"
            default:
                bytes.formIndex(after: &index)
                continue
            }
            // The runs between ASCII bytes start and end on scalar boundaries; they are
            // appended as UTF-8 runs, since a combining mark after a quote makes the quote's
            // end no Character boundary.
            output += Substring(bytes[start..<index])
            output += entity
            bytes.formIndex(after: &index)
            start = index
        }
        output += Substring(bytes[start..<index])
    }

    private static func needsEscaping(_ text: String) -> Bool {
        text.utf8.contains { byte in
            byte == UInt8(ascii: "&") || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">")
                || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'")
        }
    }

    public static let empty = HTMLFragment(trusted: "")

    public var isEmpty: Bool { html.isEmpty }

    public var description: String { html }

    public static func + (lhs: HTMLFragment, rhs: HTMLFragment) -> HTMLFragment {
        HTMLFragment(trusted: lhs.html + rhs.html)
    }
}
