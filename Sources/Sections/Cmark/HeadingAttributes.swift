internal import CCmark

/// Finds a heading's trailing attribute block in cmark's inline nodes and removes it.
///
/// The block is looked for in the run of text nodes that ends the heading. cmark has
/// already resolved backslash escapes there, so the text alone cannot tell `\{#x}` (literal
/// text) from `{#x}`: the source line, which cmark locates for the last text node, must
/// end with the block exactly as written, its `{` not escaped.
enum HeadingAttributes {
    static func extract(from heading: OpaquePointer, source: SourceLines) -> AttributeBlock? {
        var run: [OpaquePointer] = []
        var node = cmark_node_last_child(heading)
        while let current = node, CmarkNode.isText(current) {
            run.insert(current, at: 0)
            node = cmark_node_previous(current)
        }
        guard !run.isEmpty else { return nil }
        // Unicode scalars, not Characters: a combining mark after `{` or `}` would join
        // it into one Character, and Character counts of the parts need not add up.
        let literals = run.map(CmarkNode.literal)
        let tail = literals.joined().unicodeScalars
        guard let close = tail.lastIndex(where: { !$0.properties.isWhitespace }), tail[close] == "}",
            let open = tail[..<close].lastIndex(of: "{"),
            !tail[tail.index(after: open)..<close].contains("}"),
            let block = AttributeBlock(parsing: Substring(tail[tail.index(after: open)..<close]))
        else { return nil }

        // Which node holds the `{`, and where in it.
        var offset = tail.distance(from: tail.startIndex, to: open)
        var owner = 0
        while offset >= literals[owner].unicodeScalars.count {
            offset -= literals[owner].unicodeScalars.count
            owner += 1
        }
        let blockText = Substring(tail[open...close])
        guard let last = run.last,
            source.endsWithUnescaped(
                blockText, line: Int(cmark_node_get_end_line(last)), column: Int(cmark_node_get_end_column(last)))
        else { return nil }

        for extra in run[(owner + 1)...] { cmark_node_free(extra) }
        CmarkNode.setLiteral(run[owner], String(literals[owner].unicodeScalars.prefix(offset)))
        trimTrailingWhitespace(Array(run[...owner]))
        return block
    }

    /// Drops trailing whitespace (left before the block) from the last nodes of `run`,
    /// freeing nodes that become empty.
    private static func trimTrailingWhitespace(_ run: [OpaquePointer]) {
        for node in run.reversed() {
            let text = CmarkNode.literal(node)
            let kept = String(
                text[..<(text.lastIndex(where: { !$0.isWhitespace }).map(text.index(after:)) ?? text.startIndex)])
            if kept.isEmpty {
                cmark_node_free(node)
                continue
            }
            CmarkNode.setLiteral(node, kept)
            return
        }
    }
}
