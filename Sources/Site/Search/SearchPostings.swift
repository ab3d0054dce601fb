import Foundation

/// Collects the terms of pages' search records (``PageSearchData``) into a
/// ``SearchDictionary`` with the entries numbered across the site.
enum SearchPostings {
    /// A page to collect: where its record is, and the number of its first entry.
    struct Source: Sendable {
        var location: ContentLocation
        var firstEntry: UInt32
    }

    /// The dictionary of the records of `pages` (whose entries must increase from one page
    /// to the next), read from the pack files in `packs`, and whether every record could be
    /// read (a page whose record cannot be read adds no term).
    ///
    /// Each task reads a run of consecutive pages, each record once, into a table of its
    /// own; the tables are then sorted and joined term by term. A run's entries all come
    /// after those of the runs before it, so joining a term's lists is appending them,
    /// with only the first gap of each run counted again.
    static func collect(_ pages: [Source], packs: URL, jobs: Int?) async -> (
        dictionary: SearchDictionary, isComplete: Bool
    ) {
        guard !pages.isEmpty else { return (SearchDictionary(), true) }
        let runs = Parallel.workers(for: (pages.count + 63) / 64, jobs: jobs)
        let parts = await Parallel.map(runs, jobs: jobs) { run -> (Table, Bool) in
            let run = pages[(run * pages.count / runs)..<((run + 1) * pages.count / runs)]
            var table = Table(expectedBytes: run.reduce(0) { $0 + $1.location.length })
            var reader = PackReader(folder: packs)
            var isComplete = true
            for page in run {
                let found = reader.read(page.location) { table.add(record: $0, firstEntry: page.firstEntry) }
                if !found { isComplete = false }
            }
            reader.close()
            table.sort()
            return (table, isComplete)
        }
        return (join(parts.map(\.0)), parts.allSatisfy(\.1))
    }

    /// The terms of `tables` (each run's entries after those of the runs before it) in one
    /// dictionary.
    private static func join(_ tables: [Table]) -> SearchDictionary {
        var result = SearchDictionary()
        result.reserveCapacity(tables.reduce(0) { $0 + $1.size })
        var next = [Int](repeating: 0, count: tables.count)
        var holders: [Int] = []
        while true {
            // The tables whose next term is the smallest.
            holders.removeAll(keepingCapacity: true)
            for table in tables.indices where next[table] < tables[table].count {
                guard let first = holders.first else {
                    holders.append(table)
                    continue
                }
                let order = tables[table].withTerm(at: next[table]) { term in
                    tables[first].withTerm(at: next[first]) { smallest in SearchDictionary.compare(term, smallest) }
                }
                if order < 0 { holders.removeAll(keepingCapacity: true) }
                if order <= 0 { holders.append(table) }
            }
            guard let first = holders.first else { break }
            tables[first].withTerm(at: next[first]) { term in
                result.append(
                    term: term,
                    heading: { text in
                        var last: Int64 = -1
                        for table in holders { tables[table].appendList(at: next[table], 0, after: &last, to: &text) }
                    },
                    body: { text in
                        var last: Int64 = -1
                        for table in holders { tables[table].appendList(at: next[table], 1, after: &last, to: &text) }
                    })
            }
            for table in holders { next[table] += 1 }
        }
        return result
    }

    /// One task's terms, numbered in a ``TermSet``, each with its two lists growing as pages
    /// are read.
    ///
    /// The lists live in one buffer, as chains of blocks that double in size up to 4 KiB,
    /// rather than in an array each: the buffer is sized from the records up front, and is
    /// one allocation to return when the task is done, not thousands left to fragment the heap.
    private struct Table {
        private var terms = TermSet(slots: 4096)
        /// Per list (two per term, heading then body), where it is written; one value, read
        /// and written back once per number.
        private var states: [ListState] = []
        /// Per block: where its bytes start in `lists`, how many, and the block after it.
        private var blockStart: [UInt32] = []
        private var blockSize: [UInt16] = []
        private var blockNext: [Int32] = []
        private var lists: [UInt8] = []

        private struct ListState {
            /// The first and the last block, -1 for none.
            var head: Int32 = -1
            var tail: Int32 = -1
            /// Where the next byte goes in `lists`, and where the last block ends: a list
            /// with no block has both 0, so that its first byte starts a block.
            var next: UInt32 = 0
            var end: UInt32 = 0
            /// The last entry, -1 for none.
            var last: Int64 = -1
        }
        /// The terms in order, once sorted.
        private var order: [Int] = []

        init(expectedBytes: Int) {
            lists.reserveCapacity(expectedBytes / 2)
        }

        var count: Int { terms.count }

        /// About how many bytes the table's terms take as dictionary lines.
        var size: Int { terms.bytes.count + 3 * count + lists.count }

        mutating func add(record: UnsafeBufferPointer<UInt8>, firstEntry: UInt32) {
            var index = 1
            let end = record.count
            while index < end {
                // At a `!`: the term runs to the space, its codes to the next `!`.
                var space = index + 1
                while space < end, record[space] != UInt8(ascii: " ") { space += 1 }
                guard space > index + 1, space < end else { return }
                let term = number(of: UnsafeBufferPointer(rebasing: record[(index + 1)..<space]))
                // The term's two lists, taken once for all its codes in the record.
                var heading = states[term * 2]
                var body = states[term * 2 + 1]
                var position = space + 1
                var previous: Int64 = -1
                var value: UInt32 = 0
                while position < end {
                    let byte = record[position]
                    if byte == UInt8(ascii: "!") { break }
                    position += 1
                    let digit = UInt32(byte > 92 ? byte &- 36 : byte &- 35)
                    if digit >= SearchNumbers.base {
                        value = value &* SearchNumbers.base &+ (digit &- SearchNumbers.base)
                        continue
                    }
                    let code = previous + Int64(value &* SearchNumbers.base &+ digit) + 1
                    previous = code
                    value = 0
                    let entry = Int64(firstEntry) + code >> 1
                    if code & 1 == 1 {
                        append(UInt32(truncatingIfNeeded: entry - heading.last - 1), to: &heading)
                        heading.last = entry
                    } else {
                        append(UInt32(truncatingIfNeeded: entry - body.last - 1), to: &body)
                        body.last = entry
                    }
                }
                states[term * 2] = heading
                states[term * 2 + 1] = body
                index = position
            }
        }

        /// Appends `value` as ``SearchNumbers`` digits to the list whose state is `state`.
        @inline(__always)
        private mutating func append(_ value: UInt32, to state: inout ListState) {
            if value < SearchNumbers.base {
                append(byte: SearchNumbers.character(value), to: &state)
                return
            }
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: SearchNumbers.maxDigits) { digits in
                let length = SearchNumbers.write(value, to: digits.baseAddress!)
                for digit in digits[..<length] { append(byte: digit, to: &state) }
            }
        }

        @inline(__always)
        private mutating func append(byte: UInt8, to state: inout ListState) {
            if state.next == state.end { addBlock(to: &state) }
            lists[Int(state.next)] = byte
            state.next += 1
        }

        /// Starts a block at the end of the list whose state is `state`.
        private mutating func addBlock(to state: inout ListState) {
            let block = Int(state.tail)
            let size = block < 0 ? 8 : min(Int(blockSize[block]) * 2, 4096)
            let new = blockStart.count
            blockStart.append(UInt32(lists.count))
            blockSize.append(UInt16(size))
            blockNext.append(-1)
            if block < 0 { state.head = Int32(new) } else { blockNext[block] = Int32(new) }
            state.tail = Int32(new)
            state.next = UInt32(lists.count)
            state.end = UInt32(lists.count + size)
            lists.append(contentsOf: repeatElement(0, count: size))
        }

        /// The number of `term`, added if new.
        private mutating func number(of term: UnsafeBufferPointer<UInt8>) -> Int {
            let (number, isNew) = terms.insert(term)
            if isNew { states.append(contentsOf: repeatElement(ListState(), count: 2)) }
            return number
        }

        /// Puts the terms in order (see ``SearchDictionary/precedes(_:_:)``).
        mutating func sort() {
            var order = Array(0..<count)
            let starts = terms.starts
            terms.bytes.withUnsafeBufferPointer { bytes in
                order.sort { a, b in
                    SearchDictionary.precedes(
                        UnsafeBufferPointer(rebasing: bytes[starts[a]..<starts[a + 1]]),
                        UnsafeBufferPointer(rebasing: bytes[starts[b]..<starts[b + 1]]))
                }
            }
            self.order = order
        }

        /// Calls `body` with the bytes of the term at `position` in order.
        func withTerm<T>(at position: Int, _ body: (UnsafeBufferPointer<UInt8>) -> T) -> T {
            terms.withBytes(of: order[position], body)
        }

        /// Appends list `kind` (0 heading, 1 body) of the term at `position` in order to
        /// `text`, where the list so far ends with entry `last`, and sets `last` to its own
        /// last entry.
        func appendList(at position: Int, _ kind: Int, after last: inout Int64, to text: inout [UInt8]) {
            let state = states[order[position] * 2 + kind]
            var block = Int(state.head)
            guard block >= 0 else { return }
            lists.withUnsafeBufferPointer { lists in
                var isFirst = true
                while block >= 0 {
                    let start = Int(blockStart[block])
                    let count = block == Int(state.tail) ? Int(state.next) - start : Int(blockSize[block])
                    var bytes = UnsafeBufferPointer(rebasing: lists[start..<(start + count)])
                    if isFirst {
                        // The first number counts from -1: count it from `last`. It lies in
                        // the first block, which is longer than any number.
                        let (first, length) = SearchNumbers.first(in: bytes)
                        SearchNumbers.append(UInt32(truncatingIfNeeded: Int64(first) - last - 1), to: &text)
                        bytes = UnsafeBufferPointer(rebasing: bytes[length...])
                        isFirst = false
                    }
                    text.append(contentsOf: bytes)
                    block = Int(blockNext[block])
                }
            }
            last = state.last
        }
    }
}
