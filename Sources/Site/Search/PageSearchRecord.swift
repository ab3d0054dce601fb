import Basics
import Sections

/// The bytes of a page's search record (``PageSearchData``) as the build cache keeps them,
/// and one reader of them for every use.
///
/// The record is `1` or `0` (whether the page has a page entry), then for each term, in the
/// order first found: a header byte, the term's bytes, the entries whose title holds it if
/// any, then the entries whose text (or a title above them) holds it. Both lists are
/// increasing entry numbers of the page, written as the search index writes its lists
/// (``SearchNumbers/write(_:to:)``), so that the merge copies them as they are.
///
/// Every byte of a list is in the ``SearchNumbers`` alphabet, from `#` (35) on; every header
/// byte is below it, so a list ends where the next header starts. A header is
/// `(length - 2) * 2 + h` for a term of 2 to 17 bytes, or `32 + h` followed by a byte with
/// the length, where `h` is 1 when the term has a title list; that list ends with
/// ``headingEnd``.
enum PageSearchRecord {
    /// The byte after a title list.
    static let headingEnd = UInt8(ascii: "\"")
    /// The first byte of the ``SearchNumbers`` alphabet: lists hold no byte below it.
    static let firstDigit: UInt8 = 35
    /// The longest term whose length fits in its header.
    static let longestShortTerm = 17
    /// The header of a term whose length follows it, without its `h`.
    static let longHeader: UInt8 = 32

    /// The most bytes a term of `length` bytes takes besides its bytes and its entries.
    static let maxOverhead = 3

    /// Writes the header of a term of `length` (1...255) bytes at `text`, and returns how many
    /// bytes it took.
    @inline(__always)
    static func writeHeader(length: Int, hasHeadings: Bool, to text: UnsafeMutablePointer<UInt8>) -> Int {
        let flag: UInt8 = hasHeadings ? 1 : 0
        if length >= 2 && length <= longestShortTerm {
            text.pointee = UInt8(length - 2) << 1 | flag
            return 1
        }
        text[0] = longHeader | flag
        text[1] = UInt8(length)
        return 2
    }

    /// One term of a record: where its bytes and its two lists lie.
    struct Term {
        var term: UnsafeBufferPointer<UInt8>
        /// The title list (may be empty) and the text list, as ``SearchNumbers`` digits.
        var headings: UnsafeBufferPointer<UInt8>
        var texts: UnsafeBufferPointer<UInt8>
    }

    /// The terms of a record one after the other. A malformed record ends early: the
    /// reader stops at the first header it cannot read.
    struct Reader {
        private let base: UnsafePointer<UInt8>?
        private let end: Int
        private var index = 1

        init(_ record: UnsafeBufferPointer<UInt8>) {
            base = record.baseAddress
            end = record.count
        }

        @inline(__always)
        mutating func next() -> Term? {
            guard let base, index < end else { return nil }
            let header = base[index]
            guard header < longHeader + 2 else { return nil }
            var start = index + 1
            var length = Int(header >> 1) + 2
            if header >= longHeader {
                guard start < end else { return nil }
                length = Int(base[start])
                start += 1
            }
            guard length > 0, start + length <= end else { return nil }
            let term = UnsafeBufferPointer(start: base + start, count: length)
            var listStart = start + length
            var headings = UnsafeBufferPointer<UInt8>(start: base + listStart, count: 0)
            if header & 1 == 1 {
                let listEnd = ByteChunk.firstIndex(below: firstDigit, in: base, from: listStart, to: end)
                guard listEnd < end, base[listEnd] == headingEnd else { return nil }
                headings = UnsafeBufferPointer(start: base + listStart, count: listEnd - listStart)
                listStart = listEnd + 1
            }
            index = ByteChunk.firstIndex(below: firstDigit, in: base, from: listStart, to: end)
            return Term(
                term: term, headings: headings,
                texts: UnsafeBufferPointer(start: base + listStart, count: index - listStart))
        }
    }
}
