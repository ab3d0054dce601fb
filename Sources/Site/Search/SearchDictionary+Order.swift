/// The order of terms, as JavaScript compares strings (see ``SearchDictionary``), and the
/// search for a term's place in a dictionary.
extension SearchDictionary {
    /// The number of the first term of this dictionary that does not come before term
    /// `index` of `other` (``count`` if there is none), looking from term `start` on.
    func firstIndex(notBefore other: SearchDictionary, _ index: Int, from start: Int = 0) -> Int {
        var low = start
        var high = count
        while low < high {
            let middle = (low + high) / 2
            let isBefore = withTerm(middle) { term, _, _ in
                other.withTerm(index) { bound, _, _ in Self.precedes(term, bound) }
            }
            if isBefore { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Whether `a` comes before `b` when both are compared as JavaScript compares strings,
    /// by UTF-16 code units: UTF-8 byte order, which is code point order, but for the code
    /// points from U+10000, which UTF-16 (as surrogates) puts before U+E000...U+FFFF.
    static func precedes(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = min(a.count, b.count)
        var index = 0
        while index < count {
            let x = a[index]
            let y = b[index]
            if x != y {
                // Both are lead bytes here: the bytes before are the same.
                if x >= 0xEE, y >= 0xEE, (x >= 0xF0) != (y >= 0xF0) { return x >= 0xF0 }
                return x < y
            }
            index += 1
        }
        return a.count < b.count
    }

    /// The numbers `0..<count` in the order of the terms `term(number)` (see
    /// ``precedes(_:_:)``): sorted by ``sortKey(_:)`` first, so that most comparisons are
    /// one of numbers, and by their bytes only where the keys are equal.
    static func order(of count: Int, _ term: (Int) -> UnsafeBufferPointer<UInt8>) -> [Int] {
        var order = (0..<count).map { (key: sortKey(term($0)), number: $0) }
        order.sort { a, b in a.key != b.key ? a.key < b.key : precedes(term(a.number), term(b.number)) }
        return order.map(\.number)
    }

    /// A number for the first 8 bytes of `term` whose order is that of ``precedes(_:_:)``
    /// where the 8 bytes differ: each byte, the first highest, with the lead bytes of
    /// U+E000...U+FFFF moved above those from U+10000, and zeros after a shorter term
    /// (terms hold no zero byte).
    static func sortKey(_ term: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var key: UInt64 = 0
        for index in 0..<8 {
            var byte = index < term.count ? term[index] : 0
            if byte >= 0xEE { byte = byte >= 0xF0 ? byte - 2 : byte + 7 }
            key = key << 8 | UInt64(byte)
        }
        return key
    }

    /// -1, 0 or 1 as `a` comes before, is, or comes after `b` (see ``precedes(_:_:)``).
    static func compare(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Int {
        if a.elementsEqual(b) { return 0 }
        return precedes(a, b) ? -1 : 1
    }
}
