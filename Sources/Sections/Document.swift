import Basics

/// One Markdown page, split into its front matter, the blocks before the first heading,
/// and the tree of sections that its document-level headings open.
public struct Document: Hashable, Sendable {
    public var frontMatter: FrontMatter
    /// The blocks before the first document-level heading.
    public var preamble: Body
    public var sections: [Section]
    /// Every link and image of the page's output, in document order, as written.
    public var links: [Link]

    public init(
        frontMatter: FrontMatter = FrontMatter(), preamble: Body = .empty, sections: [Section] = [],
        links: [Link] = []
    ) {
        self.frontMatter = frontMatter
        self.preamble = preamble
        self.sections = sections
        self.links = links
    }

    /// Parses `markdown` (front matter, then CommonMark) into a document.
    ///
    /// `rewritingLinks` maps each link and image destination to the one the page should
    /// use (the site turns `guide.md` into `guide.html`); ``links`` keeps the originals.
    ///
    /// - Throws: ``SectionsError`` with the 1-based line (and column where known) in `markdown`.
    public init(
        parsing markdown: String, options: ParseOptions = ParseOptions(),
        rewritingLinks: (@Sendable (String) -> String)? = nil
    ) throws(SectionsError) {
        var parseEnd = StepClock.now
        try self.init(parsing: markdown, options: options, rewritingLinks: rewritingLinks, parseEnd: &parseEnd)
    }

    /// ``init(parsing:options:rewritingLinks:)``, setting `parseEnd` to when the parse
    /// proper (front matter and cmark's tree) ended and sectioning began, so that a build
    /// can report the two steps apart.
    public init(
        parsing markdown: String, options: ParseOptions = ParseOptions(),
        rewritingLinks: (@Sendable (String) -> String)? = nil, parseEnd: inout StepClock
    ) throws(SectionsError) {
        let split = try FrontMatter.split(markdown)
        let frontMatter =
            try split.yaml.map { yaml throws(SectionsError) in
                try FrontMatter(yaml: yaml, firstLine: 2)
            } ?? FrontMatter()
        let builder = SectionTreeBuilder(
            options: options, foldRules: FoldRules(frontMatter) ?? options.foldRules,
            isAccordion: frontMatter.accordion ?? false, lineOffset: split.bodyLineOffset,
            rewriteLink: rewritingLinks)
        let tree = try builder.build(split.body, parseEnd: &parseEnd)
        self.init(frontMatter: frontMatter, preamble: tree.preamble, sections: tree.sections, links: tree.links)
    }

    /// Every section of the page in document order, depth first.
    public var allSections: [Section] {
        var result: [Section] = []
        for section in sections { section.appendFlattened(to: &result) }
        return result
    }

    /// Whether the page's first section is its title heading: the page's only document-level
    /// section, of level 1 (so its only `#` heading, and its first heading). The title is
    /// not a fold: it never starts closed, and the text of its body, the page's lead, is
    /// always shown; its subsections fold as any other.
    public var hasTitleHeading: Bool { Self.hasTitleHeading(sections) }

    /// ``hasTitleHeading`` of a page whose document-level sections are `sections`.
    static func hasTitleHeading(_ sections: [Section]) -> Bool {
        sections.count == 1 && sections[0].level == 1
    }

    /// The page's title: front matter `title`, else the first heading's text, else `nil`.
    public var title: String? {
        if let title = frontMatter.title, !title.isEmpty { return title }
        return sections.first.map(\.title)
    }
}
