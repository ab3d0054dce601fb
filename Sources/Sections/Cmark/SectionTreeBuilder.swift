internal import CCmark

/// Turns Markdown into the preamble and the section tree of a ``Document``.
///
/// The only type that parses with cmark. The whole cmark tree is allocated and freed in
/// ``build(_:)``; nothing that outlives the call points into it.
struct SectionTreeBuilder {
    var options: ParseOptions
    var collapsedByDefault: Bool
    /// Lines of the file before the Markdown body (the front matter), added to cmark's lines.
    var lineOffset: Int

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

    func build(_ markdown: Substring) throws(SectionsError) -> (HTMLFragment, [Section]) {
        var text = String(markdown)
        let root = text.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { cmark_parse_document($0.baseAddress, $0.count, cmarkOptions) }
        }
        guard let root else { throw SectionsError(.parserFailed) }
        defer { cmark_node_free(root) }

        let source = SourceLines(text)
        let blocks = CmarkNode.children(of: root)
        var headings: [Heading] = []
        var explicitLines: [String: Int] = [:]
        for node in blocks where CmarkNode.isHeading(node) {
            let heading = Heading(
                node: node, line: Int(cmark_node_get_start_line(node)) + lineOffset,
                attributes: HeadingAttributes.extract(from: node, source: source))
            if let id = heading.attributes?.id {
                guard Slugger.isValidExplicitID(id) else { throw SectionsError(.invalidID(id), line: heading.line) }
                if let first = explicitLines[id] {
                    throw SectionsError(.duplicateID(id, firstLine: first), line: heading.line)
                }
                explicitLines[id] = heading.line
            }
            headings.append(heading)
        }

        var slugger = Slugger(reserved: explicitLines.keys)
        var preamble = ""
        var roots: [Section] = []
        var open: [Section] = []  // the chain of sections that the next block belongs to
        var nextHeading = 0
        for node in blocks {
            guard CmarkNode.isHeading(node) else {
                let html = CmarkNode.html(node, options: cmarkOptions)
                if open.isEmpty { preamble += html } else { open[open.count - 1].body.html += html }
                continue
            }
            let heading = headings[nextHeading]
            nextHeading += 1
            let level = Int(cmark_node_get_heading_level(node))
            close(while: { $0.level >= level }, open: &open, roots: &roots)
            let title = CmarkNode.plainText(node)
            open.append(
                Section(
                    level: level, title: title, titleHTML: HTMLFragment(trusted: innerHTML(of: node)),
                    id: heading.attributes?.id ?? slugger.uniqueSlug(for: title),
                    isCollapsed: heading.attributes?.collapsed ?? collapsedByDefault,
                    classes: heading.attributes?.otherClasses ?? [], line: heading.line))
        }
        close(while: { _ in true }, open: &open, roots: &roots)
        return (HTMLFragment(trusted: preamble), roots)
    }

    /// Pops open sections while `condition` holds, attaching each to its parent (or to the roots).
    private func close(while condition: (Section) -> Bool, open: inout [Section], roots: inout [Section]) {
        while let last = open.last, condition(last) {
            open.removeLast()
            if open.isEmpty { roots.append(last) } else { open[open.count - 1].children.append(last) }
        }
    }

    /// cmark's HTML for the heading's inline content, without the `<hN>` element around it.
    private func innerHTML(of heading: OpaquePointer) -> String {
        let html = CmarkNode.html(heading, options: cmarkOptions)
        guard let start = html.firstIndex(of: ">"), let end = html.range(of: "</h", options: .backwards) else {
            return html
        }
        return String(html[html.index(after: start)..<end.lowerBound])
    }
}
