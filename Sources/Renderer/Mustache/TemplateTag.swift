/// One tag found in a template's source, classified by its sigil, before the parser turns it
/// into a ``TemplateNode``.
struct TemplateTag {
    enum Kind {
        /// `{{name}}`, or `{{{name}}}` and `{{& name}}` when not escaped.
        case variable(TemplateName, isEscaped: Bool)
        /// `{{#name}}`, or `{{^name}}` when inverted.
        case section(TemplateName, isInverted: Bool)
        /// `{{/name}}`.
        case close
        /// `{{> name}}`.
        case partial
        /// `{{! text }}`.
        case comment
        /// `{{=<% %>=}}`: the delimiters that the following tags use.
        case delimiters(open: [UInt8], close: [UInt8])
    }

    var kind: Kind
    /// The tag's content after the sigil, trimmed: what sections and closing tags match on.
    var name: String
    /// Offset in the source of the opening delimiter.
    var start: Int
    /// Offset in the source just past the closing delimiter.
    var end: Int

    /// Whether the tag may stand alone on a line, which removes the whole line from the output.
    /// Only interpolation tags never do.
    var canStandAlone: Bool {
        if case .variable = kind { return false }
        return true
    }
}

extension TemplateTag {
    /// Reads the tag whose opening delimiter `open` starts at `start`, closed by `close`.
    init(in source: TemplateSource, at start: Int, open: [UInt8], close: [UInt8]) throws(TemplateError) {
        var cursor = start + open.count
        var closing = close
        let sigil = cursor < source.count ? source.bytes[cursor] : 0
        if Self.sigils.contains(sigil) { cursor += 1 }
        if sigil == UInt8(ascii: "{") { closing = [UInt8(ascii: "}")] + close }
        if sigil == UInt8(ascii: "=") { closing = [UInt8(ascii: "=")] + close }
        // A tag that runs into the next opening delimiter was never closed.
        guard let contentEnd = source.find(closing, from: cursor),
            sigil == UInt8(ascii: "!") || source.find(open, from: cursor, upTo: contentEnd) == nil
        else {
            let expected = String(decoding: closing, as: UTF8.self)
            throw source.error("unclosed tag: '\(expected)' is missing", at: start)
        }
        self.start = start
        end = contentEnd + closing.count
        name = Self.trimmedName(source.bytes[cursor..<contentEnd])

        switch sigil {
        case UInt8(ascii: "{"), UInt8(ascii: "&"):
            kind = .variable(try Self.parseName(name, in: source, at: start), isEscaped: false)
        case UInt8(ascii: "#"), UInt8(ascii: "^"):
            let name = try Self.parseName(name, in: source, at: start)
            kind = .section(name, isInverted: sigil == UInt8(ascii: "^"))
        case UInt8(ascii: "/"):
            _ = try Self.parseName(name, in: source, at: start)
            kind = .close
        case UInt8(ascii: ">"):
            guard !name.isEmpty else { throw source.error("partial tag has no name", at: start) }
            kind = .partial
        case UInt8(ascii: "!"):
            kind = .comment
        case UInt8(ascii: "="):
            let parts = name.split(whereSeparator: \.isWhitespace)
            guard parts.count == 2, !parts.contains(where: { $0.contains("=") }) else {
                throw source.error("invalid delimiters '\(name)': write them as {{=<% %>=}}", at: start)
            }
            kind = .delimiters(open: Array(parts[0].utf8), close: Array(parts[1].utf8))
        default:
            kind = .variable(try Self.parseName(name, in: source, at: start), isEscaped: true)
        }
    }

    /// The characters that, right after the opening delimiter, give a tag its kind.
    private static let sigils = Array("{&#^/>!=".utf8)

    private static func parseName(_ text: String, in source: TemplateSource, at start: Int) throws(TemplateError)
        -> TemplateName
    {
        guard !text.isEmpty else { throw source.error("tag has no name", at: start) }
        let hasBlank =
            text.utf8.allSatisfy { $0 < 0x80 }
            ? text.utf8.contains(where: isBlank) : text.contains(where: \.isWhitespace)
        guard !hasBlank, let name = TemplateName(text) else {
            throw source.error("invalid name '\(text)'", at: start)
        }
        return name
    }
}

extension TemplateTag {
    /// The tag's content without leading and trailing whitespace, including line breaks:
    /// on its bytes when they are ASCII, as tags' names nearly always are: every build
    /// parses the theme, and reading by `Character` costs about three times as much.
    fileprivate static func trimmedName(_ content: ArraySlice<UInt8>) -> String {
        guard content.allSatisfy({ $0 < 0x80 }) else {
            return String(decoding: content, as: UTF8.self).trimmingBlanks()
        }
        guard let first = content.firstIndex(where: { !isBlank($0) }),
            let last = content.lastIndex(where: { !isBlank($0) })
        else { return "" }
        return String(decoding: content[first...last], as: UTF8.self)
    }

    /// The ASCII bytes that `Character.isWhitespace` holds to be white space.
    fileprivate static func isBlank(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || (0x09...0x0D).contains(byte)
    }
}

extension String {
    /// The string without leading and trailing whitespace, including line breaks.
    fileprivate func trimmingBlanks() -> String {
        guard let first = firstIndex(where: { !$0.isWhitespace }),
            let last = lastIndex(where: { !$0.isWhitespace })
        else { return "" }
        return String(self[first...last])
    }
}
