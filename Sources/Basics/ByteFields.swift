#if canImport(Glibc)
    import Glibc
#endif

/// The pieces of a byte buffer between separators, empty ones included: `a,,b` is three.
package struct ByteFields: IteratorProtocol {
    private let bytes: UnsafeBufferPointer<UInt8>
    private let separator: UInt8
    private var start: Int
    private var done = false

    package init(_ bytes: UnsafeBufferPointer<UInt8>, separator: UInt8) {
        self.bytes = bytes
        self.separator = separator
        start = bytes.startIndex
    }

    package mutating func next() -> UnsafeBufferPointer<UInt8>? {
        nextRange().map { UnsafeBufferPointer(rebasing: bytes[$0]) }
    }

    /// The next piece as a range of indices of the buffer.
    package mutating func nextRange() -> Range<Int>? {
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
    package func withUTF8Bytes<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        var text = self
        return text.withUTF8(body)
    }

    /// Whether the string's UTF-8 holds `byte`: one `memchr`, where iterating `utf8` costs
    /// tens of instructions a byte. Paths and URLs are looked at this way for every link.
    package func utf8Contains(_ byte: UInt8) -> Bool {
        withUTF8Bytes { bytes in
            guard let base = bytes.baseAddress else { return false }
            return memchr(base, Int32(byte), bytes.count) != nil
        }
    }

    /// Where the last `byte` is in the string's UTF-8, if anywhere.
    package func utf8LastOffset(of byte: UInt8) -> Int? {
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
    package init(utf8Prefix count: Int, of text: String, then suffix: StaticString = "") {
        let tail = UnsafeBufferPointer(start: suffix.utf8Start, count: suffix.utf8CodeUnitCount)
        self = text.withUTF8Bytes { String(joiningBytes: UnsafeBufferPointer(rebasing: $0[..<count]), tail) }
    }

    /// `prefix` then `rest`, joined in one allocation from their bytes, which `+` on two
    /// strings is not: it runs for every path of the listing.
    package init(joining prefix: String, _ rest: String) {
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
    package func utf8Equals(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        withUTF8Bytes { own in
            own.count == bytes.count && (own.isEmpty || memcmp(own.baseAddress!, bytes.baseAddress!, own.count) == 0)
        }
    }
}
