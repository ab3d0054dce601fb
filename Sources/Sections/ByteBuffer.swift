/// Growing UTF-8 output with one owner, for the text a page is rendered into: unlike an
/// `Array`, it cannot be shared, so an append is a capacity check and a copy, with no check
/// that the storage is unique and no generic sequence code (an `Array` append of a few
/// bytes took about 160 instructions, and a page's layout makes hundreds).
public struct ByteBuffer: ~Copyable {
    @usableFromInline var base: UnsafeMutablePointer<UInt8>
    @usableFromInline var capacity: Int
    @usableFromInline var length = 0

    /// How many bytes it holds.
    public var count: Int { length }

    /// Room for `capacity` bytes (at least 16) before it first grows.
    public init(capacity: Int) {
        self.capacity = max(capacity, 16)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    /// The bytes so far, valid until the next append.
    public var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: length) }

    @inlinable @inline(__always)
    public mutating func append(_ byte: UInt8) {
        if length == capacity { grow(to: length + 1) }
        base[length] = byte
        length += 1
    }

    @inlinable @inline(__always)
    public mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let start = bytes.baseAddress else { return }
        let count = bytes.count
        if length + count > capacity { grow(to: length + count) }
        let target = base + length
        if count >= 8 && count <= 16 {
            // A short run (a tag's text, a short value): two loads and two stores that may
            // overlap, instead of a call to `memcpy`.
            let head = UnsafeRawPointer(start).loadUnaligned(as: UInt64.self)
            let tail = UnsafeRawPointer(start + count - 8).loadUnaligned(as: UInt64.self)
            UnsafeMutableRawPointer(target).storeBytes(of: head, as: UInt64.self)
            UnsafeMutableRawPointer(target + count - 8).storeBytes(of: tail, as: UInt64.self)
        } else if count < 8 {
            for index in 0..<count { target[index] = start[index] }
        } else {
            target.initialize(from: start, count: count)
        }
        length += count
    }

    @inlinable
    public mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { append($0) }
    }

    /// The bytes as an array.
    public var array: [UInt8] { Array(bytes) }

    @usableFromInline
    mutating func grow(to minimum: Int) {
        let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: max(minimum, 2 * capacity))
        grown.initialize(from: base, count: length)
        base.deallocate()
        base = grown
        capacity = max(minimum, 2 * capacity)
    }
}
