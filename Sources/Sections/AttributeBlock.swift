/// A heading's trailing `{#id .class …}` block: what it sets and what it says about folding.
public struct AttributeBlock: Hashable, Sendable {
    public var id: String?
    public var classes: [String]

    public init(id: String? = nil, classes: [String] = []) {
        self.id = id
        self.classes = classes
    }

    /// `true` for `.collapsed`, `false` for `.open`, `nil` if neither (the later one wins).
    public var collapsed: Bool? {
        classes.last(where: { $0 == "collapsed" || $0 == "open" }).map { $0 == "collapsed" }
    }

    /// The classes that are not fold instructions.
    public var otherClasses: [String] {
        classes.filter { $0 != "collapsed" && $0 != "open" }
    }

    /// Parses the text between the braces, e.g. `#install .collapsed`. Returns `nil` if it
    /// is not an attribute block (empty, or a word that starts with neither `#` nor `.`),
    /// in which case the braces are ordinary text.
    public init?(parsing inner: Substring) {
        var id: String?
        var classes: [String] = []
        let tokens = inner.split(whereSeparator: { $0 == " " || $0 == "\t" })
        guard !tokens.isEmpty else { return nil }
        for token in tokens {
            if token.hasPrefix("#"), token.count > 1 {
                id = String(token.dropFirst())
            } else if token.hasPrefix("."), token.count > 1 {
                classes.append(String(token.dropFirst()))
            } else {
                return nil
            }
        }
        self.init(id: id, classes: classes)
    }
}
