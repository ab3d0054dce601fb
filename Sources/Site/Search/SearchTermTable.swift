import Foundation

/// The terms of one page and the entries that hold them, collected without a `String` or
/// an array per term: term bytes live in one buffer, found through an open-addressing
/// table, and each hit is one number. Words are the bulk of a site's text and this runs
/// for each one, so it is kept to a hash, a probe and a byte comparison.
struct SearchTermTable {
    private var bytes: [UInt8] = []
    /// Term `i` is `bytes[starts[i]..<starts[i + 1]]`.
    private var starts: [Int] = [0]
    private var slots: [Int32] = Array(repeating: -1, count: 1024)
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
        var hash: UInt32 = 0x811c_9dc5
        for byte in term { hash = (hash ^ UInt32(byte)) &* 0x0100_0193 }
        let mask = slots.count - 1
        var slot = Int(hash) & mask
        while true {
            let found = Int(slots[slot])
            if found < 0 { break }
            if starts[found + 1] - starts[found] == term.count,
                term.isEmpty
                    || bytes.withUnsafeBufferPointer({
                        memcmp($0.baseAddress! + starts[found], term.baseAddress!, term.count) == 0
                    })
            {
                add(number: found, entry: entry, heading: heading)
                return found
            }
            slot = (slot + 1) & mask
        }
        let index = count
        slots[slot] = Int32(index)
        bytes.append(contentsOf: term)
        starts.append(bytes.count)
        lastEntry.append(entry)
        hits.append(UInt64(index) << 32 | UInt64(entry << 1 | (heading ? 1 : 0)))
        if count * 2 > slots.count { grow() }
        return index
    }

    /// Records that `entry` holds the term numbered `number` (see ``add(_:entry:heading:)``).
    mutating func add(number: Int, entry: UInt32, heading: Bool) {
        if lastEntry[number] != entry {
            lastEntry[number] = entry
            hits.append(UInt64(number) << 32 | UInt64(entry << 1 | (heading ? 1 : 0)))
        }
    }

    private mutating func grow() {
        slots = Array(repeating: -1, count: slots.count * 2)
        for index in 0..<count {
            var hash: UInt32 = 0x811c_9dc5
            for byte in bytes[starts[index]..<starts[index + 1]] { hash = (hash ^ UInt32(byte)) &* 0x0100_0193 }
            var slot = Int(hash) & (slots.count - 1)
            while slots[slot] >= 0 { slot = (slot + 1) & (slots.count - 1) }
            slots[slot] = Int32(index)
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
        bytes.withUnsafeBufferPointer { bytes in
            for term in 0..<count {
                text.append(UInt8(ascii: "!"))
                text.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[starts[term]..<starts[term + 1]]))
                text.append(UInt8(ascii: " "))
                var previous: Int64 = -1
                for code in grouped[firstHit[term]..<firstHit[term + 1]] {
                    SearchNumbers.append(UInt32(Int64(code) - previous - 1), to: &text)
                    previous = Int64(code)
                }
            }
        }
    }
}
