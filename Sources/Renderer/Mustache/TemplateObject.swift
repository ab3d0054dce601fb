/// The fields of a ``TemplateValue/object(_:)``: names and their values.
///
/// Kept as a plain array rather than a dictionary. The objects a page renders are many
/// and small (a navigation entry has seven fields, a section ten), so building one is a
/// single allocation with no hashing, and a lookup compares a few short names, which is
/// cheaper than hashing one. A name may be stored more than once; its last value counts.
public struct TemplateObject: Sendable {
    /// Name and value; unlabelled, so a dictionary literal becomes the array as it is.
    private(set) var fields: [(String, TemplateValue)]

    /// The fields in order; when a name repeats, its last value wins.
    public init(_ fields: some Sequence<(String, TemplateValue)>) {
        self.fields = Array(fields)
    }

    /// The names that have a value, each once.
    public var names: Set<String> { Set(fields.map(\.0)) }

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
                if fields[index].0.utf8.count == length && fields[index].0 == name { return fields[index].1 }
            }
            return nil
        }
        set {
            fields.removeAll { $0.0 == name }
            if let newValue { fields.append((name, newValue)) }
        }
    }
}

extension TemplateObject: ExpressibleByDictionaryLiteral {
    /// When a name repeats, the last value wins.
    public init(dictionaryLiteral elements: (String, TemplateValue)...) {
        fields = elements
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
