/// The YAML block between `---` lines at the very top of a page.
///
/// The keys foldmark understands have properties; every key, known or not, stays in
/// ``values`` for templates.
public struct FrontMatter: Hashable, Sendable {
    public var title: String?
    public var description: String?
    /// The page's default for sections without `.collapsed` or `.open`.
    public var collapsed: Bool?
    /// The page's fold rules besides `collapsed` (see ``FoldRules``).
    public var foldFromLevel: Int?
    public var foldLongerThan: Int?
    /// Every group of sibling sections on the page opens one section at a time.
    public var accordion: Bool?
    /// Sort key in navigation; lower comes first.
    public var order: Double?
    public var isDraft: Bool
    /// Every key of the block in source order, including the ones above.
    public var values: [YAMLValue.Pair]
    /// The YAML text the block was read from, so that it can be read again later.
    public var yaml: String?

    public init(
        title: String? = nil, description: String? = nil, collapsed: Bool? = nil, order: Double? = nil,
        isDraft: Bool = false, values: [YAMLValue.Pair] = []
    ) {
        self.title = title
        self.description = description
        self.collapsed = collapsed
        self.order = order
        self.isDraft = isDraft
        self.values = values
    }

    /// Reads the YAML text of a front matter block whose first line is line `firstLine` of the file.
    public init(yaml: String, firstLine: Int) throws(SectionsError) {
        guard let root = try YAMLLoader(firstLine: firstLine).load(yaml), !root.isNull else {
            self.init()
            self.yaml = yaml
            return
        }
        guard case .mapping(let pairs) = root else {
            throw SectionsError(.frontMatterNotMapping, line: firstLine)
        }
        // A value of the wrong kind is reported on the line of its key.
        func invalid(_ key: String, _ expected: String) -> SectionsError {
            let line = pairs.last(where: { $0.key == key })?.line ?? firstLine
            return SectionsError(.invalidValue(key: key, expected: expected), line: line)
        }
        func text(_ key: String) throws(SectionsError) -> String? {
            guard let value = root[key], !value.isNull else { return nil }
            guard let string = value.string else { throw invalid(key, "text") }
            return string
        }
        func flag(_ key: String) throws(SectionsError) -> Bool? {
            guard let value = root[key], !value.isNull else { return nil }
            guard let bool = value.bool else { throw invalid(key, "true or false") }
            return bool
        }
        var order: Double?
        if let value = root["order"], !value.isNull {
            guard let number = value.number, number.isFinite else { throw invalid("order", "a number") }
            order = number
        }
        func count(_ key: String, _ range: ClosedRange<Int>, _ expected: String) throws(SectionsError) -> Int? {
            guard let value = root[key], !value.isNull else { return nil }
            guard let number = value.number, let count = Int(exactly: number), range.contains(count) else {
                throw invalid(key, expected)
            }
            return count
        }
        try self.init(
            title: text("title"), description: text("description"), collapsed: flag("collapsed"), order: order,
            isDraft: flag("draft") ?? false, values: pairs)
        foldFromLevel = try count("fold_from_level", 1...6, "a heading level from 1 to 6")
        foldLongerThan = try count("fold_longer_than", 0...Int(Int32.max), "a number of words (0 or more)")
        accordion = try flag("accordion")
        self.yaml = yaml
    }

    /// Splits a page into its front matter's YAML text (if the page starts with a `---`
    /// line) and the Markdown after it. `bodyLineOffset` is the number of lines before the body.
    static func split(_ text: String) throws(SectionsError) -> (yaml: String?, body: Substring, bodyLineOffset: Int) {
        let all = Substring(text)
        guard let firstEnd = lineEnd(in: all, from: all.startIndex), isFence(all[all.startIndex..<firstEnd], "---")
        else {
            return (nil, all, 0)
        }
        var lineStart = nextLine(in: all, after: firstEnd)
        var lines = 1
        while lineStart < all.endIndex, let end = lineEnd(in: all, from: lineStart) {
            lines += 1
            let line = all[lineStart..<end]
            if isFence(line, "---") || isFence(line, "...") {
                let yaml = String(all[nextLine(in: all, after: firstEnd)..<lineStart])
                return (yaml, all[nextLine(in: all, after: end)...], lines)
            }
            lineStart = nextLine(in: all, after: end)
        }
        throw SectionsError(.unclosedFrontMatter, line: 1, column: 1)
    }

    // Lines are found on UTF-8 bytes: LF and CR are ASCII and a grapheme of their own
    // (CR LF is one, which `nextLine` steps over whole), so byte positions are
    // `Character` boundaries, and no grapheme breaking runs over the front matter.

    private static func lineEnd(in text: Substring, from start: Substring.Index) -> Substring.Index? {
        guard start < text.endIndex else { return nil }
        return text.utf8[start...].firstIndex(where: { $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") })
            ?? text.endIndex
    }

    private static func nextLine(in text: Substring, after end: Substring.Index) -> Substring.Index {
        let utf8 = text.utf8
        guard end < utf8.endIndex else { return end }
        let next = utf8.index(after: end)
        if utf8[end] == UInt8(ascii: "\r"), next < utf8.endIndex, utf8[next] == UInt8(ascii: "\n") {
            return utf8.index(after: next)
        }
        return next
    }

    /// Whether `line` is `fence` followed by nothing but spaces and tabs.
    private static func isFence(_ line: Substring, _ fence: String) -> Bool {
        line.utf8.starts(with: fence.utf8)
            && line.utf8.dropFirst(fence.utf8.count).allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
    }
}
