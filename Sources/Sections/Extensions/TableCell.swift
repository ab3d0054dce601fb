internal import CCmark

/// One table cell's text as written, `\|` unescaped, and where it starts in the source.
struct TableCell {
    var text: [UInt8]
    var line: Int
    /// 1-based byte column of the cell's first byte.
    var column: Int

    init(_ written: ArraySlice<UInt8>, line: Int, column: Int) {
        text = []
        text.reserveCapacity(written.count)
        for index in written.indices {
            let isEscape =
                written[index] == UInt8(ascii: "\\") && index + 1 < written.endIndex
                && written[index + 1] == UInt8(ascii: "|")
            if !isEscape { text.append(written[index]) }
        }
        self.line = line
        self.column = column
    }

    /// Whether the cell may hold a link or an image, whose position is reported.
    private var mayHoldLink: Bool {
        text.contains(UInt8(ascii: "[")) || text.contains(UInt8(ascii: "<"))
    }

    /// The cells of a table row, trimmed, as ranges of `row`'s indices: split at each `|`
    /// that no backslash escapes, with one leading and one trailing `|` dropped.
    static func split(_ row: ArraySlice<UInt8>) -> [Range<Int>] {
        let row = trimmed(row)
        var start = row.startIndex
        var end = row.endIndex
        if start < end, row[start] == UInt8(ascii: "|") { start += 1 }
        if start < end, row[end - 1] == UInt8(ascii: "|"), end - 2 < start || row[end - 2] != UInt8(ascii: "\\") {
            end -= 1
        }
        var cells: [Range<Int>] = []
        var cellStart = start
        for index in start..<end where row[index] == UInt8(ascii: "|") {
            if index > start, row[index - 1] == UInt8(ascii: "\\") { continue }
            cells.append(trimmed(row[cellStart..<index]).indices)
            cellStart = index + 1
        }
        cells.append(trimmed(row[cellStart..<end]).indices)
        return cells
    }

    private static func trimmed(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        let isBlank = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        guard let first = bytes.firstIndex(where: { !isBlank($0) }), let last = bytes.lastIndex(where: { !isBlank($0) })
        else { return bytes[bytes.startIndex..<bytes.startIndex] }
        return bytes[first...last]
    }

    /// Parses every cell's inlines with cmark: each cell becomes an ATX heading, `headings[i]`
    /// for `cells[i]`, in one of `documents`, which the caller frees after taking the inlines.
    ///
    /// A cell that may hold a link is put on its own line and column, after blank lines, so
    /// that the link's position is where the author wrote it. Such a document holds at most
    /// one cell per line; the other cells share one compact document. The column is off
    /// for a row's first cell written at the line's start (a heading's text starts at
    /// column 3 at the earliest) and by one for each `\|` before the link.
    static func parse(
        _ cells: [TableCell], cmarkOptions: Int32
    ) -> (documents: [OpaquePointer], headings: [OpaquePointer?]) {
        var compact = HeadingList(isPlaced: false)
        var placed: [HeadingList] = []
        for (index, cell) in cells.enumerated() {
            if !cell.mayHoldLink {
                compact.append(cell, index: index)
            } else if let free = placed.firstIndex(where: { $0.nextLine <= cell.line }) {
                placed[free].append(cell, index: index)
            } else {
                placed.append(HeadingList(isPlaced: true))
                placed[placed.count - 1].append(cell, index: index)
            }
        }
        var documents: [OpaquePointer] = []
        var headings = [OpaquePointer?](repeating: nil, count: cells.count)
        for list in [compact] + placed where !list.cellIndices.isEmpty {
            guard let document = list.parse(cmarkOptions: cmarkOptions) else { continue }
            documents.append(document)
            for (index, heading) in zip(list.cellIndices, CmarkNode.children(of: document)) {
                headings[index] = heading
            }
        }
        return (documents, headings)
    }

    /// Markdown of one ATX heading per cell, `# text #`: the closing `#` keeps a `#` that
    /// ends the cell's text.
    private struct HeadingList {
        var isPlaced: Bool
        var markdown: [UInt8] = []
        var nextLine = 1
        var cellIndices: [Int] = []

        mutating func append(_ cell: TableCell, index: Int) {
            if isPlaced {
                markdown += repeatElement(UInt8(ascii: "\n"), count: cell.line - nextLine)
                nextLine = cell.line
            }
            markdown.append(UInt8(ascii: "#"))
            let spaces = isPlaced ? max(1, cell.column - 2) : 1
            markdown += repeatElement(UInt8(ascii: " "), count: spaces)
            markdown += cell.text
            markdown += Array(" #\n".utf8)
            nextLine += 1
            cellIndices.append(index)
        }

        func parse(cmarkOptions: Int32) -> OpaquePointer? {
            markdown.withUnsafeBufferPointer { bytes in
                bytes.withMemoryRebound(to: CChar.self) { CmarkNode.parse($0, options: cmarkOptions) }
            }
        }
    }
}
