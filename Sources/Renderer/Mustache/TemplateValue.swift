/// A value a template can show: the data model of ``Template/render(_:)``.
///
/// Mirrors JSON so that front matter and section data map onto it directly. Only
/// ``null``, `false` and the empty ``list(_:)`` are falsy; every other value, including
/// an empty string and zero, makes a section render.
public enum TemplateValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case string(String)
    /// A number; integral values interpolate without a fraction (`85`, not `85.0`).
    case number(Double)
    case list([TemplateValue])
    case object(TemplateObject)
}

extension TemplateValue {
    /// The text `{{name}}` shows, before escaping. Lists and objects show nothing.
    var interpolatedText: String {
        switch self {
        case .null, .list, .object: ""
        case .bool(let value): value ? "true" : "false"
        case .string(let text): text
        case .number(let number): Self.format(number)
        }
    }

    /// Formats integral numbers as integers (`85`) and others in their shortest exact form (`1.21`).
    private static func format(_ number: Double) -> String {
        if number.rounded() == number, abs(number) < 1e15 {
            return String(Int64(number))
        }
        return String(number)
    }
}

extension TemplateValue: ExpressibleByStringLiteral {
    public init(stringLiteral value: String) {
        self = .string(value)
    }
}

extension TemplateValue: ExpressibleByBooleanLiteral {
    public init(booleanLiteral value: Bool) {
        self = .bool(value)
    }
}

extension TemplateValue: ExpressibleByIntegerLiteral {
    public init(integerLiteral value: Int) {
        self = .number(Double(value))
    }
}

extension TemplateValue: ExpressibleByFloatLiteral {
    public init(floatLiteral value: Double) {
        self = .number(value)
    }
}

extension TemplateValue: ExpressibleByArrayLiteral {
    public init(arrayLiteral elements: TemplateValue...) {
        self = .list(elements)
    }
}

extension TemplateValue: ExpressibleByDictionaryLiteral {
    /// Builds an ``object(_:)``; when a key repeats, the last value wins.
    public init(dictionaryLiteral elements: (String, TemplateValue)...) {
        self = .object(TemplateObject(elements))
    }
}
