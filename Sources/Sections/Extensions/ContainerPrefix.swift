internal import CCmark

/// What the block quotes and list items around a paragraph put before its lines, so that
/// a line's own content can be read from the source.
///
/// cmark gives a paragraph's first column but not where its later lines start: those
/// lines repeat each block quote's `>` and indent past each list item's marker. A line
/// that lacks them is a lazy continuation line.
struct ContainerPrefix {
    private enum Container {
        case blockQuote
        /// A list item: on its first line its content starts at byte `contentStart`; later
        /// lines are indented by `indent` columns past the outer containers' prefixes.
        case listItem(firstLine: Int, contentStart: Int, indent: Int)
    }

    private var containers: [Container] = []  // outermost first
    private let firstLine: Int
    private let firstColumn: Int

    init(of paragraph: OpaquePointer, source: SourceLines) {
        firstLine = Int(cmark_node_get_start_line(paragraph))
        firstColumn = Int(cmark_node_get_start_column(paragraph))
        var ancestors: [OpaquePointer] = []
        var parent = cmark_node_parent(paragraph)
        while let node = parent {
            ancestors.append(node)
            parent = cmark_node_parent(node)
        }
        for node in ancestors.reversed() {
            switch cmark_node_get_type(node) {
            case CMARK_NODE_BLOCK_QUOTE:
                containers.append(.blockQuote)
            case CMARK_NODE_ITEM:
                let line = Int(cmark_node_get_start_line(node))
                let bytes = Array((source.line(line) ?? "").utf8)
                let contentStart = Self.contentStart(ofItem: node, line: bytes)
                let outer = start(of: bytes, line: line) ?? 0
                containers.append(.listItem(firstLine: line, contentStart: contentStart, indent: contentStart - outer))
            default: continue
            }
        }
    }

    /// The content of lines `lines`, without container prefixes, up to the first lazy line.
    func contentLines(_ lines: ClosedRange<Int>, source: SourceLines) -> [ArraySlice<UInt8>] {
        var result: [ArraySlice<UInt8>] = []
        for number in lines {
            guard let line = source.line(number) else { break }
            let bytes = Array(line.utf8)
            guard let start = number == firstLine ? firstColumn - 1 : start(of: bytes, line: number),
                start <= bytes.count
            else { break }
            result.append(bytes[start...])
        }
        return result
    }

    /// Where the content of `bytes`, source line `line`, starts inside the containers; nil
    /// when the line is lazy.
    private func start(of bytes: [UInt8], line: Int) -> Int? {
        var offset = 0
        let isBlank = { (offset: Int) in
            offset < bytes.count && (bytes[offset] == UInt8(ascii: " ") || bytes[offset] == UInt8(ascii: "\t"))
        }
        for container in containers {
            switch container {
            case .blockQuote:
                var spaces = 0
                while spaces < 3, isBlank(offset) { (offset, spaces) = (offset + 1, spaces + 1) }
                guard offset < bytes.count, bytes[offset] == UInt8(ascii: ">") else { return nil }
                offset += 1
                if isBlank(offset) { offset += 1 }
            case .listItem(let firstLine, let contentStart, let indent):
                if line == firstLine {
                    offset = contentStart
                    continue
                }
                var columns = 0
                while columns < indent, isBlank(offset) {
                    columns += bytes[offset] == UInt8(ascii: "\t") ? 4 : 1
                    offset += 1
                }
                if columns < indent, offset < bytes.count { return nil }
            }
        }
        return offset
    }

    /// Where the item's content starts on its first line: at its first block, or one space
    /// past its marker when that block starts on a later line.
    private static func contentStart(ofItem item: OpaquePointer, line bytes: [UInt8]) -> Int {
        if let child = cmark_node_first_child(item), cmark_node_get_start_line(child) == cmark_node_get_start_line(item)
        {
            return Int(cmark_node_get_start_column(child)) - 1
        }
        var offset = Int(cmark_node_get_start_column(item)) - 1
        while offset < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[offset]) { offset += 1 }
        return offset + 2  // the bullet or the `.` / `)` after the digits, then a space
    }
}
