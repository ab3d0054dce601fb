import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// Byte strings numbered in the order they were first inserted, found through an
/// open-addressing table over their bytes: no `String` or array per term. Both a page's
/// terms (``SearchTermTable``) and a task's terms of many pages (``SearchPostings``) are
/// gathered in one, for every word of the site, so an insert is a hash, a probe and a
/// byte comparison.
///
/// Each slot keeps the term's hash beside its number, and a term of up to 7 bytes itself:
/// a probe compares the bytes of a longer term only when the hashes agree, and never needs
/// the bytes of a short one, which saves reading them from wherever they lie in a large
/// table. The table grows without hashing a term again. Its storage has one owner
/// (``UniqueBuffer``), so that inserting never checks whether it is shared.
package struct TermSet: ~Copyable {
    /// Term `i` is `bytes[starts[i]..<starts[i + 1]]`.
    private var bytes: UniqueBuffer<UInt8>
    private var starts: UniqueBuffer<Int>
    /// Two words per slot: 0 if empty, else the term's hash in the high half and its number
    /// + 1 in the low half; then its ``Key``.
    private var slots: UniqueBuffer<UInt64>

    /// `slots` (a power of two) is where the table starts; it doubles as it fills.
    package init(slots: Int) {
        self.slots = UniqueBuffer(repeating: 0, count: 2 * slots)
        bytes = UniqueBuffer(capacity: 4 * slots)
        starts = UniqueBuffer(capacity: slots / 2 + 1)
        starts.append(0)
    }

    package var count: Int { starts.count - 1 }

    /// The bytes of all the terms, one after the other.
    package var allBytes: UnsafeBufferPointer<UInt8> { bytes.buffer }

    /// Where each term starts in ``allBytes``, and where the last ends.
    package var allStarts: UnsafeBufferPointer<Int> { starts.buffer }

    /// The bytes of term `number`, valid until the next insert.
    @inline(__always)
    package func bytes(of number: Int) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: bytes.base + starts[number], count: starts[number + 1] - starts[number])
    }

    /// The number of `term`, and whether this call added it.
    @inline(__always)
    package mutating func insert(_ term: UnsafeBufferPointer<UInt8>) -> (number: Int, isNew: Bool) {
        let (hash, key) = Self.hash(term)
        return insert(term, hash: hash, key: key)
    }

    /// ``insert(_:)`` for a term of fewer than 8 bytes that the caller has in `bytes`, the
    /// first in the lowest byte and zeros after the last: its hash and key come from them,
    /// without reading the term again.
    @inline(__always)
    package mutating func insert(_ term: UnsafeBufferPointer<UInt8>, shortBytes bytes: UInt64) -> (number: Int, isNew: Bool) {
        let (hash, key) = Self.hash(shortBytes: bytes, count: term.count)
        return insert(term, hash: hash, key: key)
    }

    @inline(__always)
    private mutating func insert(_ term: UnsafeBufferPointer<UInt8>, hash: UInt32, key: UInt64) -> (
        number: Int, isNew: Bool
    ) {
        let tag = UInt64(hash) << 32
        let mask = slots.count / 2 - 1
        var slot = Int(hash) & mask
        while true {
            let value = slots[2 * slot]
            if value == 0 { break }
            if value & 0xFFFF_FFFF_0000_0000 == tag && slots[2 * slot + 1] == key {
                let number = Int(truncatingIfNeeded: UInt32(truncatingIfNeeded: value)) - 1
                if key != Self.longKey { return (number, false) }
                let start = starts[number]
                if starts[number + 1] - start == term.count,
                    memcmp(bytes.base + start, term.baseAddress!, term.count) == 0
                {
                    return (number, false)
                }
            }
            slot = (slot + 1) & mask
        }
        let number = count
        slots[2 * slot] = tag | UInt64(number + 1)
        slots[2 * slot + 1] = key
        bytes.append(contentsOf: term)
        starts.append(bytes.count)
        if count * 4 > slots.count { grow() }
        return (number, true)
    }

    /// The key of every term of 8 bytes or more; a shorter term's key is its bytes, with its
    /// length in the top byte, which tells it apart from every other term.
    private static let longKey: UInt64 = 0xFF << 56

    private static let multiplier: UInt64 = 0xBF58_476D_1CE4_E5B9
    private static let seed: UInt64 = 0x9E37_79B9_7F4A_7C15

    /// A multiply-and-shift hash that takes 8 bytes at a time, and the term's key.
    @inline(__always)
    package static func hash(_ term: UnsafeBufferPointer<UInt8>) -> (hash: UInt32, key: UInt64) {
        var hash = seed ^ UInt64(term.count)
        var tail: UInt64 = 0
        if let base = term.baseAddress {
            var index = 0
            while index + 8 <= term.count {
                hash = (hash ^ UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)) &* multiplier
                hash ^= hash >> 29
                index += 8
            }
            tail = ByteChunk.load(base + index, count: term.count - index)
        }
        return finish(hash, tail: tail, count: term.count)
    }

    /// ``hash(_:)`` of a term of `count` (below 8) bytes, which are `bytes`.
    @inline(__always)
    package static func hash(shortBytes bytes: UInt64, count: Int) -> (hash: UInt32, key: UInt64) {
        finish(seed ^ UInt64(count), tail: bytes, count: count)
    }

    /// The hash of a term whose 8-byte steps gave `start` and whose last bytes are `tail`.
    @inline(__always)
    private static func finish(_ start: UInt64, tail: UInt64, count: Int) -> (hash: UInt32, key: UInt64) {
        var hash = (start ^ tail) &* multiplier
        // Folds the high bits, which every byte reaches, into the low ones, then spreads
        // them over the high half again.
        hash = (hash ^ hash >> 32) &* multiplier
        let key = count < 8 ? UInt64(count) << 56 | tail : longKey
        return (UInt32(truncatingIfNeeded: hash >> 32), key)
    }

    private mutating func grow() {
        var grown = UniqueBuffer<UInt64>(repeating: 0, count: slots.count * 2)
        let mask = grown.count / 2 - 1
        for slot in 0..<(slots.count / 2) where slots[2 * slot] != 0 {
            var target = Int(slots[2 * slot] >> 32) & mask
            while grown[2 * target] != 0 { target = (target + 1) & mask }
            grown[2 * target] = slots[2 * slot]
            grown[2 * target + 1] = slots[2 * slot + 1]
        }
        slots = grown
    }
}
