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

    /// Records that `entry` holds `term`; the first hit of a term in an entry wins, so add
    /// an entry's title before its text.
    mutating func add(_ term: UnsafeBufferPointer<UInt8>, entry: UInt32, heading: Bool) {
        var hash: UInt32 = 0x811c_9dc5
        for byte in term { hash = (hash ^ UInt32(byte)) &* 0x0100_0193 }
        var slot = Int(hash) & (slots.count - 1)
        while true {
            let found = Int(slots[slot])
            if found < 0 { break }
            if starts[found + 1] - starts[found] == term.count,
                bytes.withUnsafeBufferPointer({ memoryEqual($0.baseAddress! + starts[found], term) })
            {
                if lastEntry[found] != entry {
                    lastEntry[found] = entry
                    hits.append(UInt64(found) << 32 | UInt64(entry << 1 | (heading ? 1 : 0)))
                }
                return
            }
            slot = (slot + 1) & (slots.count - 1)
        }
        let index = count
        slots[slot] = Int32(index)
        bytes.append(contentsOf: term)
        starts.append(bytes.count)
        lastEntry.append(entry)
        hits.append(UInt64(index) << 32 | UInt64(entry << 1 | (heading ? 1 : 0)))
        if count * 2 > slots.count { grow() }
    }

    private func memoryEqual(_ pointer: UnsafePointer<UInt8>, _ term: UnsafeBufferPointer<UInt8>) -> Bool {
        for offset in 0..<term.count where pointer[offset] != term[offset] { return false }
        return true
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

    /// Appends `!term codes` for each term, sorted by bytes (see ``PageSearchData``).
    func encode(into text: inout [UInt8]) {
        bytes.withUnsafeBufferPointer { bytes in
            func term(_ index: Int) -> UnsafeBufferPointer<UInt8> {
                UnsafeBufferPointer(rebasing: bytes[starts[index]..<starts[index + 1]])
            }
            let order = (0..<count).sorted { term($0).lexicographicallyPrecedes(term($1)) }
            var rank = [Int](repeating: 0, count: count)
            for (position, index) in order.enumerated() { rank[index] = position }
            // Hits grouped by the rank of their term; within a term they stay in entry order.
            let sorted = hits.map { UInt64(rank[Int($0 >> 32)]) << 32 | ($0 & 0xffff_ffff) }.sorted()
            var current = -1
            var previous: Int64 = -1
            for hit in sorted {
                let position = Int(hit >> 32)
                if position != current {
                    current = position
                    previous = -1
                    text.append(UInt8(ascii: "!"))
                    text.append(contentsOf: term(order[position]))
                    text.append(UInt8(ascii: " "))
                }
                let code = Int64(hit & 0xffff_ffff)
                SearchNumbers.append(UInt32(code - previous - 1), to: &text)
                previous = code
            }
        }
    }
}
