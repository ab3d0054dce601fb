import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// A set of names (file names, source paths) as bytes, numbered in the order they were
/// first inserted: one buffer for all the names and a table of their numbers, so that
/// neither inserting nor looking up makes a `String` or hashes one with `Hasher`, which
/// for the thousands of folder names a large site lists was a visible part of an edit's
/// build. Unlike ``TermSet``, which
/// does the same for the search's terms, it can be copied and kept in other values.
package struct NameSet: Sendable {
    private var bytes: [UInt8] = []
    /// Name `i` is `bytes[starts[i]..<starts[i + 1]]`.
    private var starts: [Int] = [0]
    /// 0 for an empty slot, else a name's number + 1; a power of two, at most half full.
    private var slots = [Int32](repeating: 0, count: 16)

    package init() {}

    package var count: Int { starts.count - 1 }

    /// Inserts `name` unless it is there; its number either way.
    @discardableResult
    package mutating func insert(_ name: UnsafeBufferPointer<UInt8>) -> Int {
        if let number = number(of: name) { return number }
        if 2 * (count + 1) > slots.count { grow() }
        bytes.append(contentsOf: name)
        starts.append(bytes.count)
        place(count - 1, hash: Self.hash(name))
        return count - 1
    }

    package func contains(_ name: UnsafeBufferPointer<UInt8>) -> Bool { number(of: name) != nil }

    /// The number of `name`, if it is in the set.
    package func number(of name: UnsafeBufferPointer<UInt8>) -> Int? {
        let mask = slots.count - 1
        var slot = Self.hash(name) & mask
        while slots[slot] != 0 {
            let number = Int(slots[slot]) - 1
            let start = starts[number]
            // memcmp: `elementsEqual` goes through generic sequence code, byte by byte.
            if starts[number + 1] - start == name.count,
                name.isEmpty
                    || bytes.withUnsafeBufferPointer({
                        memcmp($0.baseAddress! + start, name.baseAddress!, name.count) == 0
                    })
            {
                return number
            }
            slot = (slot + 1) & mask
        }
        return nil
    }

    private static func hash(_ name: UnsafeBufferPointer<UInt8>) -> Int { Int(TermSet.hash(name).hash) }

    private mutating func place(_ number: Int, hash: Int) {
        let mask = slots.count - 1
        var slot = hash & mask
        while slots[slot] != 0 { slot = (slot + 1) & mask }
        slots[slot] = Int32(number + 1)
    }

    private mutating func grow() {
        slots = [Int32](repeating: 0, count: slots.count * 2)
        for number in 0..<count {
            let hash = bytes.withUnsafeBufferPointer {
                Self.hash(UnsafeBufferPointer(rebasing: $0[starts[number]..<starts[number + 1]]))
            }
            place(number, hash: hash)
        }
    }
}
