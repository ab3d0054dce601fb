/// A heading and everything under it, up to the next heading of equal or higher rank.
///
/// Sections form a tree: a heading of level L closes every open section of level L or
/// deeper, so ``children`` are always deeper than their parent, though not necessarily by
/// exactly one level (an `h1` followed by an `h3` nests the `h3` directly).
public struct Section: Hashable, Sendable {
    /// The heading's rank, 1...6.
    public var level: Int
    /// The heading as plain text (markup removed); the renderer escapes it where it places it.
    public var title: String
    /// The heading's inline content as HTML rendered by cmark (emphasis, code, links).
    public var titleHTML: HTMLFragment
    /// Unique within the page: the `{#id}` of the heading's attribute block, else a slug.
    public var id: String
    /// Whether the section starts closed: `.collapsed` / `.open` on the heading, else the
    /// page's fold rules, else the site's (see ``FoldRules``).
    public var isCollapsed: Bool
    /// The words of the section's text, its subsections included. (Fold rules count only
    /// the section's own words: its heading and the text before its first subsection.)
    public var wordCount: Int
    /// The `name` shared by the sections of an accordion, which open one at a time:
    /// the parent's id for the children of an `{.accordion}` heading.
    public var accordion: String?
    /// The classes of the heading's attribute block other than `collapsed` and `open`.
    public var classes: [String]
    /// The blocks between the heading and its first child, as HTML rendered by cmark.
    public var body: HTMLFragment
    public var children: [Section]
    /// The 1-based line of the heading in the source file.
    public var line: Int

    public init(
        level: Int, title: String, titleHTML: HTMLFragment, id: String, isCollapsed: Bool = false,
        classes: [String] = [], body: HTMLFragment = .empty, children: [Section] = [], line: Int = 1,
        wordCount: Int = 0, accordion: String? = nil
    ) {
        self.wordCount = wordCount
        self.accordion = accordion
        self.level = level
        self.title = title
        self.titleHTML = titleHTML
        self.id = id
        self.isCollapsed = isCollapsed
        self.classes = classes
        self.body = body
        self.children = children
        self.line = line
    }

    /// Appends this section and all of its descendants to `result`, in document order
    /// (see ``Document/allSections``): each is copied once, not once for every level above it.
    func appendFlattened(to result: inout [Section]) {
        result.append(self)
        for child in children { child.appendFlattened(to: &result) }
    }
}
