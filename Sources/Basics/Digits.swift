#if canImport(Glibc)
    import Glibc
#endif

/// Numbers as the ASCII digits that `String(value)` and `String(value, radix: 16)` write,
/// made in a small buffer on the stack: records, states and indexes write thousands of
/// numbers, and a `String` for each cost more than the rest of the line.
package enum Digits {
    /// The value of the hexadecimal digit `byte`, in either case; `nil` for any other byte.
    package static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// `body` with the decimal digits of `value`.
    package static func decimal<Result>(_ value: UInt64, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var start = digits.count
            var rest = value
            repeat {
                start -= 1
                digits[start] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: rest % 10)
                rest /= 10
            } while rest > 0
            return body(UnsafeBufferPointer(rebasing: digits[start...]))
        }
    }

    /// The number that ``hex(_:minimum:_:)`` wrote: `digits` is 1 to 16 lowercase
    /// hexadecimal digits and nothing else; `nil` if it is not.
    package static func hexNumber(_ digits: UnsafeBufferPointer<UInt8>) -> UInt64? {
        var index = 0
        // (0xFF is in no UTF-8 text: the number ends with `digits`, or it is not one.)
        guard let value = hexNumber(digits, at: &index, until: 0xFF), index == digits.count + 1 else { return nil }
        return value
    }

    /// The number that ``hex(_:minimum:_:)`` wrote in exactly 16 digits, read eight digits at
    /// a time rather than one: a record of the build cache holds three such ``Checksum``s,
    /// and every build with work to do reads every record. `nil` if `digits` are not 16
    /// lowercase hexadecimal digits.
    package static func hex16(_ digits: UnsafeBufferPointer<UInt8>) -> UInt64? {
        guard digits.count == 16, let base = digits.baseAddress else { return nil }
        let raw = UnsafeRawPointer(base)
        let high = raw.loadUnaligned(as: UInt64.self)
        let low = raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
        guard let high = hex8(UInt64(littleEndian: high)), let low = hex8(UInt64(littleEndian: low)) else { return nil }
        return high << 32 | low
    }

    /// The value of eight hexadecimal digits, the first in the lowest byte of `word`.
    @inline(__always)
    private static func hex8(_ word: UInt64) -> UInt64? {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highBits = 0x80 * ones
        // Whether each byte is a digit ('0'-'9', 0x30-0x39) or a letter ('a'-'f', 0x61-0x66),
        // in its high bit: the low seven bits plus 0x80 - n have the high bit set when they
        // are at least n (and carry into no other byte).
        let low7 = word & (0x7F * ones)
        let letter = (low7 &+ (0x80 - 0x61) * ones) & ~(low7 &+ (0x80 - 0x67) * ones)
        let digit = (low7 &+ (0x80 - 0x30) * ones) & ~(low7 &+ (0x80 - 0x3A) * ones)
        // (A byte with its own high bit set is neither.)
        guard (letter | digit) & ~word & highBits == highBits else { return nil }
        // Each byte's value: its low nibble, plus 9 for a letter.
        let values = (word & (0x0F * ones)) &+ ((letter >> 7) & ones) &* 9
        // Nibbles together, the first digit highest: the bytes turned around, then joined
        // by pairs, fours and eights.
        var packed = values.byteSwapped
        packed = (packed | packed >> 4) & 0x00FF_00FF_00FF_00FF
        packed = (packed | packed >> 8) & 0x0000_FFFF_0000_FFFF
        packed = (packed | packed >> 16) & 0x0000_0000_FFFF_FFFF
        return packed
    }

    /// The number of 1 to 16 lowercase hexadecimal digits that starts at `index` and ends
    /// at the end of `bytes` or at `separator`; `index` is then past the separator (or
    /// the end). `nil` if there is no digit or a byte that is neither.
    @inline(__always)
    package static func hexNumber(_ bytes: UnsafeBufferPointer<UInt8>, at index: inout Int, until separator: UInt8)
        -> UInt64?
    {
        let start = index
        var value: UInt64 = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == separator { break }
            var digit = byte &- UInt8(ascii: "0")
            if digit > 9 {
                digit = byte &- UInt8(ascii: "a")
                guard digit < 6 else { return nil }
                digit += 10
            }
            value = value << 4 | UInt64(digit)
            index += 1
        }
        guard index > start, index - start <= 16 else { return nil }
        index += 1
        return value
    }

    /// `body` with the lowercase hexadecimal digits of `value`, with leading zeros up to
    /// `minimum` (at most 16) digits.
    package static func hex<Result>(
        _ value: UInt64, minimum: Int = 1, _ body: (UnsafeBufferPointer<UInt8>) -> Result
    ) -> Result {
        let count = Swift.max(1, (64 - value.leadingZeroBitCount + 3) / 4, Swift.min(minimum, 16))
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 16) { digits in
            for index in 0..<count {
                let nibble = UInt8(truncatingIfNeeded: value >> UInt64(4 * (count - 1 - index))) & 0xF
                digits[index] = nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
            }
            return body(UnsafeBufferPointer(rebasing: digits[..<count]))
        }
    }
}

extension [UInt8] {
    /// Appends `value` in decimal, as `String(value)` writes it (see ``Digits``).
    package mutating func appendDecimal(_ value: UInt64) {
        Digits.decimal(value) { append(contentsOf: $0) }
    }

    /// Appends `value` in lowercase hexadecimal, as `String(value, radix: 16)` writes it,
    /// with leading zeros up to `digits` (at most 16) digits.
    package mutating func appendHex(_ value: UInt64, digits minimum: Int = 1) {
        Digits.hex(value, minimum: minimum) { append(contentsOf: $0) }
    }
}
