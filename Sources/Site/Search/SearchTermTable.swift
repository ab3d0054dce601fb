import Basics
import FoundationEssentials
import Sections

/// The terms of one page and the entries that hold them, collected without a `String` or
/// an array per term: the terms are numbered in a ``TermSet``, and each hit is one number.
struct SearchTermTable: SearchTermSink, ~Copyable {
    private var terms = TermSet(slots: 1024)
    /// The last entry that holds each term, so that an entry counts a term once.
    private var lastEntry = UniqueBuffer<UInt32>(capacity: 512)
    /// How many hits each term has.
    private var hitCounts = UniqueBuffer<UInt32>(capacity: 512)
    /// Each hit as `term << 32 | entry << 1 | heading`, in the order found.
    private var hits = UniqueBuffer<UInt64>(capacity: 2048)

    /// The entry whose text is being scanned: where ``take(_:)`` adds the terms it is handed.
    var textEntry: UInt32 = 0

    init() {}

    var count: Int { lastEntry.count }

    /// Records that `entry` holds `term`, and returns the term's number for
    /// ``add(number:entry:heading:)``; the first hit of a term in an entry wins, so add an
    /// entry's title before its text.
    @discardableResult
    @inline(__always)
    mutating func add(_ term: UnsafeBufferPointer<UInt8>, entry: UInt32, heading: Bool) -> Int {
        add(terms.insert(term), entry: entry, heading: heading)
    }

    @discardableResult
    @inline(__always)
    private mutating func add(_ inserted: (number: Int, isNew: Bool), entry: UInt32, heading: Bool) -> Int {
        let (number, isNew) = inserted
        if isNew {
            lastEntry.append(entry)
            hitCounts.append(1)
            hits.append(UInt64(number) << 32 | UInt64(entry << 1 | (heading ? 1 : 0)))
        } else {
            add(number: number, entry: entry, heading: heading)
        }
        return number
    }

    /// Records that `entry` holds the term numbered `number` (see ``add(_:entry:heading:)``).
    @inline(__always)
    mutating func add(number: Int, entry: UInt32, heading: Bool) {
        if lastEntry[number] != entry {
            lastEntry[number] = entry
            hitCounts[number] += 1
            hits.append(UInt64(number) << 32 | UInt64(entry << 1 | (heading ? 1 : 0)))
        }
    }

    /// Adds `term` as found in the text (not a title) of ``textEntry``.
    @inline(__always)
    mutating func take(_ term: UnsafeBufferPointer<UInt8>) {
        add(term, entry: textEntry, heading: false)
    }

    @inline(__always)
    mutating func take(_ term: UnsafeBufferPointer<UInt8>, shortBytes bytes: UInt64) {
        add(terms.insert(term, shortBytes: bytes), entry: textEntry, heading: false)
    }

    /// The page's record (see ``PageSearchRecord``): `1` or `0` for `hasPageEntry`, then
    /// each term with its lists, in the order the terms were first found.
    ///
    /// Hits are grouped by term with a counting sort: entries only grow as a page is read,
    /// so each term's hits come out in increasing order without comparing anything. The
    /// record is written straight into the array's storage, sized for the longest numbers.
    func encoded(hasPageEntry: Bool) -> [UInt8] {
        let count = self.count
        let hits = self.hits.buffer
        // `ends[term]` is where the hits of `term` start, then (after placing the hits)
        // where they end; `inHeadings[term]`, whether it has a hit in a title.
        var ends = UniqueBuffer<Int>(capacity: count)
        var start = 0
        for term in 0..<count {
            ends.append(start)
            start += Int(hitCounts[term])
        }
        var grouped = UniqueBuffer<UInt32>(capacity: hits.count)
        grouped.setCount(hits.count)
        var inHeadings = UniqueBuffer<Bool>(repeating: false, count: count)
        for hit in hits {
            let term = Int(hit >> 32)
            grouped[ends[term]] = UInt32(truncatingIfNeeded: hit)
            ends[term] += 1
            if hit & 1 == 1 { inHeadings[term] = true }
        }
        let codes = grouped.buffer
        let termEnds = ends.buffer
        let termInHeadings = inHeadings.buffer
        let bytes = terms.allBytes
        let starts = terms.allStarts
        let capacity = 1 + bytes.count + PageSearchRecord.maxOverhead * count + SearchNumbers.maxDigits * hits.count
        return [UInt8](unsafeUninitializedCapacity: capacity) { buffer, written in
            let text = buffer.baseAddress!
            text[0] = UInt8(ascii: hasPageEntry ? "1" : "0")
            var length = 1
            var first = 0
            for term in 0..<count {
                let hitsOfTerm = first..<termEnds[term]
                let hasHeadings = termInHeadings[term]
                let start = starts[term]
                let termLength = starts[term + 1] - start
                length += PageSearchRecord.writeHeader(length: termLength, hasHeadings: hasHeadings, to: text + length)
                if termLength <= 8 && length + 8 <= capacity {
                    // (Most terms are short: one load and one store, not a call to `memmove`.)
                    UnsafeMutableRawPointer(text + length).storeBytes(
                        of: ByteChunk.load(bytes.baseAddress! + start, count: termLength).littleEndian, as: UInt64.self)
                } else {
                    (text + length).update(from: bytes.baseAddress! + start, count: termLength)
                }
                length += termLength
                if hasHeadings {
                    length += Self.writeEntries(of: codes[hitsOfTerm], kind: 1, to: text + length)
                    text[length] = PageSearchRecord.headingEnd
                    length += 1
                }
                length += Self.writeEntries(of: codes[hitsOfTerm], kind: 0, to: text + length)
                first = hitsOfTerm.upperBound
            }
            written = length
        }
    }

    /// Writes the entries of the increasing `codes` (`entry << 1 | heading`) whose low bit
    /// is `kind`, as gaps (see ``SearchNumbers/write(_:to:)``), and returns how
    /// many bytes they took.
    @inline(__always)
    private static func writeEntries(
        of codes: Slice<UnsafeBufferPointer<UInt32>>, kind: UInt32, to text: UnsafeMutablePointer<UInt8>
    ) -> Int {
        var previous: Int64 = -1
        var length = 0
        for code in codes where code & 1 == kind {
            let entry = Int64(code >> 1)
            length += SearchNumbers.write(UInt32(entry - previous - 1), to: text + length)
            previous = entry
        }
        return length
    }
}
