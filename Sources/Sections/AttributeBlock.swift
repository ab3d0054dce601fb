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
        if let ascii = Self.asciiBlock(inner) {
            guard let block = ascii else { return nil }
            self = block
            return
        }
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

    /// ``init(parsing:)`` on bytes, for text of ASCII other than a carriage return (in
    /// which a character is a byte); `nil` for any other text, `.some(nil)` when it is not
    /// a block.
    private static func asciiBlock(_ inner: Substring) -> AttributeBlock?? {
        var inner = inner
        return inner.withUTF8 { bytes -> AttributeBlock?? in
            guard bytes.allSatisfy({ $0 < 0x80 && $0 != UInt8(ascii: "\r") }) else { return nil }
            var id: String?
            var classes: [String] = []
            var index = 0
            var tokens = 0
            while index < bytes.count {
                if bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t") {
                    index += 1
                    continue
                }
                let start = index
                while index < bytes.count && bytes[index] != UInt8(ascii: " ") && bytes[index] != UInt8(ascii: "\t") {
                    index += 1
                }
                tokens += 1
                guard index - start > 1 else { return .some(nil) }
                let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[(start + 1)..<index]), as: UTF8.self)
                switch bytes[start] {
                case UInt8(ascii: "#"): id = name
                case UInt8(ascii: "."): classes.append(name)
                default: return .some(nil)
                }
            }
            return tokens == 0 ? .some(nil) : .some(AttributeBlock(id: id, classes: classes))
        }
    }
}
