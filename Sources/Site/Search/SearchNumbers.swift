/// The compact text form of lists of numbers in the search index: each number in base 45,
/// most significant digit first, every digit but the last drawn from the upper half of a
/// 90-character alphabet, the last from the lower half, so numbers need no separator.
///
/// The alphabet is the printable ASCII from `#` to `}` without `\`: nothing in it needs
/// escaping inside a JSON string, and ` ` and `!` stay free as separators. Numbers below
/// 45 take one character, below 2,025 two, below 91,125 three. `Templates/search.js`
/// decodes the same form.
enum SearchNumbers {
    static let base: UInt32 = 45

    static func character(_ value: UInt32) -> UInt8 {
        let code = 35 + UInt8(value)
        return code >= 92 ? code + 1 : code
    }

    /// Appends `value` to `text`.
    @inline(__always)
    static func append(_ value: UInt32, to text: inout [UInt8]) {
        if value < base {
            text.append(character(value))
            return
        }
        appendLong(value, to: &text)
    }

    /// A number of two or more digits, without an array.
    private static func appendLong(_ value: UInt32, to text: inout [UInt8]) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: maxDigits) { digits in
            let length = writeLong(value, to: digits.baseAddress!)
            text.append(contentsOf: UnsafeBufferPointer(rebasing: digits[..<length]))
        }
    }

    /// The most characters a number takes (45^6 > 2^32).
    static let maxDigits = 6

    /// Writes `value` at `text`, which has room for ``maxDigits`` characters, and returns
    /// how many it took.
    @inline(__always)
    static func write(_ value: UInt32, to text: UnsafeMutablePointer<UInt8>) -> Int {
        if value < base {
            text.pointee = character(value)
            return 1
        }
        return writeLong(value, to: text)
    }

    private static func writeLong(_ value: UInt32, to text: UnsafeMutablePointer<UInt8>) -> Int {
        // The length first, then the digits from the last: divisions by the constant base,
        // which compile to multiplications.
        let length =
            value < 2_025 ? 2 : value < 91_125 ? 3 : value < 4_100_625 ? 4 : value < 184_528_125 ? 5 : 6
        var rest = value
        text[length - 1] = character(rest % base)
        rest /= base
        var index = length - 2
        while index >= 0 {
            text[index] = character(rest % base + base)
            rest /= base
            index -= 1
        }
        return length
    }

    /// The first number of `text` and how many characters it takes; `(0, count)` if
    /// `text` holds no whole number.
    static func first(in text: UnsafeBufferPointer<UInt8>) -> (value: UInt32, length: Int) {
        var value: UInt32 = 0
        for index in text.indices {
            let byte = text[index]
            let digit = UInt32(byte > 92 ? byte &- 36 : byte &- 35)
            if digit < base { return (value &* base &+ digit, index + 1) }
            value = value &* base &+ (digit &- base)
        }
        return (0, text.count)
    }

    /// Calls `body` with each number of `text` (made by ``append(_:to:)``); stops at the
    /// first byte that is not of the alphabet.
    static func forEach(in text: some Sequence<UInt8>, _ body: (UInt32) -> Void) {
        var value: UInt32 = 0
        for byte in text {
            guard byte >= 35, byte <= 125, byte != 92 else { break }
            let digit = UInt32(byte > 92 ? byte - 36 : byte - 35)
            if digit >= base {
                value = value &* base &+ (digit - base)
            } else {
                body(value &* base &+ digit)
                value = 0
            }
        }
    }
}
