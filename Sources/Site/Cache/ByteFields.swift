#if canImport(Glibc)
    import Glibc
#endif

/// The pieces of a byte buffer between separators, empty ones included: `a,,b` is three.
struct ByteFields: IteratorProtocol {
    private let bytes: UnsafeBufferPointer<UInt8>
    private let separator: UInt8
    private var start: Int
    private var done = false

    init(_ bytes: UnsafeBufferPointer<UInt8>, separator: UInt8) {
        self.bytes = bytes
        self.separator = separator
        start = bytes.startIndex
    }

    mutating func next() -> UnsafeBufferPointer<UInt8>? {
        nextRange().map { UnsafeBufferPointer(rebasing: bytes[$0]) }
    }

    /// The next piece as a range of indices of the buffer.
    mutating func nextRange() -> Range<Int>? {
        guard !done else { return nil }
        var end = bytes.endIndex
        if let base = bytes.baseAddress, start < end,
            let found = memchr(base + start, Int32(separator), end - start)
        {
            end = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
        }
        let range = start..<end
        if end == bytes.endIndex { done = true } else { start = end + 1 }
        return range
    }
}

extension String {
    /// Calls `body` with the string's UTF-8 bytes, in place for a native string.
    @inline(__always)
    func withUTF8Bytes<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        var text = self
        return text.withUTF8(body)
    }

    /// Whether the string's UTF-8 holds `byte`: one `memchr`, where iterating `utf8` costs
    /// tens of instructions a byte. Paths and URLs are looked at this way for every link.
    func utf8Contains(_ byte: UInt8) -> Bool {
        withUTF8Bytes { bytes in
            guard let base = bytes.baseAddress else { return false }
            return memchr(base, Int32(byte), bytes.count) != nil
        }
    }

    /// Where the last `byte` is in the string's UTF-8, if anywhere.
    func utf8LastOffset(of byte: UInt8) -> Int? {
        withUTF8Bytes { bytes in
            var index = bytes.count
            while index > 0 {
                index -= 1
                if bytes[index] == byte { return index }
            }
            return nil
        }
    }

    /// The string of the first `count` bytes of `text`'s UTF-8 (cut at an ASCII byte), then
    /// `suffix`: one allocation, no index arithmetic on the string.
    init(utf8Prefix count: Int, of text: String, then suffix: StaticString = "") {
        let tail = UnsafeBufferPointer(start: suffix.utf8Start, count: suffix.utf8CodeUnitCount)
        self = text.withUTF8Bytes { String(joiningBytes: UnsafeBufferPointer(rebasing: $0[..<count]), tail) }
    }

    /// `prefix` then `rest`, joined in one allocation from their bytes: `+` on two strings
    /// cost about 590 instructions a path of the listing, this about a quarter of that.
    init(joining prefix: String, _ rest: String) {
        if prefix.isEmpty {
            self = rest
            return
        }
        self = prefix.withUTF8Bytes { head in rest.withUTF8Bytes { String(joiningBytes: head, $0) } }
    }

    /// The string of the UTF-8 bytes `head` then `tail`, in one allocation.
    private init(joiningBytes head: UnsafeBufferPointer<UInt8>, _ tail: UnsafeBufferPointer<UInt8>) {
        self.init(unsafeUninitializedCapacity: head.count + tail.count) { out in
            _ = out.initialize(from: head)
            _ = UnsafeMutableBufferPointer(rebasing: out[head.count...]).initialize(from: tail)
            return head.count + tail.count
        }
    }

    /// Whether the string's UTF-8 is `bytes`: compared as bytes, without a string made of them.
    func utf8Equals(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        withUTF8Bytes { own in
            own.count == bytes.count && (own.isEmpty || memcmp(own.baseAddress!, bytes.baseAddress!, own.count) == 0)
        }
    }
}

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
    static func decimal<Result>(_ value: UInt64, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
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
    static func hexNumber(_ digits: UnsafeBufferPointer<UInt8>) -> UInt64? {
        var index = 0
        // (0xFF is in no UTF-8 text: the number ends with `digits`, or it is not one.)
        guard let value = hexNumber(digits, at: &index, until: 0xFF), index == digits.count + 1 else { return nil }
        return value
    }

    /// The number of 1 to 16 lowercase hexadecimal digits that starts at `index` and ends
    /// at the end of `bytes` or at `separator`; `index` is then past the separator (or
    /// the end). `nil` if there is no digit or a byte that is neither.
    @inline(__always)
    static func hexNumber(_ bytes: UnsafeBufferPointer<UInt8>, at index: inout Int, until separator: UInt8)
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
    static func hex<Result>(
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
    mutating func appendDecimal(_ value: UInt64) {
        Digits.decimal(value) { append(contentsOf: $0) }
    }

    /// Appends `value` in lowercase hexadecimal, as `String(value, radix: 16)` writes it,
    /// with leading zeros up to `digits` (at most 16) digits.
    mutating func appendHex(_ value: UInt64, digits minimum: Int = 1) {
        Digits.hex(value, minimum: minimum) { append(contentsOf: $0) }
    }
}
