internal import CCmark

/// GitHub-flavoured task list items: a list item whose first block is a paragraph that
/// starts with `[ ]`, `[x]` or `[X]` and a space gets a disabled checkbox instead.
///
/// The marker is read from the source, so `\[ ]` or `&#91; ]` stays text. The checkbox
/// (a ``TaskItem``) is a custom inline at the paragraph's start, so the theme's checkbox
/// goes before the item's text: `<li><input disabled="" type="checkbox"> rest</li>`, which
/// CSS can find with `:has`. The item's text, as plain text, is the checkbox's label.
enum TaskLists {
    static func apply(to blocks: [OpaquePointer], source: SourceLines, found: inout FoundBlocks) {
        for item in blocks where cmark_node_get_type(item) == CMARK_NODE_ITEM {
            guard let paragraph = cmark_node_first_child(item), cmark_node_get_type(paragraph) == CMARK_NODE_PARAGRAPH,
                let marker = marker(of: paragraph, source: source), removeMarker(marker, from: paragraph),
                let checkbox = CmarkNode.new(CMARK_NODE_CUSTOM_INLINE)
            else { continue }
            let text = String(CmarkNode.plainText(paragraph).drop { $0 == " " || $0 == "\t" })
            found.add(.taskItem(isChecked: marker != "[ ]", text: text), markingStartOn: checkbox, isInline: true)
            _ = cmark_node_prepend_child(paragraph, checkbox)
        }
    }

    /// The task marker that `paragraph` starts with in the source, followed by a blank.
    /// Looks at the tree first: cmark makes a `[` its own text node, so most items are
    /// passed over without reading a source line.
    private static func marker(of paragraph: OpaquePointer, source: SourceLines) -> String? {
        guard let first = cmark_node_first_child(paragraph),
            cmark_node_get_type(first) == CMARK_NODE_LINK
                || cmark_node_get_literal(first)?.pointee == CChar(UInt8(ascii: "[")),
            let line = source.line(Int(cmark_node_get_start_line(paragraph)))
        else { return nil }
        let bytes = line.utf8.dropFirst(Int(cmark_node_get_start_column(paragraph)) - 1).prefix(4)
        guard bytes.count == 4 else { return nil }
        let marker = Array(bytes.prefix(3))
        let isMarker =
            marker[0] == UInt8(ascii: "[") && marker[2] == UInt8(ascii: "]")
            && [UInt8(ascii: " "), UInt8(ascii: "x"), UInt8(ascii: "X")].contains(marker[1])
        let blank = bytes[bytes.index(bytes.startIndex, offsetBy: 3)]
        guard isMarker, blank == UInt8(ascii: " ") || blank == UInt8(ascii: "\t") else { return nil }
        return String(decoding: marker, as: UTF8.self)
    }

    /// Removes the three characters of `marker` from the paragraph's leading text nodes
    /// (cmark splits `[ ]` into several), or the link that `[x]` makes when the page
    /// defines `[x]: /url`; false, changing nothing, if they do not hold it.
    private static func removeMarker(_ marker: String, from paragraph: OpaquePointer) -> Bool {
        if let link = cmark_node_first_child(paragraph), cmark_node_get_type(link) == CMARK_NODE_LINK {
            // The source has `[x]` and a blank here, which only a shortcut reference `[x]` parses as.
            cmark_node_free(link)
            return true
        }
        var texts: [(node: OpaquePointer, literal: String)] = []
        var leading = ""
        var next = cmark_node_first_child(paragraph)
        while leading.utf8.count < 3, let node = next, CmarkNode.isText(node) {
            texts.append((node, CmarkNode.literal(node)))
            leading += texts[texts.count - 1].literal
            next = cmark_node_next(node)
        }
        guard leading.utf8.starts(with: marker.utf8) else { return false }
        var remaining = 3
        for (node, literal) in texts where remaining > 0 {
            let count = literal.utf8.count
            if count <= remaining {
                cmark_node_free(node)
            } else {
                CmarkNode.setLiteral(node, String(decoding: literal.utf8.dropFirst(remaining), as: UTF8.self))
            }
            remaining -= min(count, remaining)
        }
        return true
    }
}
