/// A problem in one Markdown file, with the 1-based line and column where it was found.
/// The caller adds the file name.
public struct SectionsError: LocatedProblem, Hashable, Sendable, CustomStringConvertible {
    public enum Reason: Hashable, Sendable {
        /// The front matter opened with `---` but never closed.
        case unclosedFrontMatter
        /// libyaml rejected the front matter; the text is libyaml's own.
        case malformedYAML(String)
        /// The front matter is YAML but not a mapping of keys to values.
        case frontMatterNotMapping
        /// A front matter key has a value of the wrong kind, e.g. `collapsed: maybe`.
        case invalidValue(key: String, expected: String)
        /// A YAML mapping has the key twice; `firstLine` is the earlier one. (YAML forbids
        /// it, and libyaml would keep the later value without a word.)
        case duplicateKey(String, firstLine: Int)
        /// Two headings of one page set the same `{#id}`; `firstLine` is the earlier one.
        case duplicateID(String, firstLine: Int)
        /// An attribute block's `{#id}` contains characters that are unsafe in HTML or URLs.
        case invalidID(String)
        /// An attribute block's `{#id}` is one that the page layout uses itself.
        case reservedID(String)
        /// An attribute block's `.class` contains characters other than letters, digits, `-` and `_`.
        case invalidClass(String)
        /// cmark returned no document, which happens only when it runs out of memory.
        case parserFailed
    }

    public var reason: Reason
    public var line: Int?
    public var column: Int?
    /// Front matter is checked key by key to the end: see ``LocatedProblem``.
    public var otherProblems: [SectionsError]

    public init(_ reason: Reason, line: Int? = nil, column: Int? = nil) {
        self.reason = reason
        self.line = line
        self.column = column
        otherProblems = []
    }

    public var message: String {
        switch reason {
        case .unclosedFrontMatter: "front matter starts with '---' but has no closing '---' line"
        case .malformedYAML(let problem): "malformed YAML in front matter: \(problem)"
        case .frontMatterNotMapping: "front matter must be a mapping of keys to values"
        case .invalidValue(let key, let expected): "front matter '\(key)' must be \(expected)"
        case .duplicateKey(let key, let firstLine): "duplicate key '\(key)' (first on line \(firstLine))"
        case .duplicateID(let id, let firstLine): "duplicate section id '\(id)' (first used on line \(firstLine))"
        case .invalidID(let id):
            "invalid section id '\(id)': use letters, digits, '-', '_', ':' and '.' only"
        case .reservedID(let id): "section id '\(id)' is used by the page layout; choose another"
        case .invalidClass(let name): "invalid section class '\(name)': use letters, digits, '-' and '_' only"
        case .parserFailed: "the Markdown parser failed (out of memory?)"
        }
    }

    public var description: String {
        var location = ""
        if let line { location += "\(line):" }
        if let column { location += "\(column):" }
        return location + (location.isEmpty ? "" : " ") + message
    }
}
