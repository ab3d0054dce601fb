/// A 64-bit FNV-1a hash: the same for the same bytes in every run (unlike `Hasher`,
/// which is seeded per process), so it can key a cache on disk.
package struct StableHash: Hashable, Sendable {
    package private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    package init() {}

    package init(_ text: String) {
        combine(text)
    }

    /// The hash of `bytes` alone (see ``combine(contentsOf:)``).
    package init(contentsOf bytes: UnsafeRawBufferPointer) {
        combine(contentsOf: bytes)
    }

    package mutating func combine(_ bytes: UnsafeRawBufferPointer) {
        var hash = value
        for byte in bytes {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        value = hash
    }

    /// Mixes in a large buffer eight bytes at a time, in two independent lanes: several
    /// times faster than ``combine(_:)-(UnsafeRawBufferPointer)``, which waits on a
    /// multiplication per byte, for hashing every source file of a site on every build.
    /// Each step is a bijection of its lane's state that spreads every bit of the word
    /// over all bits of the state, so that no pattern of changed bits in a few words
    /// cancels out. The lanes start from constants and are then folded into the hash so
    /// far, so that a buffer added after others keeps what they gave (lanes started from
    /// the hash and its complement cancelled it out when the buffer was shorter than a pair
    /// of words).
    package mutating func combine(contentsOf bytes: UnsafeRawBufferPointer) {
        var first: UInt64 = 0x243f_6a88_85a3_08d3
        var second: UInt64 = 0x1319_8a2e_0370_7344
        let pairs = bytes.count / 16
        for index in 0..<pairs {
            first = Self.mix(first, bytes.loadUnaligned(fromByteOffset: index * 16, as: UInt64.self))
            second = Self.mix(second, bytes.loadUnaligned(fromByteOffset: index * 16 + 8, as: UInt64.self))
        }
        value = Self.mix(Self.mix(value, first), second)
        combine(UnsafeRawBufferPointer(rebasing: bytes[(pairs * 16)...]))
        var count = UInt64(bytes.count)
        withUnsafeBytes(of: &count) { combine($0) }
    }

    private static func mix(_ state: UInt64, _ word: UInt64) -> UInt64 {
        var state = state ^ UInt64(littleEndian: word)
        state ^= state >> 31
        state &*= 0x9e37_79b9_7f4a_7c15
        state ^= state >> 29
        state &*= 0xd6e8_feb8_6659_fd93
        return state ^ (state >> 32)
    }

    package mutating func combine(_ text: String) {
        // In place when the string's UTF-8 is contiguous, as native strings' is.
        if text.utf8.withContiguousStorageIfAvailable({ combine(UnsafeRawBufferPointer($0)) }) == nil {
            var text = text
            text.withUTF8 { combine(UnsafeRawBufferPointer($0)) }
        }
        combine(separator: 0xff)  // never part of UTF-8, so "ab"+"c" differs from "a"+"bc"
    }

    /// An optional number, by its bits: `nil`, `0` and `-0` all differ.
    package mutating func combine(_ number: Double?) {
        guard let number else { return combine(separator: 0) }
        combine(separator: 1)
        var bits = number.bitPattern
        withUnsafeBytes(of: &bits) { combine($0) }
    }

    /// Mixes in a word at once: a digest of something hashed apart (see
    /// ``PagePass/digest(of:)``), in one step rather than eight multiplications.
    package mutating func combine(word: UInt64) {
        value = Self.mix(value, word)
    }

    package mutating func combine(separator byte: UInt8) {
        value = (value ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
    }

    package var hex: String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
