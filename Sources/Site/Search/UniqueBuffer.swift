/// A growable run of plain values with one owner, for the search's per-word tables: unlike
/// an `Array`, it cannot be shared, so appending to it or writing into it needs no check
/// that it is not (a call into the runtime, on every word of every page).
///
/// Indices are checked only in debug builds; the tables that use it compute them from
/// their own counts.
struct UniqueBuffer<Element: BitwiseCopyable>: ~Copyable {
    private(set) var base: UnsafeMutablePointer<Element>
    private(set) var count = 0
    private var capacity: Int

    /// Room for `capacity` values (at least one) before it first grows.
    init(capacity: Int) {
        self.capacity = max(capacity, 1)
        base = .allocate(capacity: self.capacity)
    }

    /// `count` copies of `value`.
    init(repeating value: Element, count: Int) {
        self.init(capacity: count)
        base.initialize(repeating: value, count: count)
        self.count = count
    }

    deinit { base.deallocate() }

    var buffer: UnsafeBufferPointer<Element> { UnsafeBufferPointer(start: base, count: count) }

    subscript(index: Int) -> Element {
        @inline(__always) get {
            assert(index >= 0 && index < count)
            return base[index]
        }
        @inline(__always) set {
            assert(index >= 0 && index < count)
            base[index] = newValue
        }
    }

    @inline(__always)
    mutating func append(_ value: Element) {
        if count == capacity { grow(to: count + 1) }
        base[count] = value
        count += 1
    }

    @inline(__always)
    mutating func append(contentsOf values: UnsafeBufferPointer<Element>) {
        if count + values.count > capacity { grow(to: count + values.count) }
        if let start = values.baseAddress { (base + count).initialize(from: start, count: values.count) }
        count += values.count
    }

    /// Makes room for `extra` more values, so that as many appends do not grow it.
    mutating func reserve(_ extra: Int) {
        if count + extra > capacity { grow(to: count + extra) }
    }

    /// Sets the count to `newCount`, at most the capacity; the values from the old count on
    /// are whatever the memory holds, for the caller to write.
    mutating func setCount(_ newCount: Int) {
        precondition(newCount >= 0 && newCount <= capacity)
        count = newCount
    }

    mutating func removeAll() { count = 0 }

    private mutating func grow(to minimum: Int) {
        let grown = UnsafeMutablePointer<Element>.allocate(capacity: max(minimum, 2 * capacity))
        grown.initialize(from: base, count: count)
        base.deallocate()
        base = grown
        capacity = max(minimum, 2 * capacity)
    }
}
