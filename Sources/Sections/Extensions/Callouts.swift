internal import CCmark

/// GitHub-style callouts: a block quote whose first line is `[!NOTE]`, `[!TIP]`,
/// `[!IMPORTANT]`, `[!WARNING]` or `[!CAUTION]` (any case) becomes a ``Callout``, which
/// the theme frames with an icon and a title.
///
/// Text after the marker is a custom title. `[!TIP]-` makes a callout that the reader can
/// fold and that starts closed, `[!TIP]+` one that starts open.
///
/// The quote is replaced by a custom block that holds the marks of ``BlockMark``; its
/// blocks, and the inline nodes of a custom title, move under it as they are, so cmark
/// still renders them with the page's options (safe mode, link rewriting).
enum Callouts {
    /// How deeply callouts nest: a marked quote inside as many callouts stays a quote.
    /// Each callout's body is a value inside its parent's and is laid out by the theme's
    /// partial inside its parent's: the bound keeps both from exhausting a thread's stack
    /// on hostile input. Real callouts nest one or two deep.
    static let maximumNesting = 32

    static func apply(to blocks: [OpaquePointer], source: SourceLines, found: inout FoundBlocks) {
        // Each container's number of enclosing callouts, in its user data: the blocks come
        // in document order, so a parent's is set before its children are looked at.
        for block in blocks {
            let type = cmark_node_get_type(block)
            guard type == CMARK_NODE_BLOCK_QUOTE || type == CMARK_NODE_LIST || type == CMARK_NODE_ITEM else {
                continue
            }
            let depth = cmark_node_parent(block).map(nesting) ?? 0
            if type == CMARK_NODE_BLOCK_QUOTE, depth < maximumNesting,
                let frame = convert(block, source: source, found: &found)
            {
                _ = cmark_node_set_user_data(frame, UnsafeMutableRawPointer(bitPattern: depth + 1))
            } else {
                _ = cmark_node_set_user_data(block, UnsafeMutableRawPointer(bitPattern: depth))
            }
        }
    }

    /// How many callouts enclose the children of `node`, as ``apply(to:source:found:)`` set it.
    private static func nesting(_ node: OpaquePointer) -> Int {
        Int(bitPattern: cmark_node_get_user_data(node))
    }

    /// Replaces `quote` by a callout if its first line is a marker, and returns the callout's
    /// node; leaves it alone otherwise.
    private static func convert(_ quote: OpaquePointer, source: SourceLines, found: inout FoundBlocks)
        -> OpaquePointer?
    {
        guard let paragraph = cmark_node_first_child(quote), cmark_node_get_type(paragraph) == CMARK_NODE_PARAGRAPH,
            let line = source.line(Int(cmark_node_get_start_line(paragraph))),
            let marker = Marker(line: line, column: Int(cmark_node_get_start_column(paragraph))),
            removeMarker(marker.text, from: paragraph),
            let frame = CmarkNode.new(CMARK_NODE_CUSTOM_BLOCK), let title = CmarkNode.new(CMARK_NODE_CUSTOM_INLINE)
        else { return nil }
        found.add(.callout(marker.kind, marker.folding), markingStartOn: frame)
        BlockMark.set(.end, on: frame, onExit: true)
        BlockMark.set(.titleEnd, on: title, onExit: true)

        moveTitle(from: paragraph, to: title)
        if cmark_node_first_child(paragraph) == nil { cmark_node_free(paragraph) }

        _ = cmark_node_append_child(frame, title)
        while let child = cmark_node_first_child(quote) { _ = cmark_node_append_child(frame, child) }
        _ = cmark_node_insert_before(quote, frame)
        cmark_node_free(quote)
        return frame
    }

    /// Removes `marker` from the text nodes that start `paragraph`, with the blanks after it.
    /// Fails, changing nothing, unless those nodes spell the marker exactly: the source line
    /// alone cannot tell whether cmark read it as text (it may be a link to a definition).
    private static func removeMarker(_ marker: String, from paragraph: OpaquePointer) -> Bool {
        var run: [OpaquePointer] = []
        var text = ""
        var node = cmark_node_first_child(paragraph)
        while text.utf8.count < marker.utf8.count, let current = node, CmarkNode.isText(current) {
            run.append(current)
            text += CmarkNode.literal(current)
            node = cmark_node_next(current)
        }
        guard text.utf8.starts(with: marker.utf8), let last = run.last else { return false }
        for consumed in run.dropLast() { cmark_node_free(consumed) }
        let lastText = CmarkNode.literal(last)
        let keptCount = text.utf8.count - marker.utf8.count
        let kept = Substring(lastText.utf8.suffix(keptCount)).drop(while: { $0 == " " || $0 == "\t" })
        if kept.isEmpty { cmark_node_free(last) } else { CmarkNode.setLiteral(last, String(kept)) }
        return true
    }

    /// Moves the inline nodes of the paragraph's first line under `label`, and drops the
    /// line break after them.
    private static func moveTitle(from paragraph: OpaquePointer, to label: OpaquePointer) {
        while let node = cmark_node_first_child(paragraph) {
            let type = cmark_node_get_type(node)
            if type == CMARK_NODE_SOFTBREAK || type == CMARK_NODE_LINEBREAK {
                cmark_node_free(node)
                return
            }
            _ = cmark_node_append_child(label, node)
        }
    }
}

extension Callouts {
    /// The `[!TYPE]` marker at the start of a callout's first line, as written in the source.
    struct Marker {
        typealias Kind = Callout.Kind

        var kind: Kind
        var folding: Callout.Folding
        /// The marker with its `+` or `-`, byte for byte as in the source.
        var text: String

        /// Reads the marker at byte `column` (1-based, cmark's) of `line`. It must be followed
        /// by a blank or the end of the line; a backslash before `[` means there is none.
        init?(line: Substring, column: Int) {
            let bytes = line.utf8
            guard column >= 1, column <= bytes.count else { return nil }
            let rest = bytes.dropFirst(column - 1)
            guard rest.starts(with: "[!".utf8) else { return nil }
            let name = rest.dropFirst(2).prefix(while: { $0 != UInt8(ascii: "]") })
            guard name.endIndex < rest.endIndex, name.allSatisfy({ $0 < 0x80 }),
                let kind = Kind(rawValue: String(decoding: name, as: UTF8.self).lowercased())
            else { return nil }
            var end = rest.index(after: name.endIndex)
            switch end < rest.endIndex ? rest[end] : 0 {
            case UInt8(ascii: "-"): folding = .collapsed
            case UInt8(ascii: "+"): folding = .expanded
            default: folding = .none
            }
            if folding != .none { end = rest.index(after: end) }
            guard end == rest.endIndex || rest[end] == UInt8(ascii: " ") || rest[end] == UInt8(ascii: "\t") else {
                return nil
            }
            self.kind = kind
            self.text = String(decoding: rest[..<end], as: UTF8.self)
        }
    }
}
