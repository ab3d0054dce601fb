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

    mutating func combine(_ text: String) {
        var text = text
        text.withUTF8 { combine(UnsafeRawBufferPointer($0)) }
        combine(separator: 0xff)  // never part of UTF-8, so "ab"+"c" differs from "a"+"bc"
    }

    mutating func combine(separator byte: UInt8) {
        value = (value ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
    }

    var hex: String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
