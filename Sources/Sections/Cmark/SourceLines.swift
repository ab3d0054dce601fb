/// The Markdown that cmark parsed, addressable by cmark's 1-based line and byte column.
/// Line starts are found on first use: most pages never need them.
final class SourceLines {
    private let bytes: [UInt8]
    private lazy var lineStarts: [Int] = {
        var starts = [0]
        for (offset, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") { starts.append(offset + 1) }
        return starts
    }()

    init(_ text: String) {
        bytes = Array(text.utf8)
    }

    /// Whether line `line`, up to and including byte `column` (trailing blanks ignored),
    /// ends with `suffix` verbatim, preceded by an even number of backslashes.
    func endsWithUnescaped(_ suffix: Substring, line: Int, column: Int) -> Bool {
        guard line >= 1, line <= lineStarts.count, column >= 1 else { return false }
        var end = min(lineStarts[line - 1] + column, bytes.count)
        while end > lineStarts[line - 1], bytes[end - 1] == UInt8(ascii: " ") || bytes[end - 1] == UInt8(ascii: "\t") {
            end -= 1
        }
        let wanted = Array(suffix.utf8)
        let start = end - wanted.count
        guard start >= lineStarts[line - 1], bytes[start..<end].elementsEqual(wanted) else { return false }
        var backslashes = 0
        while start - backslashes - 1 >= lineStarts[line - 1], bytes[start - backslashes - 1] == UInt8(ascii: "\\") {
            backslashes += 1
        }
        return backslashes % 2 == 0
    }
}
