import Basics
import Synchronization

/// The YAML block between `---` lines at the very top of a page.
///
/// The keys foldmark understands have properties; every key, known or not, stays in
/// ``values`` for templates.
public struct FrontMatter: Hashable, Sendable {
    /// The keys foldmark reads itself; any other key is the page's own, for templates.
    public static let knownKeys = [
        "title", "description", "collapsed", "fold_from_level", "fold_longer_than", "accordion", "order", "draft",
    ]

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
    ///
    /// - Throws: every repeated key and every key with a value of the wrong kind, the first
    ///   in the file carrying the others (``SectionsError/otherProblems``), so that one run
    ///   names them all; or the first problem that stops the YAML from being read.
    public init(yaml: String, firstLine: Int) throws(SectionsError) {
        var problems: [SectionsError] = []  // no allocation while it stays empty
        guard let root = try YAMLValue.load(yaml, firstLine: firstLine, problems: &problems), !root.isNull else {
            self.init()
            self.yaml = yaml
            return
        }
        guard case .mapping(let pairs) = root else {
            throw SectionsError(.frontMatterNotMapping, line: firstLine)
        }
        var keys = YAMLMappingReader(pairs)
        self.init(
            title: keys.text("title"), description: keys.text("description"), collapsed: keys.flag("collapsed"),
            order: keys.number("order"), isDraft: keys.flag("draft") ?? false, values: pairs)
        foldFromLevel = keys.integer("fold_from_level", in: 1...6, expected: "a heading level from 1 to 6")
        foldLongerThan = keys.integer(
            "fold_longer_than", in: 0...Int(Int32.max), expected: "a number of words (0 or more)")
        accordion = keys.flag("accordion")
        self.yaml = yaml
        // A wrong value is reported on the line of its key, without a column, as before
        // several could be reported at once.
        for wrong in keys.wrongValues {
            problems.append(SectionsError(.invalidValue(key: wrong.key, expected: wrong.expected), line: wrong.line))
        }
        if let error = SectionsError(combining: problems) { throw error }
    }

    /// The keys that are not foldmark's but lie so near one of its keys (see
    /// ``EditDistance``) that they are most likely that key misspelt, each with the key it
    /// most likely means, in source order. A page's own keys are kept for templates, so
    /// only these are worth a word: `colapsed: true` would otherwise fold nothing, silently.
    public var likelyMisspellings: [(pair: YAMLValue.Pair, meant: String)] {
        var found: [(pair: YAMLValue.Pair, meant: String)] = []
        for pair in values where !Self.knownKeys.contains(pair.key) {
            if let meant = Self.meaning(of: pair.key) { found.append((pair, meant)) }
        }
        return found
    }

    /// The known key that `key`, not one of them, most likely means. The pages of a site
    /// mostly share their own keys (`date`, `tags`, `weight` on every page), so each key's
    /// answer is kept, for up to ``Self/meaningsKept`` keys: a page then costs a lookup
    /// per key of its own, not a comparison with every known key.
    private static func meaning(of key: String) -> String? {
        if let kept = meanings.withLock({ $0[key] }) { return kept }
        let meant = EditDistance.suggestion(for: key, among: knownKeys)
        meanings.withLock { kept in
            if kept.count < meaningsKept { kept[key] = .some(meant) }
        }
        return meant
    }

    private static let meaningsKept = 4096
    private static let meanings = Mutex<[String: String?]>([:])

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
