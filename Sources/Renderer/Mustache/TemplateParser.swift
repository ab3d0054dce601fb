/// Turns the source of one template or partial into a tree of ``TemplateNode``s, applying the
/// spec's whitespace rules: a line holding only a section, inverted-section, closing, partial,
/// comment or delimiter tag (plus spaces and tabs) disappears from the output entirely.
struct TemplateParser {
    /// A section whose closing tag has not been seen yet.
    private struct OpenSection {
        var tag: TemplateTag
        var name: TemplateName
        var isInverted: Bool
        /// The nodes of the enclosing level, set aside while the section's children are collected.
        var enclosingNodes: [TemplateNode]
    }

    private let source: TemplateSource
    private let partialIndices: [String: Int]
    private let marksLineStarts: Bool
    private var openDelimiter = Array("{{".utf8)
    private var closeDelimiter = Array("}}".utf8)
    private var nodes: [TemplateNode] = []
    private var openSections: [OpenSection] = []

    /// - Parameters:
    ///   - template: the partial's name, or `nil` for the main template; used in errors.
    ///   - partialIndices: where each partial's compiled nodes will be, by name.
    ///   - marksLineStarts: whether to add ``TemplateNode/lineStart`` nodes, which only
    ///     partials need, for indentation.
    init(_ text: String, template: String?, partialIndices: [String: Int], marksLineStarts: Bool) {
        source = TemplateSource(text, template: template)
        self.partialIndices = partialIndices
        self.marksLineStarts = marksLineStarts
    }

    mutating func parse() throws(TemplateError) -> [TemplateNode] {
        var textStart = 0
        var position = 0
        while let tagStart = source.find(openDelimiter, from: position) {
            let tag = try TemplateTag(in: source, at: tagStart, open: openDelimiter, close: closeDelimiter)
            if tag.canStandAlone, let lineStart = source.lineStart(before: tagStart),
                let lineEnd = source.lineEnd(after: tag.end)
            {
                appendText(textStart..<lineStart)
                position = lineEnd
                try handle(tag, indentation: source.text(lineStart..<tagStart))
            } else {
                appendText(textStart..<tagStart)
                if marksLineStarts, source.isLineStart(tagStart) { nodes.append(.lineStart) }
                position = tag.end
                try handle(tag, indentation: "")
            }
            textStart = position
        }
        appendText(textStart..<source.count)
        if let section = openSections.last {
            throw source.error("unclosed section '\(section.tag.name)'", at: section.tag.start)
        }
        return nodes
    }

    private mutating func handle(_ tag: TemplateTag, indentation: String) throws(TemplateError) {
        switch tag.kind {
        case .variable(let name, let isEscaped):
            nodes.append(.variable(name, isEscaped: isEscaped))
        case .section(let name, let isInverted):
            openSections.append(OpenSection(tag: tag, name: name, isInverted: isInverted, enclosingNodes: nodes))
            nodes = []
        case .close:
            guard let section = openSections.popLast() else {
                throw source.error("closing tag '\(tag.name)' has no open section", at: tag.start)
            }
            guard section.tag.name == tag.name else {
                let (line, column) = source.location(of: section.tag.start)
                throw source.error(
                    "closing tag '\(tag.name)' does not match section '\(section.tag.name)' "
                        + "opened at \(line):\(column)",
                    at: tag.start
                )
            }
            let children = nodes
            nodes = section.enclosingNodes
            nodes.append(.section(section.name, isInverted: section.isInverted, children: children))
        case .partial:
            nodes.append(.partial(index: partialIndices[tag.name], indentation: indentation))
        case .comment:
            break
        case .delimiters(let open, let close):
            openDelimiter = open
            closeDelimiter = close
        }
    }

    /// Appends the source text in `range`, with a ``TemplateNode/lineStart`` before each line
    /// if this is a partial. Merges with a text node just before it.
    private mutating func appendText(_ range: Range<Int>) {
        var chunkStart = range.lowerBound
        if marksLineStarts {
            for offset in range where source.isLineStart(offset) {
                appendChunk(chunkStart..<offset)
                nodes.append(.lineStart)
                chunkStart = offset
            }
        }
        appendChunk(chunkStart..<range.upperBound)
    }

    private mutating func appendChunk(_ range: Range<Int>) {
        guard !range.isEmpty else { return }
        let text = source.text(range)
        if case .text(let previous) = nodes.last {
            nodes[nodes.count - 1] = .text(previous + text)
        } else {
            nodes.append(.text(text))
        }
    }
}
