/// A YAML value as libyaml reads it, before any key gives it a meaning. Scalars keep their
/// text; whether `true` is a Boolean depends on where it is used, so plain (unquoted)
/// scalars are told apart from quoted ones.
public indirect enum YAMLValue: Hashable, Sendable {
    case scalar(String, isPlain: Bool)
    case sequence([YAMLValue])
    case mapping([Pair])

    public struct Pair: Hashable, Sendable {
        public var key: String
        public var value: YAMLValue
        /// The 1-based line and column of the key in the file, for messages about it.
        public var line: Int
        public var column: Int
        public init(key: String, value: YAMLValue, line: Int = 0, column: Int = 1) {
            self.key = key
            self.value = value
            self.line = line
            self.column = column
        }
    }

    /// The scalar's text, or `nil` for a sequence, a mapping or a null.
    public var string: String? {
        guard case .scalar(let text, _) = self, !isNull else { return nil }
        return text
    }

    /// YAML 1.1/1.2 Booleans, for plain scalars only: a quoted `"true"` is a string.
    public var bool: Bool? {
        guard case .scalar(let text, true) = self else { return nil }
        switch text {
        case "true", "True", "TRUE", "yes", "Yes", "YES", "on", "On", "ON": return true
        case "false", "False", "FALSE", "no", "No", "NO", "off", "Off", "OFF": return false
        default: return nil
        }
    }

    public var number: Double? {
        guard case .scalar(let text, true) = self else { return nil }
        return Double(text)
    }

    public var isNull: Bool {
        guard case .scalar(let text, true) = self else { return false }
        return text.isEmpty || text == "~" || text == "null" || text == "Null" || text == "NULL"
    }

    /// The value for `key` when this is a mapping (the last one if a key repeats).
    public subscript(key: String) -> YAMLValue? {
        guard case .mapping(let pairs) = self else { return nil }
        return pairs.last(where: { $0.key == key })?.value
    }
}

extension YAMLValue {
    /// Parses one YAML document with libyaml; `nil` if the text holds no document.
    /// `firstLine` is the line of the file where `text` starts, for error locations.
    ///
    /// - Throws: a key that a mapping repeats, and every other repeat with it
    ///   (``SectionsError/otherProblems``); or the first problem that stops libyaml.
    public init?(parsing text: String, firstLine: Int = 1) throws(SectionsError) {
        var problems: [SectionsError] = []
        let value = try Self.load(text, firstLine: firstLine, problems: &problems)
        if let error = SectionsError(combining: problems) { throw error }
        guard let value else { return nil }
        self = value
    }

    /// ``init(parsing:firstLine:)``, but a key that a mapping repeats goes to `problems`
    /// (see ``SectionsError/Reason/duplicateKey(_:firstLine:)``) and the document is still
    /// returned, so that the caller can report those with its own findings in one run.
    public static func load(
        _ text: String, firstLine: Int = 1, problems: inout [SectionsError]
    ) throws(SectionsError) -> YAMLValue? {
        try YAMLLoader(firstLine: firstLine).load(text, problems: &problems)
    }
}
