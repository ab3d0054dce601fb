/// A growable run of plain values with one owner: unlike an `Array`, it cannot be shared,
/// so appending to it or writing into it needs no check that it is not (a call into the
/// runtime) and no generic sequence code. The search's per-word tables keep their terms and
/// lists in it, and pages are rendered into one of bytes: an `Array` append checks for
/// sharing each time, and a page's layout makes hundreds of appends.
///
/// Indices are checked only in debug builds; its users compute them from their own counts.
/// Inlinable, so that the modules that use it get it specialized to their element type.
public struct UniqueBuffer<Element: BitwiseCopyable>: ~Copyable {
    @usableFromInline var storage: UnsafeMutablePointer<Element>
    @usableFromInline var length = 0
    @usableFromInline var capacity: Int

    /// Room for `capacity` values (at least one) before it first grows.
    @inlinable
    public init(capacity: Int) {
        self.capacity = max(capacity, 1)
        storage = .allocate(capacity: self.capacity)
    }

    /// `count` copies of `value`.
    @inlinable
    public init(repeating value: Element, count: Int) {
        self.init(capacity: count)
        storage.initialize(repeating: value, count: count)
        length = count
    }

    @inlinable
    deinit { storage.deallocate() }

    @inlinable
    public var base: UnsafeMutablePointer<Element> { storage }

    @inlinable
    public var count: Int { length }

    @inlinable
    public var buffer: UnsafeBufferPointer<Element> { UnsafeBufferPointer(start: storage, count: length) }

    @inlinable
    public subscript(index: Int) -> Element {
        @inline(__always) get {
            assert(index >= 0 && index < length)
            return storage[index]
        }
        @inline(__always) set {
            assert(index >= 0 && index < length)
            storage[index] = newValue
        }
    }

    @inlinable @inline(__always)
    public mutating func append(_ value: Element) {
        if length == capacity { grow(to: length + 1) }
        storage[length] = value
        length += 1
    }

    @inlinable @inline(__always)
    public mutating func append(contentsOf values: UnsafeBufferPointer<Element>) {
        guard let start = values.baseAddress else { return }
        let count = values.count
        if length + count > capacity { grow(to: length + count) }
        let target = storage + length
        let bytes = count * MemoryLayout<Element>.stride
        if bytes >= 8 && bytes <= 16 {
            // A short run (a tag's text, a short value): two loads and two stores that may
            // overlap, instead of a call to `memcpy`.
            let from = UnsafeRawPointer(start)
            let to = UnsafeMutableRawPointer(target)
            let head = from.loadUnaligned(as: UInt64.self)
            let tail = from.loadUnaligned(fromByteOffset: bytes - 8, as: UInt64.self)
            to.storeBytes(of: head, as: UInt64.self)
            to.storeBytes(of: tail, toByteOffset: bytes - 8, as: UInt64.self)
        } else if bytes < 8 {
            for index in 0..<count { target[index] = start[index] }
        } else {
            target.initialize(from: start, count: count)
        }
        length += count
    }

    /// Makes room for `extra` more values, so that as many appends do not grow it.
    @inlinable
    public mutating func reserve(_ extra: Int) {
        if length + extra > capacity { grow(to: length + extra) }
    }

    /// Sets the count to `newCount`, at most the capacity; the values from the old count on
    /// are whatever the memory holds, for the caller to write.
    @inlinable
    public mutating func setCount(_ newCount: Int) {
        precondition(newCount >= 0 && newCount <= capacity)
        length = newCount
    }

    @inlinable
    public mutating func removeAll() { length = 0 }

    @usableFromInline
    package mutating func grow(to minimum: Int) {
        let grown = UnsafeMutablePointer<Element>.allocate(capacity: max(minimum, 2 * capacity))
        grown.initialize(from: storage, count: length)
        storage.deallocate()
        storage = grown
        capacity = max(minimum, 2 * capacity)
    }
}

extension UniqueBuffer where Element == UInt8 {
    @inlinable
    public mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { append(contentsOf: $0) }
    }

    /// The bytes as an array.
    public var array: [UInt8] { Array(buffer) }
}
