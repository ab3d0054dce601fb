import Sections

/// What a build remembers of one Markdown page, so that the next build can skip parsing
/// it when its bytes did not change, and skip laying it out when neither the page nor the
/// navigation it shows changed.
struct CachedPage: Sendable, Equatable {
    struct Heading: Sendable, Equatable {
        var level: Int
        var id: String
        var title: String
    }

    var source: String
    var sourceHash: String
    var isDraft: Bool
    var output: String
    var title: String
    var order: Double?
    var frontMatterYAML: String?
    /// Every section in document order; the tree is rebuilt from the levels.
    var headings: [Heading]
    var links: [Link]
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

    init(source: String, sourceHash: String, document: Document, output: String, title: String) {
        self.source = source
        self.sourceHash = sourceHash
        isDraft = document.frontMatter.isDraft
        self.output = output
        self.title = title
        order = document.frontMatter.order
        frontMatterYAML = document.frontMatter.yaml
        headings = document.allSections.map { Heading(level: $0.level, id: $0.id, title: $0.title) }
        links = document.links
    }

    /// The document as the layout needs it: front matter and the section tree, no bodies.
    func skeleton() -> Document {
        var frontMatter = FrontMatter()
        if let yaml = frontMatterYAML, let parsed = try? FrontMatter(yaml: yaml, firstLine: 2) {
            frontMatter = parsed
        }
        var roots: [Section] = []
        var open: [Section] = []
        func close(while condition: (Section) -> Bool) {
            while let last = open.last, condition(last) {
                open.removeLast()
                if open.isEmpty { roots.append(last) } else { open[open.count - 1].children.append(last) }
            }
        }
        for heading in headings {
            close(while: { $0.level >= heading.level })
            open.append(
                Section(
                    level: heading.level, title: heading.title, titleHTML: .escaping(heading.title), id: heading.id))
        }
        close(while: { _ in true })
        return Document(frontMatter: frontMatter, sections: roots)
    }

    func sitePage() -> SitePage {
        SitePage(
            kind: .markdown(source: source), output: output, title: title, order: order, document: skeleton(),
            sectionIDs: Set(headings.map(\.id)), links: links)
    }
}

// MARK: - Encoding

/// A record per page, fields split by ASCII control characters that Markdown text
/// practically never holds; a page whose text does hold them is simply not cached.
extension CachedPage {
    static let recordSeparator: Character = "\u{1E}"
    static let fieldSeparator: Character = "\u{1F}"
    static let itemSeparator: Character = "\u{1D}"
    static let partSeparator: Character = "\u{1C}"

    var encoded: String? {
        let texts = [source, output, title, frontMatterYAML ?? ""] + headings.flatMap { [$0.id, $0.title] }
            + links.map(\.url)
        // The separators are the ASCII bytes 0x1C to 0x1F: a byte test, not a Character set.
        guard !texts.contains(where: { $0.utf8.contains(where: { (0x1C...0x1F).contains($0) }) }) else { return nil }
        func optional(_ text: String?) -> String { text.map { "+" + $0 } ?? "-" }
        let part = String(Self.partSeparator)
        let item = String(Self.itemSeparator)
        let fields: [String] = [
            source, sourceHash, isDraft ? "1" : "0", output, title, optional(order.map { String($0) }),
            optional(frontMatterYAML),
            headings.map { ["\($0.level)", $0.id, $0.title].joined(separator: part) }.joined(separator: item),
            links.map { [$0.url, "\($0.line)", "\($0.column)", $0.isImage ? "1" : "0"].joined(separator: part) }
                .joined(separator: item),
            contextHash,
        ] + Self.fields(of: content) + Self.fields(of: search) + [searchHasPageEntry ? "1" : "0"]
        return fields.joined(separator: String(Self.fieldSeparator))
    }

    /// A location as three fields (pack, offset, length), all empty for none.
    private static func fields(of location: ContentLocation?) -> [String] {
        guard let location else { return ["", "", ""] }
        return [location.pack, String(location.offset), String(location.length)]
    }

    init?(decoding record: Substring) {
        // Splits on the bytes of the separators: far faster than splitting Characters.
        func split(_ text: Substring, _ separator: Character) -> [Substring] {
            text.utf8.split(separator: separator.asciiValue!, omittingEmptySubsequences: false).map { Substring($0) }
        }
        let fields = split(record, Self.fieldSeparator)
        guard fields.count == 17 else { return nil }
        func optional(_ field: Substring) -> String? { field.first == "+" ? String(field.dropFirst()) : nil }
        source = String(fields[0])
        sourceHash = String(fields[1])
        isDraft = fields[2] == "1"
        output = String(fields[3])
        title = String(fields[4])
        order = optional(fields[5]).flatMap(Double.init)
        frontMatterYAML = optional(fields[6])
        headings = []
        for item in split(fields[7], Self.itemSeparator) where !item.isEmpty {
            let parts = split(item, Self.partSeparator)
            guard parts.count == 3, let level = Int(parts[0]) else { return nil }
            headings.append(Heading(level: level, id: String(parts[1]), title: String(parts[2])))
        }
        links = []
        for item in split(fields[8], Self.itemSeparator) where !item.isEmpty {
            let parts = split(item, Self.partSeparator)
            guard parts.count == 4, let line = Int(parts[1]), let column = Int(parts[2]) else { return nil }
            links.append(Link(url: String(parts[0]), line: line, column: column, isImage: parts[3] == "1"))
        }
        contextHash = String(fields[9])
        if !fields[10].isEmpty {
            guard let offset = Int(fields[11]), let length = Int(fields[12]) else { return nil }
            content = ContentLocation(pack: String(fields[10]), offset: offset, length: length)
        }
        if !fields[13].isEmpty {
            guard let offset = Int(fields[14]), let length = Int(fields[15]) else { return nil }
            search = ContentLocation(pack: String(fields[13]), offset: offset, length: length)
        }
        searchHasPageEntry = fields[16] == "1"
    }

}
