/// How Markdown is read. Turned into `CMARK_OPT_*` flags in one place,
/// ``SectionTreeBuilder``'s `cmarkOptions`.
public struct ParseOptions: Hashable, Sendable {
    /// Pass raw HTML blocks and inline HTML through, and keep `javascript:` style links.
    /// Off by default: cmark then replaces raw HTML with a comment and drops unsafe URLs.
    public var allowsRawHTML: Bool
    /// Typographic quotes and dashes.
    public var usesSmartPunctuation: Bool
    /// The site's rules for which sections start closed; a page's front matter may
    /// replace them (see ``FoldRules``).
    public var foldRules: FoldRules

    /// Whether every section starts closed when neither the heading nor the page says otherwise.
    public var collapsedByDefault: Bool {
        get { foldRules.collapsed }
        set { foldRules.collapsed = newValue }
    }

    /// Whether sections marked `{.draft}` are kept; they are left out, with everything
    /// under them, otherwise.
    public var includesDrafts: Bool

    /// Ids that the page layout around the sections already uses (`content`, the ids of
    /// its buttons): a generated slug steps around them and a `{#id}` may not take one,
    /// so that a page never has two elements with one id.
    public var reservedIDs: Set<String>

    public init(
        allowsRawHTML: Bool = false, usesSmartPunctuation: Bool = false, collapsedByDefault: Bool = false,
        foldRules: FoldRules? = nil, includesDrafts: Bool = false, reservedIDs: Set<String> = []
    ) {
        self.foldRules = foldRules ?? FoldRules(collapsed: collapsedByDefault)
        self.allowsRawHTML = allowsRawHTML
        self.usesSmartPunctuation = usesSmartPunctuation
        self.includesDrafts = includesDrafts
        self.reservedIDs = reservedIDs
    }
}
