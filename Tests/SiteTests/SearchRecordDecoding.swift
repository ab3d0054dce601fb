@testable import Site

// The readers of the search index's encodings that only the tests need: the build writes
// them, and reads them back with `PageSearchRecord.Reader` and `SearchNumbers.forEach(in:_:)`.

/// A page's search record (``PageSearchData/encoded(document:title:withText:)``) decoded: each term
/// with its codes, in the order first found; a code is the increasing `entry * 2 + 1` for
/// a hit in the entry's own title and `entry * 2` for one in its text or the titles above.
struct DecodedSearchRecord {
    var hasPageEntry: Bool
    var terms: [(term: String, codes: [UInt32])]

    init(_ encoded: [UInt8]) {
        hasPageEntry = PageSearchData.hasPageEntry(encoded)
        var terms: [(term: String, codes: [UInt32])] = []
        encoded.withUnsafeBufferPointer { record in
            var reader = PageSearchRecord.Reader(record)
            while let found = reader.next() {
                let headings = SearchNumbers.decodeIncreasing(found.headings).map { $0 << 1 | 1 }
                let texts = SearchNumbers.decodeIncreasing(found.texts).map { $0 << 1 }
                terms.append((String(decoding: found.term, as: UTF8.self), (headings + texts).sorted()))
            }
        }
        self.terms = terms
    }
}

extension SearchNumbers {
    /// Appends an increasing list as the gaps between its numbers, less one (the first
    /// counted from -1), so that dense lists are mostly single characters.
    static func appendIncreasing(_ values: [UInt32], to text: inout [UInt8]) {
        var previous: Int64 = -1
        for value in values {
            append(UInt32(Int64(value) - previous - 1), to: &text)
            previous = Int64(value)
        }
    }

    /// The numbers of `text`, as ``forEach(in:_:)`` finds them.
    static func decode(_ text: some Sequence<UInt8>) -> [UInt32] {
        var result: [UInt32] = []
        forEach(in: text) { result.append($0) }
        return result
    }

    /// The increasing list that ``appendIncreasing(_:to:)`` wrote.
    static func decodeIncreasing(_ text: some Sequence<UInt8>) -> [UInt32] {
        var previous: Int64 = -1
        return decode(text).map { gap in
            previous += Int64(gap) + 1
            return UInt32(truncatingIfNeeded: previous)
        }
    }
}
