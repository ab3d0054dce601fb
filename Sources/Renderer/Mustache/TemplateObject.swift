/// The fields of a ``TemplateValue/object(_:)``: names and their values.
///
/// Kept as a plain array rather than a dictionary. The objects a page renders are many
/// and small (a navigation entry has seven fields, a section ten), so building one is a
/// single allocation with no hashing, and a lookup compares a few short names, which is
/// cheaper than hashing one. A name may be stored more than once; its last value counts.
public struct TemplateObject: Sendable {
    private var fields: [(name: String, value: TemplateValue)]

    /// The fields in order; when a name repeats, its last value wins.
    public init(_ fields: some Sequence<(String, TemplateValue)>) {
        self.fields = fields.map { (name: $0.0, value: $0.1) }
    }

    /// The names that have a value, each once.
    public var names: Set<String> { Set(fields.map(\.name)) }

    /// The value of `name`; setting one adds the field or replaces its value, and setting
    /// `nil` removes it.
    public subscript(name: String) -> TemplateValue? {
        get {
            // Most names compared differ in length, which short strings tell without
            // the full comparison.
            let length = name.utf8.count
            var index = fields.endIndex
            while index > fields.startIndex {
                index -= 1
                if fields[index].name.utf8.count == length && fields[index].name == name { return fields[index].value }
            }
            return nil
        }
        set {
            fields.removeAll { $0.name == name }
            if let newValue { fields.append((name, newValue)) }
        }
    }
}

extension TemplateObject: ExpressibleByDictionaryLiteral {
    /// When a name repeats, the last value wins.
    public init(dictionaryLiteral elements: (String, TemplateValue)...) {
        self.init(elements)
    }
}

/// Objects are equal when they have the same names with equal values, in any order.
extension TemplateObject: Hashable {
    public static func == (lhs: TemplateObject, rhs: TemplateObject) -> Bool {
        let names = lhs.names
        return names == rhs.names && names.allSatisfy { lhs[$0] == rhs[$0] }
    }

    public func hash(into hasher: inout Hasher) {
        // Independent of the order of the fields, as == is.
        var combined = 0
        for name in names {
            var one = Hasher()
            one.combine(name)
            one.combine(self[name])
            combined ^= one.finalize()
        }
        hasher.combine(combined)
    }
}
