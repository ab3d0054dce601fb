internal import CCmark

#if canImport(Glibc)
    import Glibc
#endif

/// GitHub-flavoured pipe tables, found in cmark's paragraphs and rebuilt as cmark nodes.
///
/// A table starts at a paragraph line holding a header row that is followed by a
/// delimiter row (`| --- | :-: |`) of as many cells. Its rows run to the paragraph's end
/// or to the first lazy continuation line, since tables do not benefit from laziness.
/// Lines before the header stay a paragraph, and lines after a lazy break become one.
///
/// Rows are split on the source lines, so `\|` is a literal pipe even in a code span.
/// Each cell is then parsed by cmark as the text of an ATX heading, which cmark reads as
/// inlines of one line, and those inline nodes move under the table's node: a custom
/// block with a custom inline for each cell, holding the marks of ``BlockMark``, from
/// which the page's ``Table`` is read. Links in cells are real link nodes that link
/// rewriting and checking find, and cmark renders cells with the page's options, so safe
/// mode applies to them.
///
/// A table needs a `|` in its header or delimiter row, so that a line such as `:--` under
/// a sentence stays text.
///
/// Limitation: a cell is parsed apart from its page, so a reference link in a cell does
/// not find the page's link reference definitions.
enum PipeTables {
    static func apply(to blocks: [OpaquePointer], source: SourceLines, cmarkOptions: Int32, found: inout FoundBlocks) {
        var cells: [TableCell] = []
        let tables = blocks.compactMap { block in
            cmark_node_get_type(block) == CMARK_NODE_PARAGRAPH ? FoundTable(block, source: source, cells: &cells) : nil
        }
        guard !tables.isEmpty else { return }
        let parsed = TableCell.parse(cells, cmarkOptions: cmarkOptions)
        defer { for document in parsed.documents { cmark_node_free(document) } }
        for table in tables {
            guard let node = table.makeNode(cellHeadings: parsed.headings, found: &found) else { continue }
            table.replaceParagraph(by: node)
        }
    }
}

/// A table found in a paragraph: its rows as indices into the page's ``TableCell``s, and
/// the line breaks where the paragraph is cut around it.
private struct FoundTable {
    typealias Alignment = Table.Alignment

    var paragraph: OpaquePointer
    var alignments: [Alignment]
    var header: [Int]
    var rows: [[Int]]
    /// The paragraph's top-level break before the header row, if lines come before it.
    var breakBeforeHeader: OpaquePointer?
    /// The break before the first lazy line after the table, if there is one.
    var breakAfterTable: OpaquePointer?

    /// Finds the first table in `paragraph`, appending its cells to `cells`.
    ///
    /// Cheap first: only a paragraph of two lines or more with a `|` in its top-level text
    /// has its source lines read, and only one with a line that looks like a delimiter row
    /// gets them copied and split. A table always has such a `|`, since its header or its
    /// delimiter row has one outside any inline (``PipeTables`` requires it).
    init?(_ paragraph: OpaquePointer, source: SourceLines, cells: inout [TableCell]) {
        let first = Int(cmark_node_get_start_line(paragraph))
        let last = Int(cmark_node_get_end_line(paragraph))
        guard last > first, CmarkNode.containsChild(of: paragraph, where: Self.isTextWithPipe),
            (first + 1...last).contains(where: { source.line($0).map(Self.mayBeDelimiterRow) ?? false })
        else { return nil }
        let lines = ContainerPrefix(of: paragraph, source: source).contentLines(first...last, source: source)
        guard
            let delimiter = lines.indices.dropFirst().first(where: { index in
                guard let alignments = Self.alignments(lines[index]) else { return false }
                let header = TableCell.split(lines[index - 1])
                return header.count == alignments.count
                    && (lines[index].contains(UInt8(ascii: "|")) || lines[index - 1].contains(UInt8(ascii: "|")))
            }), let alignments = Self.alignments(lines[delimiter])
        else { return nil }

        let headerLine = first + delimiter - 1
        let endLine = first + lines.count - 1
        breakBeforeHeader = headerLine > first ? Self.breakStarting(line: headerLine, in: paragraph, from: first) : nil
        breakAfterTable = endLine < last ? Self.breakStarting(line: endLine + 1, in: paragraph, from: first) : nil
        guard (headerLine == first) == (breakBeforeHeader == nil), (endLine == last) == (breakAfterTable == nil) else {
            return nil  // an inline such as a link or code span runs across the cut
        }
        self.paragraph = paragraph
        self.alignments = alignments
        func addRow(_ index: Int) -> [Int] {
            TableCell.split(lines[index]).prefix(alignments.count).map { range in
                cells.append(TableCell(lines[index][range], line: first + index, column: range.lowerBound + 1))
                return cells.count - 1
            }
        }
        header = addRow(delimiter - 1)
        rows = (delimiter + 1..<lines.count).map(addRow)
    }

    /// The table as a custom node holding the cells' inlines, which move out of their
    /// headings: the header's cells, then each row's, one for each column.
    func makeNode(cellHeadings: [OpaquePointer?], found: inout FoundBlocks) -> OpaquePointer? {
        guard let table = CmarkNode.new(CMARK_NODE_CUSTOM_BLOCK) else { return nil }
        found.add(.table(alignments: alignments, rows: rows.count), markingStartOn: table)
        for row in [header] + rows {
            for column in alignments.indices {
                guard let cell = CmarkNode.new(CMARK_NODE_CUSTOM_INLINE) else { continue }
                BlockMark.set(.cellEnd, on: cell, onExit: true)
                _ = cmark_node_append_child(table, cell)
                guard column < row.count, let heading = cellHeadings[row[column]] else { continue }
                for inline in CmarkNode.children(of: heading) { _ = cmark_node_append_child(cell, inline) }
            }
        }
        return table
    }

    /// Puts `table` where its lines were: after the lines before the header, which stay
    /// the paragraph, and before a new paragraph of the lines after a lazy break.
    func replaceParagraph(by table: OpaquePointer) {
        if let breakAfterTable, let rest = CmarkNode.new(CMARK_NODE_PARAGRAPH) {
            while let inline = cmark_node_next(breakAfterTable) { _ = cmark_node_append_child(rest, inline) }
            cmark_node_free(breakAfterTable)
            _ = cmark_node_insert_after(paragraph, rest)
        }
        if let breakBeforeHeader {
            while let inline = cmark_node_next(breakBeforeHeader) { cmark_node_free(inline) }
            cmark_node_free(breakBeforeHeader)
            _ = cmark_node_insert_after(paragraph, table)
        } else {
            _ = cmark_node_insert_before(paragraph, table)
            cmark_node_free(paragraph)
        }
    }

    private static func isTextWithPipe(_ inline: OpaquePointer) -> Bool {
        guard CmarkNode.isText(inline), let literal = cmark_node_get_literal(inline) else { return false }
        return strchr(literal, Int32(UInt8(ascii: "|"))) != nil
    }

    /// Whether `line` holds only what a delimiter row, with any container prefix, may hold.
    private static func mayBeDelimiterRow(_ line: Substring) -> Bool {
        var hasDash = false
        for byte in line.utf8 {
            switch byte {
            case UInt8(ascii: "-"): hasDash = true
            case UInt8(ascii: "|"), UInt8(ascii: ":"), UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: ">"):
                continue
            default: return false
            }
        }
        return hasDash
    }

    /// The columns' alignments if `line` is a delimiter row: cells of `-`, each with an
    /// optional `:` before (left), after (right) or both (center).
    private static func alignments(_ line: ArraySlice<UInt8>) -> [Alignment]? {
        var result: [Alignment] = []
        for range in TableCell.split(line) {
            var cell = line[range]
            let left = cell.first == UInt8(ascii: ":")
            if left { cell = cell.dropFirst() }
            let right = cell.last == UInt8(ascii: ":")
            if right { cell = cell.dropLast() }
            guard !cell.isEmpty, cell.allSatisfy({ $0 == UInt8(ascii: "-") }) else { return nil }
            result.append(left && right ? .center : left ? .left : right ? .right : .none)
        }
        return result
    }

    /// The top-level line break of `paragraph` that starts line `line`, or nil when an
    /// inline spans that line's start. `first` is the paragraph's first line.
    private static func breakStarting(line: Int, in paragraph: OpaquePointer, from first: Int) -> OpaquePointer? {
        var current = first
        for inline in CmarkNode.children(of: paragraph) {
            switch cmark_node_get_type(inline) {
            case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK:
                current += 1
                if current == line { return inline }
            default:
                current += lineBreaks(in: inline)
            }
            if current >= line { return nil }
        }
        return nil
    }

    /// How many line ends the inline `node` spans: breaks inside it, or the lines of a code
    /// span or raw HTML written over several lines.
    private static func lineBreaks(in node: OpaquePointer) -> Int {
        var count = 0
        guard let iterator = cmark_iter_new(node) else { return count }
        defer { cmark_iter_free(iterator) }
        while case let event = cmark_iter_next(iterator), event != CMARK_EVENT_DONE {
            guard event == CMARK_EVENT_ENTER, let current = cmark_iter_get_node(iterator) else { continue }
            switch cmark_node_get_type(current) {
            case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK: count += 1
            case CMARK_NODE_CODE, CMARK_NODE_HTML_INLINE:
                count += max(0, Int(cmark_node_get_end_line(current) - cmark_node_get_start_line(current)))
            default: continue
            }
        }
        return count
    }
}
