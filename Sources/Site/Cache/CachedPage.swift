import Sections

/// What a build remembers of one Markdown page, so that the next build can skip parsing
/// it when its bytes did not change, and skip laying it out when neither the page nor the
/// navigation it shows changed.
@dynamicMemberLookup
struct CachedPage: Sendable, Equatable {
    struct Heading: Sendable, Equatable {
        var level: Int
        var id: String
        var title: String
    }

    /// A warning about a place in the page's source: one of its links, as ``LinkChecker``
    /// reports it, or one of ``Fields/parseWarnings``. Line and column 0 when not known.
    struct Warning: Sendable, Equatable {
        var line: Int
        var column: Int
        var message: String
    }

    /// The record's fields (see ``Fields``), which copies of the record share: a build
    /// hands each record through several arrays and enum cases, and copying one
    /// reference is much cheaper than copying a dozen strings. A field is set by replacing
    /// the box, which only the records of pages parsed again need.
    private var box: Box

    /// What a record holds; read and set as properties of the record.
    struct Fields: Sendable, Equatable {
        var source = ""
        var sourceHash = ""
        /// What `stat` said of the source when it hashed to ``sourceHash``; `nil` when its
        /// times were not settled (see ``SourceIdentity``), so that the next build reads it.
        var identity: SourceIdentity?
        var isDraft = false
        var output = ""
        var title = ""
        var order: Double?
        var frontMatterYAML: String?
        /// Every section in document order (see ``headings``).
        var storedHeadings = StoredHeadings.decoded([])
        /// The page's links (see ``links``).
        var storedLinks = StoredLinks.decoded([])
        /// The warnings about the page's links found by the build that saved the record (see
        /// ``LinkChecker``). They still hold while no page's set of section ids changed.
        var linkWarnings: [Warning] = []
        /// The warnings found when the page was parsed (a title cut for navigation, see
        /// ``NavigationTitle``): they hold while the source does not change, so a build
        /// that reuses the record reports them again without parsing the page.
        var parseWarnings: [Warning] = []
        /// Whether the source's bytes were valid UTF-8 without NUL bytes (see ``SourceText``):
        /// then a build that reuses the record need not decode them again to find out.
        var isCleanText = false
        /// The hash of the navigation the page was last laid out with.
        var contextHash: String = ""
        /// Where the page's rendered content is kept; `nil` for drafts left out.
        var content: ContentLocation?
        /// Where the page's terms for the search index (``PageSearchData/encoded``) are kept,
        /// in the packs beside its content: they are as large as a third of the page's text,
        /// too much to hold for every page in the index. `nil` when the site has no search.
        var search: ContentLocation?
        /// Whether the page's search entries start with one for the page itself (see
        /// ``PageSearchData``); needed to number entries without reading the terms.
        var searchHasPageEntry = false
    }

    private final class Box: Sendable {
        let fields: Fields
        init(_ fields: Fields) { self.fields = fields }
    }

    init(_ fields: Fields) { box = Box(fields) }

    /// All the fields at once, to set several with one new box.
    var fields: Fields {
        get { box.fields }
        set { box = Box(newValue) }
    }

    subscript<Value>(dynamicMember path: KeyPath<Fields, Value>) -> Value { box.fields[keyPath: path] }

    subscript<Value>(dynamicMember path: WritableKeyPath<Fields, Value>) -> Value {
        get { box.fields[keyPath: path] }
        set {
            var fields = box.fields
            fields[keyPath: path] = newValue
            box = Box(fields)
        }
    }

    /// Records that share their fields are equal without comparing them.
    static func == (a: CachedPage, b: CachedPage) -> Bool { a.box === b.box || a.box.fields == b.box.fields }

    init(source: String, sourceHash: String, document: Document, output: String, title: String) {
        self.init(Fields(source: source, sourceHash: sourceHash, document: document, output: output, title: title))
    }

    /// The document as the layout needs it: front matter and the section tree with titles and
    /// ids; no bodies and no titles as HTML, which only the content shows.
    /// `frontMatter` is the page's parsed front matter when the caller has it; otherwise
    /// the record's YAML is parsed.
    func skeleton(frontMatter parsed: FrontMatter? = nil) -> Document {
        var frontMatter = parsed ?? FrontMatter()
        if parsed == nil, let yaml = self.frontMatterYAML, let read = try? FrontMatter(yaml: yaml, firstLine: 2) {
            frontMatter = read
        }
        var roots: [Section] = []
        var open: [Section] = []
        // Closes the open sections of at least `level`. (Moves them: a copy of a section
        // retains each of its strings.)
        func close(downTo level: Int) {
            while let last = open.indices.last, open[last].level >= level {
                let section = open.removeLast()
                if open.isEmpty { roots.append(section) } else { open[open.count - 1].children.append(section) }
            }
        }
        for heading in headings {
            close(downTo: heading.level)
            open.append(
                Section(level: heading.level, title: heading.title, titleHTML: .empty, id: heading.id))
        }
        close(downTo: .min)
        return Document(frontMatter: frontMatter, sections: roots)
    }

    /// The page as the whole-site steps see it. Its document is left out: rebuilding it
    /// costs a parse of the front matter, and the layout asks for it (``skeleton()``) only
    /// when the page is laid out again.
    /// Its links are left out too: a build only checks them again when some page's
    /// section ids changed, and then asks the record.
    func sitePage() -> SitePage {
        SitePage(
            kind: .markdown(source: self.source), output: self.output, title: self.title, order: self.order,
            frontMatter: nil,
            headings: self.storedHeadings)
    }

    /// The stored warnings about links as the build reports them.
    func warnings() -> [SiteWarning] {
        Self.reported(self.linkWarnings, source: self.source)
    }

    /// `warnings` of the page at `source` (under `Content/`) as the build reports them.
    static func reported(_ warnings: [Warning], source: String) -> [SiteWarning] {
        warnings.map { warning in
            SiteWarning(
                file: SiteFolder.contentFolder + "/" + source, line: warning.line == 0 ? nil : warning.line,
                column: warning.column == 0 ? nil : warning.column, .stored(warning.message))
        }
    }
}

extension CachedPage.Fields {
    init(source: String, sourceHash: String, document: Document, output: String, title: String) {
        self.source = source
        self.sourceHash = sourceHash
        isDraft = document.frontMatter.isDraft
        self.output = output
        self.title = title
        order = document.frontMatter.order
        frontMatterYAML = document.frontMatter.yaml
        storedHeadings = .decoded(
            document.allSections.map { CachedPage.Heading(level: $0.level, id: $0.id, title: $0.title) })
        storedLinks = .decoded(document.links)
    }
}

extension CachedPage.Warning {
    /// `warning` as the record keeps it: its place and its words.
    init(_ warning: SiteWarning) {
        self.init(line: warning.line ?? 0, column: warning.column ?? 0, message: warning.message)
    }
}
