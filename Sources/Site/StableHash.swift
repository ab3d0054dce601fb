/// A 64-bit FNV-1a hash: the same for the same bytes in every run (unlike `Hasher`,
/// which is seeded per process), so it can key a cache on disk.
struct StableHash: Hashable, Sendable {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    init() {}

    init(_ text: String) {
        combine(text)
    }

    mutating func combine(_ bytes: UnsafeRawBufferPointer) {
        var hash = value
        for byte in bytes {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        value = hash
    }

    /// Mixes in a large buffer eight bytes at a time: several times faster than
    /// ``combine(_:)-(UnsafeRawBufferPointer)``, which waits on a multiplication per byte,
    /// for hashing every source file of a site on every build. Each step is a bijection of
    /// the state for a given word, so two buffers that differ in one word never collide;
    /// the shift carries the high bits of each product down into the next.
    mutating func combine(contentsOf bytes: UnsafeRawBufferPointer) {
        var hash = value
        let words = bytes.count / 8
        for index in 0..<words {
            let word = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self))
            hash = (hash ^ word) &* 0x9e37_79b9_7f4a_7c15
            hash ^= hash >> 32
        }
        value = hash
        combine(UnsafeRawBufferPointer(rebasing: bytes[(words * 8)...]))
        var count = UInt64(bytes.count)
        withUnsafeBytes(of: &count) { combine($0) }
    }

    mutating func combine(_ text: String) {
        var text = text
        text.withUTF8 { combine(UnsafeRawBufferPointer($0)) }
        combine(separator: 0xff)  // never part of UTF-8, so "ab"+"c" differs from "a"+"bc"
    }

    /// An optional number, by its bits: `nil`, `0` and `-0` all differ.
    mutating func combine(_ number: Double?) {
        guard let number else { return combine(separator: 0) }
        combine(separator: 1)
        var bits = number.bitPattern
        withUnsafeBytes(of: &bits) { combine($0) }
    }

    mutating func combine(separator byte: UInt8) {
        value = (value ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
    }

    var hex: String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
