import Basics
import FoundationEssentials
import Sections

/// Collects the terms of pages' search records (``PageSearchData``) into a
/// ``SearchDictionary`` with the entries numbered across the site.
enum SearchPostings {
    /// A page to collect: where its record is, and the number of its first entry.
    struct Source: Sendable {
        var location: ContentLocation
        var firstEntry: UInt32
        /// The number by which `recover` (see ``collect(_:packs:jobs:recover:)``) knows the
        /// page; -1 for none.
        var page = -1
    }

    /// The dictionary of the records of `pages` (whose entries must increase from one page
    /// to the next), read from the pack files in `packs`, and whether every record could be
    /// read (a page whose record cannot be read adds no term). A record that cannot be read,
    /// or does not read back as written, is asked of `recover` by its page's number, if it has one.
    /// The records in the packs named `written` were written by this build (see ``PackReader``).
    ///
    /// Each task reads a run of consecutive pages, each record once, into a table of its
    /// own, and puts its terms in order; the runs are then joined, two at a time. A run's
    /// entries all come after those of the runs before it, so joining a term's lists is
    /// appending them, with only the first gap of each run counted again.
    static func collect(
        _ pages: [Source], packs: URL, written: [String] = [], jobs: Int?,
        recover: (@Sendable (Int) -> [UInt8]?)? = nil
    ) async -> (dictionary: SearchDictionary, isComplete: Bool) {
        guard !pages.isEmpty else { return (SearchDictionary(), true) }
        let runs = Parallel.workers(for: (pages.count + 63) / 64, jobs: jobs)
        let parts = await Parallel.map(runs, jobs: jobs) { run -> (Run, Bool) in
            let run = pages[(run * pages.count / runs)..<((run + 1) * pages.count / runs)]
            var table = Table(expectedBytes: run.reduce(0) { $0 + $1.location.length })
            var reader = PackReader(folder: packs, written: written)
            var isComplete = true
            for page in run {
                // A cancelled build (Ctrl-C) publishes nothing: the rest is not read.
                if BuildInterruption.isRequested {
                    isComplete = false
                    break
                }
                if reader.read(page.location, { table.add(record: $0, firstEntry: page.firstEntry) }) { continue }
                if page.page >= 0, let terms = recover?(page.page) {
                    terms.withUnsafeBufferPointer { table.add(record: $0, firstEntry: page.firstEntry) }
                } else {
                    isComplete = false
                }
            }
            reader.close()
            return (table.sorted(), isComplete)
        }
        return (join(parts.map(\.0)), parts.allSatisfy(\.1))
    }

    /// One task's terms, numbered in a ``TermSet``, each with its two lists growing as pages
    /// are read.
    ///
    /// The lists live in one buffer, as chains of blocks that double in size up to 4 KiB,
    /// rather than in an array each: the buffer is sized from the records up front, and is
    /// one allocation to return when the task is done, not thousands left to fragment the heap.
    private struct Table: ~Copyable {
        private var terms = TermSet(slots: 4096)
        /// Per list (two per term, heading then body), where it is written; one value, read
        /// and written back once per number.
        private var states = UniqueBuffer<ListState>(capacity: 8192)
        /// Per list, its first block (-1 for none): apart from ``states``, which it would
        /// make larger, as it is needed only at the list's first byte and at the end.
        private var heads = UniqueBuffer<Int32>(capacity: 8192)
        /// Per block: where its bytes start in `lists`, how many, and the block after it.
        private var blockStart = UniqueBuffer<UInt32>(capacity: 8192)
        private var blockSize = UniqueBuffer<UInt16>(capacity: 8192)
        private var blockNext = UniqueBuffer<Int32>(capacity: 8192)
        private var lists: UniqueBuffer<UInt8>
        /// The terms of the record being added.
        private var pending = UniqueBuffer<PendingTerm>(capacity: 1024)

        /// 16 bytes: four lists to a cache line.
        private struct ListState {
            /// The last block, -1 for none.
            var tail: Int32 = -1
            /// Where the next byte goes in `lists`, and where the last block ends: a list
            /// with no block has both 0, so that its first byte starts a block.
            var next: UInt32 = 0
            var end: UInt32 = 0
            /// The last entry + 1, 0 for none.
            var lastPlusOne: UInt32 = 0

            var last: Int64 { Int64(lastPlusOne) - 1 }
        }
        init(expectedBytes: Int) {
            lists = UniqueBuffer(capacity: expectedBytes / 2)
        }

        var count: Int { terms.count }

        mutating func add(record: UnsafeBufferPointer<UInt8>, firstEntry: UInt32) {
            // First the numbers of all the record's terms, then their lists: looking a term
            // up mostly waits for memory, and the lookups of different terms can wait
            // together.
            pending.removeAll()
            var reader = PageSearchRecord.Reader(record)
            while let found = reader.next() {
                pending.append(
                    PendingTerm(number: number(of: found.term), headings: found.headings, texts: found.texts))
            }
            for item in pending.buffer {
                append(item.headings, firstEntry: firstEntry, toList: item.number * 2)
                append(item.texts, firstEntry: firstEntry, toList: item.number * 2 + 1)
            }
        }

        /// A term of the record being added: its number, and its lists in the record.
        private struct PendingTerm {
            var number: Int
            var headings: UnsafeBufferPointer<UInt8>
            var texts: UnsafeBufferPointer<UInt8>
        }

        /// Appends a page's list of entries (as the record has it: gaps from -1, the page's
        /// first entry being `firstEntry`) to list `index`: only its first gap is counted
        /// again, the others are copied as they are.
        @inline(__always)
        private mutating func append(_ entries: UnsafeBufferPointer<UInt8>, firstEntry: UInt32, toList index: Int) {
            guard !entries.isEmpty else { return }
            var state = states[index]
            let (first, length) = SearchNumbers.first(in: entries)
            var entry = Int64(firstEntry) + Int64(first)
            append(UInt32(truncatingIfNeeded: entry - state.last - 1), to: &state, list: index)
            let rest = UnsafeBufferPointer(rebasing: entries[length...])
            append(bytes: rest, to: &state, list: index)
            // The last entry: each gap is one less than the step it stands for.
            SearchNumbers.forEach(in: rest) { entry += Int64($0) + 1 }
            state.lastPlusOne = UInt32(truncatingIfNeeded: entry + 1)
            states[index] = state
        }

        /// Appends `bytes` to the list whose state is `state`, a block at a time.
        @inline(__always)
        private mutating func append(bytes: UnsafeBufferPointer<UInt8>, to state: inout ListState, list: Int) {
            var done = 0
            while done < bytes.count {
                if state.next == state.end { addBlock(to: &state, list: list) }
                let count = min(bytes.count - done, Int(state.end - state.next))
                // (Most lists are a few bytes: a loop, not a call to `memmove`.)
                let target = lists.base + Int(state.next)
                for offset in 0..<count { target[offset] = bytes[done + offset] }
                state.next += UInt32(count)
                done += count
            }
        }

        /// Appends `value` as ``SearchNumbers`` digits to the list whose state is `state`.
        @inline(__always)
        private mutating func append(_ value: UInt32, to state: inout ListState, list: Int) {
            if value < SearchNumbers.base {
                append(byte: SearchNumbers.character(value), to: &state, list: list)
                return
            }
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: SearchNumbers.maxDigits) { digits in
                let length = SearchNumbers.write(value, to: digits.baseAddress!)
                for digit in digits[..<length] { append(byte: digit, to: &state, list: list) }
            }
        }

        @inline(__always)
        private mutating func append(byte: UInt8, to state: inout ListState, list: Int) {
            if state.next == state.end { addBlock(to: &state, list: list) }
            lists[Int(state.next)] = byte
            state.next += 1
        }

        /// Starts a block at the end of list `list`, whose state is `state`.
        private mutating func addBlock(to state: inout ListState, list: Int) {
            let block = Int(state.tail)
            let size = block < 0 ? 8 : min(Int(blockSize[block]) * 2, 4096)
            let new = blockStart.count
            blockStart.append(UInt32(lists.count))
            blockSize.append(UInt16(size))
            blockNext.append(-1)
            if block < 0 { heads[list] = Int32(new) } else { blockNext[block] = Int32(new) }
            state.tail = Int32(new)
            state.next = UInt32(lists.count)
            state.end = UInt32(lists.count + size)
            lists.reserve(size)
            lists.setCount(lists.count + size)
        }

        /// The number of `term`, added if new.
        private mutating func number(of term: UnsafeBufferPointer<UInt8>) -> Int {
            let (number, isNew) = terms.insert(term)
            if isNew {
                states.append(ListState())
                states.append(ListState())
                heads.append(-1)
                heads.append(-1)
            }
            return number
        }

        /// The terms in order (see ``SearchDictionary/precedes(_:_:)``) with their lists.
        func sorted() -> Run {
            let order = SearchDictionary.order(of: count) { terms.bytes(of: $0) }
            var run = Run()
            run.dictionary.reserveCapacity(terms.allBytes.count + 3 * count + lists.count)
            run.lasts.reserveCapacity(2 * count)
            for number in order {
                let heading = states[number * 2]
                let body = states[number * 2 + 1]
                let before = run.dictionary.count
                run.dictionary.append(
                    term: terms.bytes(of: number), heading: { appendList(number * 2, heading, to: &$0) },
                    body: { appendList(number * 2 + 1, body, to: &$0) })
                if run.dictionary.count > before {
                    run.lasts.append(heading.last)
                    run.lasts.append(body.last)
                }
            }
            return run
        }

        /// Appends the bytes of list `list`, whose state is `state`, to `text`.
        private func appendList(_ list: Int, _ state: ListState, to text: inout [UInt8]) {
            var block = Int(heads[list])
            while block >= 0 {
                let start = Int(blockStart[block])
                let count = block == Int(state.tail) ? Int(state.next) - start : Int(blockSize[block])
                text.append(contentsOf: UnsafeBufferPointer(start: lists.base + start, count: count))
                block = Int(blockNext[block])
            }
        }
    }
}
