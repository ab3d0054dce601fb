/// A heading and everything under it, up to the next heading of equal or higher rank.
///
/// Sections form a tree: a heading of level L closes every open section of level L or
/// deeper, so ``children`` are always deeper than their parent, though not necessarily by
/// exactly one level (an `h1` followed by an `h3` nests the `h3` directly).
public struct Section: Hashable, Sendable {
    /// The heading's rank, 1...6.
    public var level: Int {
        get { storage.fields.level }
        set { unique().fields.level = newValue }
    }
    /// The heading as plain text (markup removed); the renderer escapes it where it places it.
    public var title: String {
        get { storage.fields.title }
        _modify { yield &unique().fields.title }
    }
    /// The heading's inline content as HTML rendered by cmark (emphasis, code, links).
    public var titleHTML: HTMLFragment {
        get { storage.fields.titleHTML }
        _modify { yield &unique().fields.titleHTML }
    }
    /// Unique within the page: the `{#id}` of the heading's attribute block, else a slug.
    public var id: String {
        get { storage.fields.id }
        _modify { yield &unique().fields.id }
    }
    /// Whether the section starts closed: `.collapsed` / `.open` on the heading, else the
    /// page's fold rules, else the site's (see ``FoldRules``).
    public var isCollapsed: Bool {
        get { storage.fields.isCollapsed }
        set { unique().fields.isCollapsed = newValue }
    }
    /// The words of the section's text, its subsections included. (Fold rules count only
    /// the section's own words: its heading and the text before its first subsection.)
    public var wordCount: Int {
        get { storage.fields.wordCount }
        set { unique().fields.wordCount = newValue }
    }
    /// The `name` shared by the sections of an accordion, which open one at a time:
    /// the parent's id for the children of an `{.accordion}` heading.
    public var accordion: String? {
        get { storage.fields.accordion }
        _modify { yield &unique().fields.accordion }
    }
    /// The classes of the heading's attribute block other than `collapsed` and `open`.
    public var classes: [String] {
        get { storage.fields.classes }
        _modify { yield &unique().fields.classes }
    }
    /// Whether the heading says `{.tabs}`: its subsections are the panels of one tab set,
    /// labelled by their headings, and none of them folds.
    public var isTabSet: Bool { classes.contains("tabs") }
    /// The blocks between the heading and its first child.
    public var body: Body {
        get { storage.fields.body }
        _modify { yield &unique().fields.body }
    }
    public var children: [Section] {
        get { storage.fields.children }
        _modify { yield &unique().fields.children }
    }
    /// The 1-based line of the heading in the source file.
    public var line: Int {
        get { storage.fields.line }
        set { unique().fields.line = newValue }
    }

    public init(
        level: Int, title: String, titleHTML: HTMLFragment, id: String, isCollapsed: Bool = false,
        classes: [String] = [], body: Body = .empty, children: [Section] = [], line: Int = 1,
        wordCount: Int = 0, accordion: String? = nil
    ) {
        storage = Storage(
            Fields(
                level: level, title: title, titleHTML: titleHTML, id: id, isCollapsed: isCollapsed,
                wordCount: wordCount, accordion: accordion, classes: classes, body: body, children: children,
                line: line))
    }

    /// The fields, in one object that copies of a section share until one of them changes
    /// (copy on write). A section is copied wherever it is read in a loop or handed to a
    /// closure, and a copy of the fields themselves retains and releases each of their
    /// seven strings and arrays; a copy of the object, only the object.
    ///
    /// `@usableFromInline`, with the object and the property that holds it: the compiler
    /// then inlines the accessors into the modules that read sections; private, each read
    /// of a field from another module would be a call.
    @usableFromInline
    struct Fields: Hashable, Sendable {
        var level: Int
        var title: String
        var titleHTML: HTMLFragment
        var id: String
        var isCollapsed: Bool
        var wordCount: Int
        var accordion: String?
        var classes: [String]
        var body: Body
        var children: [Section]
        var line: Int
    }

    /// Changed only through a section that holds the only reference to it (``unique()``),
    /// so no two threads ever touch one that changes. Its field is not checked for
    /// exclusive access at run time, which every read would pay for: a change goes through
    /// a uniquely referenced object, so no read can overlap it.
    @usableFromInline
    final class Storage: @unchecked Sendable {
        @exclusivity(unchecked) @usableFromInline var fields: Fields

        init(_ fields: Fields) { self.fields = fields }
    }

    @usableFromInline var storage: Storage

    /// The fields' object, copied first if another section shares it.
    @inline(__always)
    private mutating func unique() -> Storage {
        if !isKnownUniquelyReferenced(&storage) { storage = Storage(storage.fields) }
        return storage
    }

    public static func == (lhs: Section, rhs: Section) -> Bool {
        lhs.storage === rhs.storage || lhs.storage.fields == rhs.storage.fields
    }

    public func hash(into hasher: inout Hasher) { storage.fields.hash(into: &hasher) }

    /// Appends this section and all of its descendants to `result`, in document order
    /// (see ``Document/allSections``): each is copied once, not once for every level above it.
    func appendFlattened(to result: inout [Section]) {
        result.append(self)
        for child in children { child.appendFlattened(to: &result) }
    }
}
