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
    /// Whether the string's UTF-8 is `bytes`: compared as bytes, without a string made of them.
    func utf8Equals(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var text = self
        return text.withUTF8 { own in
            own.count == bytes.count && (own.isEmpty || memcmp(own.baseAddress!, bytes.baseAddress!, own.count) == 0)
        }
    }
}
