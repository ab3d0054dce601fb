import Foundation

/// The terms of one page and the entries that hold them, collected without a `String` or
/// an array per term: the terms are numbered in a ``TermSet``, and each hit is one number.
struct SearchTermTable {
    private var terms = TermSet(slots: 1024)
    /// The last entry that holds each term, so that an entry counts a term once.
    private var lastEntry: [UInt32] = []
    /// Each hit as `term << 32 | entry << 1 | heading`, in the order found.
    private var hits: [UInt64] = []

    var count: Int { lastEntry.count }

    /// Records that `entry` holds `term`, and returns the term's number for
    /// ``add(number:entry:heading:)``; the first hit of a term in an entry wins, so add an
    /// entry's title before its text.
    @discardableResult
    mutating func add(_ term: UnsafeBufferPointer<UInt8>, entry: UInt32, heading: Bool) -> Int {
        let (number, isNew) = terms.insert(term)
        if isNew {
            lastEntry.append(entry)
            hits.append(UInt64(number) << 32 | UInt64(entry << 1 | (heading ? 1 : 0)))
        } else {
            add(number: number, entry: entry, heading: heading)
        }
        return number
    }

    /// Records that `entry` holds the term numbered `number` (see ``add(_:entry:heading:)``).
    mutating func add(number: Int, entry: UInt32, heading: Bool) {
        if lastEntry[number] != entry {
            lastEntry[number] = entry
            hits.append(UInt64(number) << 32 | UInt64(entry << 1 | (heading ? 1 : 0)))
        }
    }

    /// `prefix` followed by `!term codes` for each term, in the order the terms were first
    /// found (see ``PageSearchData``).
    ///
    /// Hits are grouped by term with a counting sort: entries only grow as a page is read,
    /// so each term's hits come out in increasing order without comparing anything. The
    /// text is written straight into the string's storage, sized for the longest numbers.
    func encoded(after prefix: UInt8) -> String {
        let count = self.count
        // `ends[term]` counts the hits of the terms up to `term`, then (after placing the
        // hits) is where the hits of `term + 1` start.
        var ends = [Int](repeating: 0, count: count + 1)
        var grouped = [UInt32](repeating: 0, count: hits.count)
        hits.withUnsafeBufferPointer { hits in
            ends.withUnsafeMutableBufferPointer { ends in
                for hit in hits { ends[Int(hit >> 32) + 1] += 1 }
                for term in 0..<count { ends[term + 1] += ends[term] }
                grouped.withUnsafeMutableBufferPointer { grouped in
                    for hit in hits {
                        let term = Int(hit >> 32)
                        grouped[ends[term]] = UInt32(truncatingIfNeeded: hit)
                        ends[term] += 1
                    }
                }
            }
        }
        let capacity = 1 + terms.bytes.count + 2 * count + SearchNumbers.maxDigits * hits.count
        return String(unsafeUninitializedCapacity: capacity) { text in
            let text = text.baseAddress!
            text[0] = prefix
            var length = 1
            let starts = terms.starts
            terms.bytes.withUnsafeBufferPointer { bytes in
                grouped.withUnsafeBufferPointer { grouped in
                    var first = 0
                    for term in 0..<count {
                        text[length] = UInt8(ascii: "!")
                        let start = starts[term]
                        let termLength = starts[term + 1] - start
                        if termLength > 0 {
                            (text + length + 1).update(from: bytes.baseAddress! + start, count: termLength)
                        }
                        length += termLength + 1
                        text[length] = UInt8(ascii: " ")
                        length += 1
                        var previous: Int64 = -1
                        for code in grouped[first..<ends[term]] {
                            length += SearchNumbers.write(UInt32(Int64(code) - previous - 1), to: text + length)
                            previous = Int64(code)
                        }
                        first = ends[term]
                    }
                }
            }
            return length
        }
    }
}
