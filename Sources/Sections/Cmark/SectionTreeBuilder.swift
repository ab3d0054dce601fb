import Basics
internal import CCmark

#if canImport(Glibc)
    import Glibc
#endif

/// Turns Markdown into the preamble, the section tree and the links of a ``Document``.
///
/// The only type that parses pages with cmark. The whole cmark tree is allocated and freed
/// in ``build(_:parseEnd:)``; nothing that outlives the call points into it.
struct SectionTreeBuilder {
    var options: ParseOptions
    /// The page's fold rules, or the site's when the page sets none.
    var foldRules: FoldRules
    /// The page's `accordion: true`: every group of siblings opens one at a time.
    var isAccordion: Bool
    /// Lines of the file before the Markdown body (the front matter), added to cmark's lines.
    var lineOffset: Int
    var rewriteLink: (@Sendable (String) -> String)?

    struct Tree {
        var preamble: Body
        var sections: [Section]
        var links: [Link]
    }

    private var cmarkOptions: Int32 {
        var flags = CMARK_OPT_DEFAULT
        if options.allowsRawHTML { flags |= CMARK_OPT_UNSAFE }
        if options.usesSmartPunctuation { flags |= CMARK_OPT_SMART }
        return flags
    }

    /// A document-level heading after its attribute block has been read and removed.
    private struct Heading {
        var node: OpaquePointer
        var line: Int
        var attributes: AttributeBlock?
    }

    /// A section still collecting blocks, with the links found in it so far.
    private struct OpenSection {
        var section: Section
        var links: [Link]
        var isDraft: Bool
        /// `.collapsed` or `.open` on the heading, which overrides the fold rules.
        var collapsed: Bool?
    }

    /// The accordion name of the page's top-level sections under `accordion: true`.
    static let topLevelAccordion = "fm-accordion"

    /// Parses `markdown` and makes its tree; `parseEnd` is set to when cmark's parse ended.
    func build(_ markdown: Substring, parseEnd: inout StepClock) throws(SectionsError) -> Tree {
        // cmark's tree, and all that the extensions add to it, in the thread's arena (see
        // ``CmarkArena``), unless the page is too large for one.
        guard markdown.utf8.count <= CmarkArena.largestPage else {
            return try buildTree(markdown, parseEnd: &parseEnd, inArena: false)
        }
        return try CmarkArena.withPage { () throws(SectionsError) in
            try buildTree(markdown, parseEnd: &parseEnd, inArena: true)
        }
    }

    /// ``build(_:parseEnd:)`` in the allocator given; a tree in the arena is not freed node
    /// by node, the arena takes it back whole.
    private func buildTree(_ markdown: Substring, parseEnd: inout StepClock, inArena: Bool) throws(SectionsError)
        -> Tree
    {
        var text = markdown  // the page's own storage: withUTF8 copies nothing
        let root = text.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { CmarkNode.parse($0, options: cmarkOptions) }
        }
        guard let root else { throw SectionsError(.parserFailed) }
        defer { if !inArena { cmark_node_free(root) } }
        parseEnd = .now

        let source = SourceLines(markdown)
        let found = MarkdownExtensions.apply(to: root, source: source, cmarkOptions: cmarkOptions)
        let blocks = CmarkNode.children(of: root)
        let headings = try readHeadings(blocks, source: source)
        // The layout's ids are keyed once, in the options: only explicit ids are keyed here.
        var slugger = Slugger(reserved: options.reservedKeys.adding(headings.compactMap { $0.attributes?.id }))
        var tree = Tree(preamble: .empty, sections: [], links: [])
        var open: [OpenSection] = []  // the chain of sections that the next block belongs to
        var nextHeading = 0
        var run: [OpaquePointer] = []  // blocks since the last heading, rendered together
        func flush() {
            guard !run.isEmpty else { return }
            let body = renderTogether(run, found: found)
            run.removeAll(keepingCapacity: true)
            if open.isEmpty {
                tree.preamble.append(body)
            } else {
                open[open.count - 1].section.body.append(body)
                open[open.count - 1].section.wordCount += FoldRules.words(in: body)
            }
        }
        for node in blocks {
            let links = collectLinks(in: node)
            guard CmarkNode.isHeading(node) else {
                run.append(node)
                if open.isEmpty { tree.links += links } else { open[open.count - 1].links += links }
                continue
            }
            flush()
            let heading = headings[nextHeading]
            nextHeading += 1
            let level = Int(cmark_node_get_heading_level(node))
            close(while: { $0.section.level >= level }, open: &open, into: &tree)
            let (title, titleHTML) = Self.plainTitle(of: node) ?? (CmarkNode.plainText(node), innerHTML(of: node))
            let classes = heading.attributes?.otherClasses ?? []
            let section = Section(
                level: level, title: title, titleHTML: HTMLFragment(trusted: titleHTML),
                id: heading.attributes?.id ?? slugger.uniqueSlug(for: title),
                classes: classes.filter { $0 != "draft" }, line: heading.line,
                wordCount: FoldRules.words(inHTML: titleHTML))
            open.append(
                OpenSection(
                    section: section, links: links, isDraft: classes.contains("draft"),
                    collapsed: heading.attributes?.collapsed))
        }
        flush()
        close(while: { _ in true }, open: &open, into: &tree)
        formTopLevel(&tree.sections)
        return tree
    }

    /// The body that consecutive top-level blocks make, from cmark's HTML for them in one
    /// render: the blocks move under a document node of their own, which is rendered and
    /// then freed with them. One call instead of one per block saves an allocation and a
    /// copy per block; the HTML is the same, since a document renders its children one
    /// after the other. The blocks that the extensions `found` are read out of the HTML.
    private func renderTogether(_ blocks: [OpaquePointer], found: FoundBlocks) -> Body {
        guard blocks.count > 1, let document = CmarkNode.new(CMARK_NODE_DOCUMENT) else {
            var body = Body.empty
            for block in blocks {
                body.append(CmarkNode.withHTML(block, options: cmarkOptions) { MarkedHTML.body($0, found: found) })
            }
            return body
        }
        defer { cmark_node_free(document) }  // and the blocks, which it now owns
        for block in blocks { _ = cmark_node_append_child(document, block) }
        return CmarkNode.withHTML(document, options: cmarkOptions) { MarkedHTML.body($0, found: found) }
    }

    /// Reads and removes every document-level heading's attribute block, and checks that
    /// explicit ids are valid and unique before any slug is made.
    private func readHeadings(_ blocks: [OpaquePointer], source: SourceLines) throws(SectionsError) -> [Heading] {
        var headings: [Heading] = []
        var explicitLines: [String: Int] = [:]
        for node in blocks where CmarkNode.isHeading(node) {
            let heading = Heading(
                node: node, line: Int(cmark_node_get_start_line(node)) + lineOffset,
                attributes: HeadingAttributes.extract(from: node, source: source))
            if let invalid = heading.attributes?.classes.first(where: { !Slugger.isValidClass($0) }) {
                throw SectionsError(.invalidClass(invalid), line: heading.line)
            }
            if let id = heading.attributes?.id {
                guard Slugger.isValidExplicitID(id) else { throw SectionsError(.invalidID(id), line: heading.line) }
                guard !options.reservedKeys.contains(id) else {
                    throw SectionsError(.reservedID(id), line: heading.line)
                }
                if let first = explicitLines[id] {
                    throw SectionsError(.duplicateID(id, firstLine: first), line: heading.line)
                }
                explicitLines[id] = heading.line
            }
            headings.append(heading)
        }
        return headings
    }

    /// Pops open sections while `condition` holds, attaching each to its parent (or to the
    /// roots). A draft section is dropped with all it holds unless drafts are included.
    private func close(while condition: (OpenSection) -> Bool, open: inout [OpenSection], into tree: inout Tree) {
        // Looked at in place and moved out by `removeLast`.
        while let top = open.indices.last, condition(open[top]) {
            var closed = open.removeLast()
            if closed.isDraft && !options.includesDrafts { continue }
            // Children are closed first, so the counts and accordions below them are final.
            // Changed where it is: a copy would share its fields with `closed`, and the
            // first change would then copy them.
            let ownWords = closed.section.wordCount
            closed.section.wordCount += closed.section.children.reduce(0) { $0 + $1.wordCount }
            closed.section.isCollapsed =
                closed.collapsed ?? foldRules.startsCollapsed(level: closed.section.level, words: ownWords)
            if isAccordion || closed.section.classes.contains("accordion") {
                Self.formAccordion(&closed.section.children, name: closed.section.id)
            }
            if closed.section.isTabSet { Self.formTabSet(&closed.section.children) }
            let section = closed.section
            if open.isEmpty {
                tree.sections.append(section)
                tree.links += closed.links
            } else {
                open[open.count - 1].section.children.append(section)
                open[open.count - 1].links += closed.links
            }
        }
    }

    /// Records every link and image under `node` and gives it its rewritten destination.
    ///
    /// Walks the block's tree by its links (down to a first child, on to a next sibling,
    /// back up to a parent) in document order: a cmark iterator, allocated and freed for
    /// every top-level block, also stops at every node twice.
    private func collectLinks(in node: OpaquePointer) -> [Link] {
        var links: [Link] = []
        var current = node
        while true {
            let type = cmark_node_get_type(current)
            if type == CMARK_NODE_LINK || type == CMARK_NODE_IMAGE {
                let url = cmark_node_get_url(current).map { String(cString: $0) } ?? ""
                links.append(
                    Link(
                        url: url, line: Int(cmark_node_get_start_line(current)) + lineOffset,
                        column: Int(cmark_node_get_start_column(current)), isImage: type == CMARK_NODE_IMAGE))
                if let rewriteLink {
                    let rewritten = rewriteLink(url)
                    if rewritten != url { _ = cmark_node_set_url(current, rewritten) }
                }
            }
            if let child = cmark_node_first_child(current) {
                current = child
                continue
            }
            // Up to the nearest node with a next sibling, never above `node`.
            while current != node, cmark_node_next(current) == nil, let parent = cmark_node_parent(current) {
                current = parent
            }
            guard current != node, let next = cmark_node_next(current) else { return links }
            current = next
        }
    }

    /// The text and inner HTML of a heading that holds only text, as ``CmarkNode/plainText(_:)``
    /// and ``innerHTML(of:)`` make them, without cmark rendering it: a text node's HTML is
    /// its literal escaped as cmark escapes text (``HTMLFragment/escape(_:apostrophes:)``).
    /// Most headings are plain words, and a render by cmark costs far more. `nil` for
    /// a heading with no inlines or with any other inline.
    static func plainTitle(of heading: OpaquePointer) -> (text: String, html: String)? {
        guard let first = cmark_node_first_child(heading), cmark_node_get_type(first) == CMARK_NODE_TEXT else {
            return nil
        }
        var text = CmarkNode.literal(first)
        var child = cmark_node_next(first)
        while let current = child {
            guard cmark_node_get_type(current) == CMARK_NODE_TEXT else { return nil }
            text += CmarkNode.literal(current)
            child = cmark_node_next(current)
        }
        return (text, HTMLFragment.escape(text, apostrophes: false))
    }

    /// cmark's HTML for the heading's inline content, without the `<hN>` element around it.
    ///
    /// Works on UTF-8 bytes: a combining mark right after `<h1>` joins the `>` into one
    /// `Character`, so a search by `Character` would miss it (a fuzzer found this).
    /// The bytes are looked at where cmark wrote them, and only the inner part becomes a
    /// string: a page has a heading per section.
    private func innerHTML(of heading: OpaquePointer) -> String {
        guard let buffer = cmark_render_html(heading, cmarkOptions) else { return "" }
        defer { CmarkArena.release(buffer) }
        let length = strlen(buffer)
        return buffer.withMemoryRebound(to: UInt8.self, capacity: length) { base in
            let bytes = UnsafeBufferPointer(start: base, count: length)
            guard let start = bytes.firstIndex(of: UInt8(ascii: ">")) else {
                return String(decoding: bytes, as: UTF8.self)
            }
            // The last `</h`, if it comes after that.
            var end = bytes.count - 3
            while end > start
                && !(bytes[end] == UInt8(ascii: "<") && bytes[end + 1] == UInt8(ascii: "/")
                    && bytes[end + 2] == UInt8(ascii: "h"))
            {
                end -= 1
            }
            guard end > start else { return String(decoding: bytes, as: UTF8.self) }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[(start + 1)..<end]), as: UTF8.self)
        }
    }
}
