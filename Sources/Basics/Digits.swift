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
