/// One Markdown page, split into its front matter, the blocks before the first heading,
/// and the tree of sections that its document-level headings open.
public struct Document: Hashable, Sendable {
    public var frontMatter: FrontMatter
    /// The blocks before the first document-level heading, as HTML rendered by cmark.
    public var preamble: HTMLFragment
    public var sections: [Section]

    public init(frontMatter: FrontMatter = FrontMatter(), preamble: HTMLFragment = .empty, sections: [Section] = []) {
        self.frontMatter = frontMatter
        self.preamble = preamble
        self.sections = sections
    }

    /// Parses `markdown` (front matter, then CommonMark) into a document.
    ///
    /// - Throws: ``SectionsError`` with the 1-based line (and column where known) in `markdown`.
    public init(parsing markdown: String, options: ParseOptions = ParseOptions()) throws(SectionsError) {
        let split = try FrontMatter.split(markdown)
        let frontMatter = try split.yaml.map { yaml throws(SectionsError) in
            try FrontMatter(yaml: yaml, firstLine: 2)
        } ?? FrontMatter()
        let collapsedByDefault = frontMatter.collapsed ?? options.collapsedByDefault
        let builder = SectionTreeBuilder(
            options: options, collapsedByDefault: collapsedByDefault, lineOffset: split.bodyLineOffset)
        let (preamble, sections) = try builder.build(split.body)
        self.init(frontMatter: frontMatter, preamble: preamble, sections: sections)
    }

    /// Every section of the page in document order, depth first.
    public var allSections: [Section] { sections.flatMap(\.flattened) }

    /// The page's title: front matter `title`, else the first heading's text, else `nil`.
    public var title: String? {
        if let title = frontMatter.title, !title.isEmpty { return title }
        return sections.first.map(\.title)
    }
}
