import Basics

/// The checksum that ends each record, header and file of the build cache: a separator,
/// then a 64-bit hash of the bytes before it as 16 lowercase hexadecimal digits.
///
/// The cache is read back by the next build, which takes what it says for the truth: a
/// page whose record says it is in place is not written again. A byte changed on disk
/// (a bad sector, a copy cut short, a hand edit) would then make a wrong site that later
/// builds keep. Whatever does not carry its own checksum is not believed.
///
/// Every build with work to do hashes the whole index and search state (tens of megabytes
/// for a large site), so the hash takes four lanes of words, each word in a short step
/// (``step(_:_:)``: two multiplications, against ``StableHash``'s five operations more;
/// see Benchmarks/NOTES.md). Each step is a bijection of its lane for a given word, and of
/// the word for a given lane, and the length and the lanes are folded by
/// ``StableHash/combine(word:)``, a bijection too: bytes that differ within one lane's words
/// always give another checksum (any change of one word, one byte, or the length), and
/// any other change one that differs but by a chance of about one in 2^64.
enum Checksum {
    static let digits = 16

    /// The checksum of `bytes`.
    static func of(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var lanes: (UInt64, UInt64, UInt64, UInt64) = (
            0x243f_6a88_85a3_08d3, 0x1319_8a2e_0370_7344, 0xa409_3822_299f_31d0, 0x082e_fa98_ec4e_6c89
        )
        let count = bytes.count
        var offset = 0
        if let base = bytes.baseAddress {
            while offset &+ 32 <= count {
                lanes.0 = step(lanes.0, base.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
                lanes.1 = step(lanes.1, base.loadUnaligned(fromByteOffset: offset &+ 8, as: UInt64.self))
                lanes.2 = step(lanes.2, base.loadUnaligned(fromByteOffset: offset &+ 16, as: UInt64.self))
                lanes.3 = step(lanes.3, base.loadUnaligned(fromByteOffset: offset &+ 24, as: UInt64.self))
                offset &+= 32
            }
            // The last 1 to 31 bytes as one more block, with zeros after them (the length
            // tells them from bytes that are zeros).
            if offset < count {
                var block: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
                let rest = UnsafeRawBufferPointer(rebasing: bytes[offset...])
                withUnsafeMutableBytes(of: &block) { $0.copyMemory(from: rest) }
                lanes.0 = step(lanes.0, block.0)
                lanes.1 = step(lanes.1, block.1)
                lanes.2 = step(lanes.2, block.2)
                lanes.3 = step(lanes.3, block.3)
            }
        }
        var hash = StableHash()
        hash.combine(word: UInt64(count))
        hash.combine(word: lanes.0)
        hash.combine(word: lanes.1)
        hash.combine(word: lanes.2)
        hash.combine(word: lanes.3)
        return hash.value
    }

    /// The checksum of `bytes`.
    static func of(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        of(UnsafeRawBufferPointer(bytes))
    }

    /// The checksum of `parts`, one after the other (each part's checksum in turn).
    static func of(parts: [UnsafeBufferPointer<UInt8>]) -> UInt64 {
        var hash = StableHash()
        for part in parts { hash.combine(word: of(part)) }
        return hash.value
    }

    /// A lane's step: the word spread over the bits above each of its own by one
    /// multiplication, added, the lane turned so that its high bits come down, and spread
    /// again by another. A bijection of the lane for a given word and of the word for a
    /// given lane; unlike a step of one multiplication, a change in a word's high bits does
    /// not stay a change of a few bits, which the next word could cancel.
    @inline(__always)
    private static func step(_ lane: UInt64, _ word: UInt64) -> UInt64 {
        let added = lane &+ UInt64(littleEndian: word) &* 0xd6e8_feb8_6659_fd93
        return (added << 31 | added >> 33) &* 0x9e37_79b9_7f4a_7c15
    }

    /// `bytes` without the separator and checksum that end them, if the checksum is the one
    /// of the bytes before the separator; `nil` if it is not, or there is none.
    static func verified(_ bytes: UnsafeBufferPointer<UInt8>, separator: UInt8) -> UnsafeBufferPointer<UInt8>? {
        let trailer = digits + 1
        guard bytes.count >= trailer, bytes[bytes.count - trailer] == separator else { return nil }
        let body = UnsafeBufferPointer(rebasing: bytes[..<(bytes.count - trailer)])
        guard let expected = Digits.hex16(UnsafeBufferPointer(rebasing: bytes[(bytes.count - digits)...])),
            of(body) == expected
        else { return nil }
        return body
    }

    /// Appends `separator` and the checksum of `bytes` from `start` on.
    static func append(to bytes: inout [UInt8], coveringFrom start: Int = 0, separator: UInt8) {
        let checksum = bytes.withUnsafeBufferPointer { of(UnsafeBufferPointer(rebasing: $0[start...])) }
        bytes.append(separator)
        bytes.appendHex(checksum, digits: digits)
    }
}
