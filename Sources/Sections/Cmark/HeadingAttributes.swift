internal import CCmark

#if canImport(Glibc)
    import Glibc
#endif

/// Finds a heading's trailing attribute block in cmark's inline nodes and removes it.
///
/// The block is looked for in the run of text nodes that ends the heading. cmark has
/// already resolved backslash escapes there, so the text alone cannot tell `\{#x}` (literal
/// text) from `{#x}`: the source line, which cmark locates for the last text node, must
/// end with the block exactly as written, its `{` not escaped.
enum HeadingAttributes {
    static func extract(from heading: OpaquePointer, source: SourceLines) -> AttributeBlock? {
        guard mayEndWithBlock(heading) else { return nil }
        var run: [OpaquePointer] = []
        var node = cmark_node_last_child(heading)
        while let current = node, CmarkNode.isText(current) {
            run.insert(current, at: 0)
            node = cmark_node_previous(current)
        }
        guard !run.isEmpty else { return nil }
        let literals = run.map(CmarkNode.literal)
        let tail = literals.joined()
        guard let (open, close) = Self.braces(in: tail) else { return nil }
        let utf8 = tail.utf8
        let openIndex = utf8.index(utf8.startIndex, offsetBy: open)
        let closeIndex = utf8.index(utf8.startIndex, offsetBy: close)
        guard let block = AttributeBlock(parsing: tail[utf8.index(after: openIndex)..<closeIndex]) else { return nil }

        // Which node holds the `{`, and where in it (bytes: `{` starts no multi-byte character).
        var offset = open
        var owner = 0
        while offset >= literals[owner].utf8.count {
            offset -= literals[owner].utf8.count
            owner += 1
        }
        let blockText = tail[openIndex...closeIndex]
        guard let last = run.last,
            source.endsWithUnescaped(
                blockText, line: Int(cmark_node_get_end_line(last)), column: Int(cmark_node_get_end_column(last)))
        else { return nil }

        for extra in run[(owner + 1)...] { cmark_node_free(extra) }
        CmarkNode.setLiteral(run[owner], String(Substring(literals[owner].utf8.prefix(offset))))
        trimTrailingWhitespace(Array(run[...owner]))
        return block
    }

    /// The UTF-8 offsets of the `{` and `}` of the block that `tail` ends with, if it ends
    /// with one: its last character other than white space is `}`, and the last `{` before
    /// it has no `}` after it.
    ///
    /// Read on bytes when that last character is ASCII, as it mostly is; otherwise by
    /// Unicode scalars (not Characters: a combining mark after `{` or `}` would join it into
    /// one Character), whose white space includes characters beyond ASCII.
    private static func braces(in tail: String) -> (open: Int, close: Int)? {
        var tail = tail
        // `nil` when the bytes cannot tell; `.some(nil)` when there is no block.
        let byBytes = tail.withUTF8 { bytes -> (open: Int, close: Int)?? in
            var close = bytes.count - 1
            while close >= 0, Self.isASCIIWhitespace(bytes[close]) { close -= 1 }
            guard close >= 0 else { return .some(nil) }  // nothing but white space
            guard bytes[close] < 0x80 else { return nil }  // maybe white space beyond ASCII
            guard bytes[close] == UInt8(ascii: "}") else { return .some(nil) }
            var open = close - 1
            while open >= 0, bytes[open] != UInt8(ascii: "{") {
                if bytes[open] == UInt8(ascii: "}") { return .some(nil) }
                open -= 1
            }
            guard open >= 0 else { return .some(nil) }
            return .some((open: open, close: close))
        }
        if let byBytes { return byBytes }
        let scalars = tail.unicodeScalars
        guard let close = scalars.lastIndex(where: { !$0.properties.isWhitespace }), scalars[close] == "}",
            let open = scalars[..<close].lastIndex(of: "{"),
            !scalars[scalars.index(after: open)..<close].contains("}")
        else { return nil }
        let utf8 = tail.utf8
        return (utf8.distance(from: utf8.startIndex, to: open), utf8.distance(from: utf8.startIndex, to: close))
    }

    private static func isASCIIWhitespace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || (0x09...0x0D).contains(byte)
    }

    /// Whether the heading may end with an attribute block: `false` when its last node is
    /// text whose last character other than white space is ASCII and not `}`, as in most
    /// headings. Read on the literal's bytes, so that most headings cost no `String`s and no
    /// Unicode tables; anything else (a non-ASCII or blank ending) is left to ``extract``.
    private static func mayEndWithBlock(_ heading: OpaquePointer) -> Bool {
        guard let last = cmark_node_last_child(heading), CmarkNode.isText(last),
            let literal = cmark_node_get_literal(last)
        else { return false }
        var end = strlen(literal)
        while end > 0 {
            let byte = UInt8(bitPattern: literal[end - 1])
            switch byte {
            case 0x09...0x0D, UInt8(ascii: " "): end -= 1  // ASCII white space
            case 0x80...: return true
            default: return byte == UInt8(ascii: "}")
            }
        }
        return true
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
