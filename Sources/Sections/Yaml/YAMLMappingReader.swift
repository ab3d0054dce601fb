/// Reads the values of a YAML mapping's keys, each as the kind of value it must have, and
/// notes every key whose value is of another kind instead of stopping at the first: one run
/// then reports them all. Front matter and `foldmark.yml` read their keys with it.
///
/// A key's value is that of its last pair (a repeated key is reported where the YAML is
/// loaded); a null value counts as no value.
public struct YAMLMappingReader {
    /// A key whose value is not of the kind asked for, at the line of the key.
    public struct WrongValue: Hashable, Sendable {
        public var key: String
        /// What the value must be, e.g. `true or false`.
        public var expected: String
        public var line: Int
    }

    public let pairs: [YAMLValue.Pair]
    /// The keys found wrong so far, in the order they were read.
    public private(set) var wrongValues: [WrongValue] = []

    public init(_ pairs: [YAMLValue.Pair]) {
        self.pairs = pairs
    }

    /// The value of `key`; `nil` if the mapping has no such key or its value is null.
    public func value(_ key: String) -> YAMLValue? {
        guard let value = pairs.last(where: { $0.key == key })?.value, !value.isNull else { return nil }
        return value
    }

    /// Notes that the value of `key` is not `expected`, for a rule beyond those below.
    public mutating func reject(_ key: String, expected: String) {
        let line = pairs.last(where: { $0.key == key })?.line ?? 0
        wrongValues.append(WrongValue(key: key, expected: expected, line: line))
    }

    /// The text of `key`; a sequence or a mapping is wrong.
    public mutating func text(_ key: String) -> String? {
        guard let value = value(key) else { return nil }
        guard let string = value.string else { return wrong(key, "text") }
        return string
    }

    /// A plain `true` or `false` (or `yes`, `on`, …); a quoted `"true"` is text, so wrong.
    public mutating func flag(_ key: String) -> Bool? {
        guard let value = value(key) else { return nil }
        guard let bool = value.bool else { return wrong(key, "true or false") }
        return bool
    }

    /// A finite number.
    public mutating func number(_ key: String) -> Double? {
        guard let value = value(key) else { return nil }
        guard let number = value.number, number.isFinite else { return wrong(key, "a number") }
        return number
    }

    /// A whole number in `range`; `expected` says which, for the message.
    public mutating func integer(_ key: String, in range: ClosedRange<Int>, expected: String) -> Int? {
        guard let value = value(key) else { return nil }
        guard let number = value.number, let integer = Int(exactly: number), range.contains(integer) else {
            return wrong(key, expected)
        }
        return integer
    }

    private mutating func wrong<T>(_ key: String, _ expected: String) -> T? {
        reject(key, expected: expected)
        return nil
    }
}
