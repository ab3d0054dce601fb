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

    /// Whether sections marked `{.draft}` are kept; they are left out, with everything
    /// under them, otherwise.
    public var includesDrafts: Bool

    /// The `reservedIDs` given to ``init(allowsRawHTML:usesSmartPunctuation:foldRules:includesDrafts:reservedIDs:)``:
    /// ids that the page layout around the sections already uses (`content`, the ids of
    /// its buttons). A generated slug steps around them and a `{#id}` may not take one,
    /// so that a page never has two elements with one id. Kept as the ``Slugger`` looks
    /// them up, keyed once when the options are made rather than for every page.
    let reservedKeys: Slugger.Reserved

    public init(
        allowsRawHTML: Bool = false, usesSmartPunctuation: Bool = false, foldRules: FoldRules = FoldRules(),
        includesDrafts: Bool = false, reservedIDs: Set<String> = []
    ) {
        self.foldRules = foldRules
        self.allowsRawHTML = allowsRawHTML
        self.usesSmartPunctuation = usesSmartPunctuation
        self.includesDrafts = includesDrafts
        reservedKeys = Slugger.Reserved(reservedIDs)
    }
}
