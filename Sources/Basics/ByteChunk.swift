/// Eight bytes of text in one `UInt64`, the first in the lowest byte, so that the scanners
/// of HTML and text (the search's terms, the fold rules' word count) classify and find
/// bytes eight at a time, without a branch per byte.
///
/// A mask has `0x80` in each byte that has the property asked for, and 0 in the others.
/// Each test works on the low seven bits of a byte, where adding a constant of at most
/// `0x80` cannot carry into the next byte, and leaves out the bytes beyond ASCII.
///
/// Public and inlinable: the scanners in other modules need it specialized into their loops.
public struct ByteChunk {
    public var bits: UInt64

    public static let high: UInt64 = 0x8080_8080_8080_8080

    /// `byte` in each of the eight bytes.
    @inlinable @inline(__always)
    public static func repeated(_ byte: UInt8) -> UInt64 { 0x0101_0101_0101_0101 &* UInt64(byte) }

    /// The eight bytes at `start`, or those before `end` followed by zeros.
    @inlinable @inline(__always)
    public init(_ base: UnsafePointer<UInt8>, at start: Int, end: Int) {
        if start + 8 <= end {
            bits = UInt64(littleEndian: UnsafeRawPointer(base + start).loadUnaligned(as: UInt64.self))
        } else {
            bits = Self.load(base + start, count: end - start)
        }
    }

    /// The `count` (at most 8) bytes at `start`, followed by zeros; it reads only those
    /// bytes, with at most two loads that may overlap.
    @inlinable @inline(__always)
    public static func load(_ start: UnsafePointer<UInt8>, count: Int) -> UInt64 {
        if count >= 4 {
            let low = UInt32(littleEndian: UnsafeRawPointer(start).loadUnaligned(as: UInt32.self))
            let high = UInt32(littleEndian: UnsafeRawPointer(start + count - 4).loadUnaligned(as: UInt32.self))
            return UInt64(low) | UInt64(high) << (8 * (count - 4))
        }
        guard count > 0 else { return 0 }
        let middle = count / 2
        return UInt64(start[0]) | UInt64(start[middle]) << (8 * middle) | UInt64(start[count - 1]) << (8 * (count - 1))
    }

    /// Where the first byte below `limit` (ASCII, not 0) is in `base[start..<end]`, or `end`.
    @inlinable @inline(__always)
    public static func firstIndex(below limit: UInt8, in base: UnsafePointer<UInt8>, from start: Int, to end: Int)
        -> Int
    {
        var index = start
        while index < end {
            let found = ByteChunk(base, at: index, end: end).bytes(below: limit)
            // (The zeros after `end` are below `limit` too.)
            if found != 0 { return min(index + count(before: found), end) }
            index += 8
        }
        return end
    }

    /// Where the first `byte` (ASCII, not 0) is in `base[start..<end]`, or `end`.
    @inlinable @inline(__always)
    public static func firstIndex(of byte: UInt8, in base: UnsafePointer<UInt8>, from start: Int, to end: Int) -> Int {
        var index = start
        while index < end {
            let found = ByteChunk(base, at: index, end: end).bytes(equalTo: byte)
            if found != 0 { return index + count(before: found) }
            index += 8
        }
        return end
    }

    /// How many bytes `mask` marks: its bytes, each 1 or 0 once shifted down, summed into
    /// the top byte by one multiplication. (`nonzeroBitCount` is a loop of a dozen
    /// instructions on the x86-64 baseline, which has no `popcnt`.)
    @inlinable @inline(__always)
    public static func count(of mask: UInt64) -> Int { Int(((mask >> 7) &* repeated(1)) >> 56) }

    /// The bits of the first `count` (0 to 7) bytes: a chunk cut after them.
    @inlinable @inline(__always)
    public static func mask(ofFirst count: Int) -> UInt64 { (1 &<< UInt64(8 &* count)) &- 1 }

    /// How many bytes come before the first byte that `mask` marks: 8 if none.
    @inlinable @inline(__always)
    public static func count(before mask: UInt64) -> Int { mask.trailingZeroBitCount >> 3 }

    /// The bytes whose value lies in `low...high`, both ASCII.
    @inlinable @inline(__always)
    package static func inRange(_ ascii: UInt64, _ low: UInt8, _ high: UInt8) -> UInt64 {
        (ascii &+ repeated(0x80 - low)) & ~(ascii &+ repeated(0x7F - high))
    }

    /// The ASCII letters and digits.
    @inlinable @inline(__always)
    public var lettersAndDigits: UInt64 {
        let ascii = bits & ~Self.high
        let letters = Self.inRange(ascii | Self.repeated(0x20), UInt8(ascii: "a"), UInt8(ascii: "z"))
        let digits = Self.inRange(ascii, UInt8(ascii: "0"), UInt8(ascii: "9"))
        return (letters | digits) & ~bits & Self.high
    }

    /// The bytes below `limit`, an ASCII byte other than 0.
    @inlinable @inline(__always)
    public func bytes(below limit: UInt8) -> UInt64 {
        ~((bits & ~Self.high) &+ Self.repeated(0x80 - limit)) & ~bits & Self.high
    }

    /// The bytes beyond ASCII.
    @inlinable @inline(__always)
    public var nonASCII: UInt64 { bits & Self.high }

    /// The bytes equal to `byte`, an ASCII byte.
    @inlinable @inline(__always)
    public func bytes(equalTo byte: UInt8) -> UInt64 {
        let difference = bits ^ Self.repeated(byte)
        return ~(((difference & ~Self.high) &+ ~Self.high) | difference) & Self.high
    }

    /// The bits with each ASCII capital letter in lowercase.
    @inlinable @inline(__always)
    public var lowercased: UInt64 {
        let ascii = bits & ~Self.high
        let capitals = Self.inRange(ascii, UInt8(ascii: "A"), UInt8(ascii: "Z")) & ~bits & Self.high
        return bits | capitals >> 2
    }
}
