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
    /// Text with none of them comes back as it is.
    public static func escape(_ text: String) -> String {
        var result = ""
        appendEscaped(text, to: &result)
        return result
    }

    /// Appends `text` escaped as ``escape(_:)`` does to `output`, with no string in between.
    public static func appendEscaped(_ text: String, to output: inout String) {
        let bytes = text.utf8
        guard var special = bytes.firstIndex(where: { entity(for: $0) != nil }) else {
            output += text
            return
        }
        // The runs between the ASCII specials start and end on scalar boundaries; they are
        // appended as UTF-8 runs, since a combining mark after a quote makes the quote's end
        // no Character boundary.
        var start = bytes.startIndex
        while true {
            output += Substring(bytes[start..<special])
            output += entity(for: bytes[special])!
            start = bytes.index(after: special)
            guard let next = bytes[start...].firstIndex(where: { entity(for: $0) != nil }) else { break }
            special = next
        }
        output += Substring(bytes[start...])
    }

    @inline(__always)
    private static func entity(for byte: UInt8) -> String? {
        switch byte {
        case UInt8(ascii: "&"): "&amp;"
        case UInt8(ascii: "<"): "&lt;"
        case UInt8(ascii: ">"): "&gt;"
        case UInt8(ascii: "\""): "&quot;"
        case UInt8(ascii: "'"): "&#39;"
        default: nil
        }
    }

    public static let empty = HTMLFragment(trusted: "")

    public var isEmpty: Bool { html.isEmpty }

    public var description: String { html }

    public static func + (lhs: HTMLFragment, rhs: HTMLFragment) -> HTMLFragment {
        HTMLFragment(trusted: lhs.html + rhs.html)
    }
}
