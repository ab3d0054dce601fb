// The reference that the faster record encoding must agree with (see SearchSpeedTests).
import Foundation

@testable import Site

/// ``SearchTermTable`` as it encoded a record before it wrote into a buffer of the right size.
struct ReferenceSearchTermTable {
    private var terms = ReferenceTermSet(slots: 1024)
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

    /// Appends `!term codes` for each term, in the order the terms were first found (see
    /// ``PageSearchData``).
    ///
    /// Hits are grouped by term with a counting sort: entries only grow as a page is read,
    /// so each term's hits come out in increasing order without comparing anything.
    func encode(into text: inout [UInt8]) {
        var firstHit = [Int](repeating: 0, count: count + 1)
        for hit in hits { firstHit[Int(hit >> 32) + 1] += 1 }
        for term in 0..<count { firstHit[term + 1] += firstHit[term] }
        var grouped = [UInt32](repeating: 0, count: hits.count)
        var next = firstHit
        for hit in hits {
            let term = Int(hit >> 32)
            grouped[next[term]] = UInt32(truncatingIfNeeded: hit)
            next[term] += 1
        }
        let starts = terms.starts
        terms.bytes.withUnsafeBufferPointer { bytes in
            for term in 0..<count {
                text.append(UInt8(ascii: "!"))
                text.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[starts[term]..<starts[term + 1]]))
                text.append(UInt8(ascii: " "))
                var previous: Int64 = -1
                for code in grouped[firstHit[term]..<firstHit[term + 1]] {
                    ReferenceSearchTermTable.appendNumber(UInt32(Int64(code) - previous - 1), to: &text)
                    previous = Int64(code)
                }
            }
        }
    }

    /// ``SearchNumbers/append(_:to:)`` as it was.
    static func appendNumber(_ value: UInt32, to text: inout [UInt8]) {
        let base = SearchNumbers.base
        if value < base {
            text.append(SearchNumbers.character(value))
            return
        }
        var scale = base
        while value / scale >= base { scale *= base }
        var rest = value
        while scale > 0 {
            let digit = rest / scale
            rest -= digit * scale
            text.append(SearchNumbers.character(scale == 1 ? digit : digit + base))
            scale /= base
        }
    }
}
