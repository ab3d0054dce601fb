import Basics

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
        escape(text, apostrophes: true)
    }

    /// ``escape(_:)``, or with `apostrophes` false, as cmark's HTML renderer escapes a text
    /// node: `&`, `<`, `>` and `"`, not `'`.
    static func escape(_ text: String, apostrophes: Bool) -> String {
        // On the bytes in place (a walk of `utf8` costs tens of instructions a byte): this
        // runs for every title and link of every page's navigation.
        var utf8 = text  // withUTF8 on a native string copies nothing
        return utf8.withUTF8 { bytes in
            guard bytes.contains(where: { entity(for: $0, apostrophes: apostrophes) != nil }) else { return text }
            var result: [UInt8] = []
            result.reserveCapacity(bytes.count + 16)
            appendEscaped(bytes, to: &result, apostrophes: apostrophes)
            return String(decoding: result, as: UTF8.self)
        }
    }

    /// Appends the UTF-8 bytes of `text`, escaped as ``escape(_:)`` does, to `output`, with
    /// no string in between.
    public static func appendEscaped(_ text: String, to output: inout [UInt8]) {
        var text = text
        text.withUTF8 { appendEscaped($0, to: &output) }
    }

    /// Appends UTF-8 `bytes` (a template's text, say), escaped as ``escape(_:)`` does, to
    /// `output`. The specials are ASCII, so the runs between them are whole UTF-8 sequences.
    public static func appendEscaped(_ bytes: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
        appendEscaped(bytes, to: &output, apostrophes: true)
    }

    private static func appendEscaped(
        _ bytes: UnsafeBufferPointer<UInt8>, to output: inout [UInt8], apostrophes: Bool
    ) {
        var start = 0
        for index in bytes.indices {
            guard let entity = entity(for: bytes[index], apostrophes: apostrophes) else { continue }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
            entity.withUTF8Buffer { output.append(contentsOf: $0) }
            start = index + 1
        }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start...]))
    }

    /// Appends UTF-8 `bytes`, escaped as ``escape(_:)`` does, to a ``UniqueBuffer``.
    public static func appendEscaped(_ bytes: UnsafeBufferPointer<UInt8>, to output: inout UniqueBuffer<UInt8>) {
        var start = 0
        for index in bytes.indices {
            guard let entity = entity(for: bytes[index]) else { continue }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
            output.append(entity)
            start = index + 1
        }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start...]))
    }

    @inline(__always)
    private static func entity(for byte: UInt8, apostrophes: Bool = true) -> StaticString? {
        switch byte {
        case UInt8(ascii: "&"): "&amp;"
        case UInt8(ascii: "<"): "&lt;"
        case UInt8(ascii: ">"): "&gt;"
        case UInt8(ascii: "\""): "&quot;"
        case UInt8(ascii: "'") where apostrophes: "&#39;"
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
