#if canImport(Glibc)
    import Glibc
#endif

/// cmark's HTML of a run of blocks, read back into a ``Body``: the HTML between the marks
/// of ``BlockMark`` goes where it belongs (around the blocks, into a callout's title and
/// body, a code block, a table's cells), and each start mark becomes the block it numbers.
///
/// Recursive only through callouts inside callouts, which ``Callouts`` keeps few.
struct MarkedHTML: ~Copyable {
    private let bytes: UnsafeBufferPointer<UInt8>
    private let found: [FoundBlocks.Found]
    private var index = 0

    /// The body of cmark's HTML `bytes`, which hold the marks of the blocks in `found`.
    static func body(_ bytes: UnsafeBufferPointer<UInt8>, found: FoundBlocks) -> Body {
        // Most pages have no block of foldmark's, and many runs have none.
        guard !found.isEmpty, let base = bytes.baseAddress, memchr(base, Int32(BlockMark.lead), bytes.count) != nil
        else {
            return Body(trusted: String(decoding: bytes, as: UTF8.self))
        }
        var reader = MarkedHTML(bytes: bytes, found: found.all)
        return reader.body(reserving: bytes.count)
    }

    private init(bytes: UnsafeBufferPointer<UInt8>, found: [FoundBlocks.Found]) {
        self.bytes = bytes
        self.found = found
    }

    /// The HTML and blocks up to an `end` mark, which it reads, or to the end; `capacity`
    /// is room for the HTML, which then does not grow.
    private mutating func body(reserving capacity: Int = 0) -> Body {
        var html: [UInt8] = []
        html.reserveCapacity(capacity)
        var blocks: [Body.Block] = []
        while true {
            let end = nextLead()
            html.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[index..<end]))
            index = end
            guard let mark = nextMark(), mark != .end else { break }
            if case .start(let number) = mark, number < found.count {
                blocks.append(Body.Block(offset: html.count, content: complete(found[number])))
            }
        }
        return Body(trusted: String(decoding: html, as: UTF8.self), blocks: blocks)
    }

    /// The block that `described` says, completed with the HTML after its start mark.
    private mutating func complete(_ described: FoundBlocks.Found) -> Body.Block.Content {
        switch described {
        case .callout(let kind, let folding):
            let title = fragment()
            return .callout(Callout(kind: kind, folding: folding, titleHTML: title, body: body()))
        case .codeBlock(let language, let options, let text):
            return .codeBlock(CodeBlock(language: language, options: options, text: text, html: fragment()))
        case .table(let alignments, let rows):
            let header = alignments.map { _ in fragment() }
            let cells = (0..<rows).map { _ in alignments.map { _ in fragment() } }
            return .table(Table(alignments: alignments, header: header, rows: cells))
        case .taskItem(let isChecked, let text):
            return .taskItem(TaskItem(isChecked: isChecked, text: text))
        }
    }

    /// The HTML up to the next mark, which it reads: a callout's title, a code block, a cell.
    private mutating func fragment() -> HTMLFragment {
        let end = nextLead()
        let html = String(decoding: UnsafeBufferPointer(rebasing: bytes[index..<end]), as: UTF8.self)
        index = end
        _ = nextMark()
        return HTMLFragment(trusted: html)
    }

    /// Where the next mark's lead byte is at or after `index`, or the end.
    private func nextLead() -> Int {
        guard index < bytes.count, let base = bytes.baseAddress,
            let found = memchr(base + index, Int32(BlockMark.lead), bytes.count - index)
        else {
            return bytes.count
        }
        return UnsafeRawPointer(found) - UnsafeRawPointer(base)
    }

    /// The mark at `index`, read; nil at the end. A lead byte that starts no mark (cmark's
    /// HTML has none of its own) is passed over with the HTML up to the next one.
    private mutating func nextMark() -> BlockMark? {
        while index < bytes.count {
            if let mark = BlockMark.read(bytes, at: &index) { return mark }
            index = nextLead()
        }
        return nil
    }
}
