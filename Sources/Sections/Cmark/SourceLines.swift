#if canImport(Glibc)
    import Glibc
#endif

/// The Markdown that cmark parsed, addressable by cmark's 1-based line and byte column.
/// Line starts are found on first use: most pages never need them. It shares the page's
/// text rather than copying its bytes, which matters for a page of a hundred megabytes.
final class SourceLines {
    private let text: Substring
    private lazy var lineStarts: [Int] = {
        var text = self.text
        return text.withUTF8 { bytes in
            // Lines end as cmark ends them: at LF, CR LF or a lone CR.
            var starts = [0]
            guard let base = bytes.baseAddress else { return starts }
            if memchr(base, Int32(UInt8(ascii: "\r")), bytes.count) == nil {
                // No CR, as in most files: only LF ends lines, found with memchr.
                var offset = 0
                let lineFeed = Int32(UInt8(ascii: "\n"))
                while offset < bytes.count, let found = memchr(base + offset, lineFeed, bytes.count - offset) {
                    offset = UnsafeRawPointer(found) - UnsafeRawPointer(base) + 1
                    starts.append(offset)
                }
                return starts
            }
            for (offset, byte) in bytes.enumerated() {
                let isLoneCR =
                    byte == UInt8(ascii: "\r") && (offset + 1 == bytes.count || bytes[offset + 1] != UInt8(ascii: "\n"))
                if byte == UInt8(ascii: "\n") || isLoneCR { starts.append(offset + 1) }
            }
            return starts
        }
    }()

    init(_ text: Substring) {
        self.text = text
    }

    /// Line `line` (1-based) without its line ending, or nil past the end.
    func line(_ line: Int) -> Substring? {
        guard line >= 1, line <= lineStarts.count else { return nil }
        let utf8 = text.utf8
        let start = utf8.index(utf8.startIndex, offsetBy: lineStarts[line - 1])
        var end = line < lineStarts.count ? utf8.index(utf8.startIndex, offsetBy: lineStarts[line]) : utf8.endIndex
        // Step back over the line ending: LF, CR LF or a lone CR.
        if end > start, utf8[utf8.index(before: end)] == UInt8(ascii: "\n") { end = utf8.index(before: end) }
        if end > start, utf8[utf8.index(before: end)] == UInt8(ascii: "\r") { end = utf8.index(before: end) }
        return text[start..<end]
    }

    /// Whether line `line`, up to and including byte `column` (trailing blanks ignored),
    /// ends with `suffix` verbatim, preceded by an even number of backslashes.
    func endsWithUnescaped(_ suffix: Substring, line: Int, column: Int) -> Bool {
        guard line >= 1, line <= lineStarts.count, column >= 1 else { return false }
        let lineStart = lineStarts[line - 1]
        var text = self.text
        return text.withUTF8 { bytes in
            var end = min(lineStart + column, bytes.count)
            while end > lineStart, bytes[end - 1] == UInt8(ascii: " ") || bytes[end - 1] == UInt8(ascii: "\t") {
                end -= 1
            }
            let wanted = Array(suffix.utf8)
            let start = end - wanted.count
            guard start >= lineStart, bytes[start..<end].elementsEqual(wanted) else { return false }
            var backslashes = 0
            while start - backslashes - 1 >= lineStart, bytes[start - backslashes - 1] == UInt8(ascii: "\\") {
                backslashes += 1
            }
            return backslashes % 2 == 0
        }
    }
}
