/// The UTF-8 bytes of one template or partial, with the scanning helpers the parser needs:
/// finding delimiters, reading tags, deciding which lines are standalone, and turning byte
/// offsets into the line and column of a ``TemplateError``.
struct TemplateSource {
    let bytes: [UInt8]
    /// The partial's name, or `nil` for the main template; copied into errors.
    let template: String?

    init(_ text: String, template: String?) {
        bytes = Array(text.utf8)
        self.template = template
    }

    var count: Int { bytes.count }

    func text(_ range: Range<Int>) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }

    /// The first offset at or after `start` where `needle` begins and ends by `limit`.
    func find(_ needle: [UInt8], from start: Int, upTo limit: Int? = nil) -> Int? {
        let limit = limit ?? count
        guard let first = needle.first, needle.count <= limit else { return nil }
        var index = start
        let last = limit - needle.count
        while index <= last {
            if bytes[index] == first, bytes[index..<index + needle.count].elementsEqual(needle) {
                return index
            }
            index += 1
        }
        return nil
    }

    /// Whether `offset` is the first byte of a line.
    func isLineStart(_ offset: Int) -> Bool {
        offset == 0 || bytes[offset - 1] == UInt8(ascii: "\n")
    }

    /// The start of the line holding `offset`, if only spaces and tabs come before `offset` on it.
    func lineStart(before offset: Int) -> Int? {
        var index = offset
        while index > 0, Self.isBlank(bytes[index - 1]) { index -= 1 }
        return isLineStart(index) ? index : nil
    }

    /// The offset just past the line ending (`\n` or `\r\n`, or the end of the source) that
    /// follows `offset`, if only spaces and tabs come between.
    func lineEnd(after offset: Int) -> Int? {
        var index = offset
        while index < count, Self.isBlank(bytes[index]) { index += 1 }
        if index == count { return index }
        if bytes[index] == UInt8(ascii: "\n") { return index + 1 }
        if bytes[index] == UInt8(ascii: "\r"), index + 1 < count, bytes[index + 1] == UInt8(ascii: "\n") {
            return index + 2
        }
        return nil
    }

    /// An error located at `offset`, with a 1-based line and a 1-based column in characters.
    func error(_ message: String, at offset: Int) -> TemplateError {
        let (line, column) = location(of: offset)
        return TemplateError(message: message, line: line, column: column, template: template)
    }

    func location(of offset: Int) -> (line: Int, column: Int) {
        var line = 1
        var lineStart = 0
        for index in 0..<offset where bytes[index] == UInt8(ascii: "\n") {
            line += 1
            lineStart = index + 1
        }
        return (line, text(lineStart..<offset).count + 1)
    }

    private static func isBlank(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
    }
}
