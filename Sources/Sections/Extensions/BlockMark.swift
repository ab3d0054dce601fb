internal import CCmark

/// What stands for foldmark's blocks in cmark's HTML: the text of the custom nodes that
/// the extensions put into cmark's tree, which ``MarkedHTML`` reads back to cut the
/// blocks out of the HTML as values (``Body/Block``).
///
/// A mark is the byte `0xFF`, a letter for its kind, for a start the block's number in
/// ``FoundBlocks`` in decimal, and a terminator. `0xFF` is never part of UTF-8, and cmark
/// writes a page's text (which is a Swift string, so valid UTF-8), its own ASCII markup
/// and U+FFFD: a page cannot forge a mark.
///
/// The terminator is a line feed, except for a task item's mark: cmark puts a line feed
/// before and after a custom block's text unless its output already ends in one, and a
/// mark that ends in one leaves cmark's HTML between the marks as it would be without
/// them. A task item's mark stands inside an item's text, where the line feed that cmark
/// adds after it (before a nested list) belongs to the HTML around it.
enum BlockMark: Equatable {
    /// A block of ``FoundBlocks`` starts: what follows is its cmark HTML, if any.
    case start(Int)
    /// A callout's title ends and its body starts.
    case titleEnd
    /// A table cell ends.
    case cellEnd
    /// A callout's body, or a code block's HTML, ends.
    case end

    static let lead = UInt8(0xFF)
    private static let lineFeed = UInt8(ascii: "\n")

    /// Sets the text that cmark writes when it enters (or with `onExit`, leaves) `node` to
    /// the mark; `isInline` gives a task item's terminator. (Written from a buffer on the
    /// stack: a Swift string cannot hold the lead byte.)
    static func set(_ mark: BlockMark, on node: OpaquePointer, onExit: Bool = false, isInline: Bool = false) {
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: 32) { buffer in
            var count = 0
            func put(_ byte: UInt8) {
                buffer[count] = CChar(bitPattern: byte)
                count += 1
            }
            put(lead)
            switch mark {
            case .start(let number):
                put(UInt8(ascii: "s"))
                for digit in String(number).utf8 { put(digit) }
            case .titleEnd: put(UInt8(ascii: "t"))
            case .cellEnd: put(UInt8(ascii: "c"))
            case .end: put(UInt8(ascii: "e"))
            }
            put(isInline ? lead : lineFeed)
            put(0)
            if onExit {
                _ = cmark_node_set_on_exit(node, buffer.baseAddress)
            } else {
                _ = cmark_node_set_on_enter(node, buffer.baseAddress)
            }
        }
    }

    /// Reads the mark that starts at `bytes[index]` (the lead byte) and moves `index` past
    /// it; nil, with `index` past the lead byte, for bytes that are not a mark.
    static func read(_ bytes: UnsafeBufferPointer<UInt8>, at index: inout Int) -> BlockMark? {
        let start = index
        index += 1
        guard start + 2 < bytes.count, bytes[start] == lead else { return nil }
        let kind = bytes[start + 1]
        var end = start + 2
        var number = 0
        while end < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[end]), number < Int.max / 20 {
            number = number * 10 + Int(bytes[end] - UInt8(ascii: "0"))
            end += 1
        }
        guard end < bytes.count, bytes[end] == lineFeed || bytes[end] == lead else { return nil }
        let mark: BlockMark
        switch kind {
        case UInt8(ascii: "s") where end > start + 2: mark = .start(number)
        case UInt8(ascii: "t"): mark = .titleEnd
        case UInt8(ascii: "c"): mark = .cellEnd
        case UInt8(ascii: "e"): mark = .end
        default: return nil
        }
        index = end + 1
        return mark
    }
}

/// The blocks that the extensions found on a page, numbered in the order they were found
/// (not document order: each extension walks the page in turn), with what cmark's tree
/// told of them. ``MarkedHTML`` completes them with the HTML between their marks.
struct FoundBlocks {
    enum Found {
        case callout(Callout.Kind, Callout.Folding)
        case codeBlock(language: String?, options: String, text: String)
        /// Its cells follow its start mark, the header's then each row's, one per column.
        case table(alignments: [Table.Alignment], rows: Int)
        case taskItem(isChecked: Bool, text: String)
    }

    private(set) var all: [Found] = []

    var isEmpty: Bool { all.isEmpty }

    /// Adds `block` and marks its start on `node` (see ``BlockMark/set(_:on:onExit:isInline:)``).
    mutating func add(_ block: Found, markingStartOn node: OpaquePointer, isInline: Bool = false) {
        all.append(block)
        BlockMark.set(.start(all.count - 1), on: node, isInline: isInline)
    }
}
