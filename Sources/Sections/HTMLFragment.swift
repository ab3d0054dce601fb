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
        var needsWork = false
        for byte in text.utf8 where byte == UInt8(ascii: "&") || byte == UInt8(ascii: "<")
            || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'")
        {
            needsWork = true
            break
        }
        guard needsWork else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + 16)
        for character in text.unicodeScalars {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default: result.unicodeScalars.append(character)
            }
        }
        return result
    }

    public static let empty = HTMLFragment(trusted: "")

    public var isEmpty: Bool { html.isEmpty }

    public var description: String { html }

    public static func + (lhs: HTMLFragment, rhs: HTMLFragment) -> HTMLFragment {
        HTMLFragment(trusted: lhs.html + rhs.html)
    }
}
