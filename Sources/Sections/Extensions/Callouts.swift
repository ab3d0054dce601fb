internal import CCmark

/// GitHub-style callouts: a block quote whose first line is `[!NOTE]`, `[!TIP]`,
/// `[!IMPORTANT]`, `[!WARNING]` or `[!CAUTION]` (any case) becomes a framed box with an
/// icon and a title.
///
/// Text after the marker is a custom title. `[!TIP]-` makes a `<details>` that starts
/// closed, `[!TIP]+` one that starts open; without a sign the callout is a `<div>`.
///
/// The quote is replaced by custom blocks that hold only foldmark's own markup; its
/// blocks, and the inline nodes of a custom title, move under them as they are, so cmark
/// still renders them with the page's options (safe mode, link rewriting).
enum Callouts {
    static func apply(to blocks: [OpaquePointer], source: SourceLines) {
        for quote in blocks where cmark_node_get_type(quote) == CMARK_NODE_BLOCK_QUOTE {
            convert(quote, source: source)
        }
    }

    /// Replaces `quote` by a callout if its first line is a marker; leaves it alone otherwise.
    private static func convert(_ quote: OpaquePointer, source: SourceLines) {
        guard let paragraph = cmark_node_first_child(quote), cmark_node_get_type(paragraph) == CMARK_NODE_PARAGRAPH,
            let line = source.line(Int(cmark_node_get_start_line(paragraph))),
            let marker = Marker(line: line, column: Int(cmark_node_get_start_column(paragraph))),
            removeMarker(marker.text, from: paragraph)
        else { return }

        let kind = marker.kind
        let icon =
            "<svg class=\"fm-callout-icon\" viewBox=\"0 0 16 16\" width=\"16\" height=\"16\" fill=\"none\""
            + " stroke=\"currentColor\" stroke-width=\"1.5\" stroke-linecap=\"round\" stroke-linejoin=\"round\""
            + " aria-hidden=\"true\" focusable=\"false\">\(kind.iconPaths)</svg>"
        let classes = "fm-callout fm-callout-\(kind.rawValue)"
        let frameMarkup: (String, String)
        let titleMarkup: (String, String)
        switch marker.folding {
        case .none:
            frameMarkup = ("<div class=\"\(classes)\" role=\"note\">", "</div>")
            titleMarkup = ("<p class=\"fm-callout-title\">\(icon)", "</p>")
        case .collapsed, .expanded:
            let open = marker.folding == .expanded ? " open" : ""
            frameMarkup = ("<details class=\"\(classes)\"\(open)>", "</details>")
            titleMarkup = (
                "<summary class=\"fm-callout-title\"><span class=\"fm-arrow\" aria-hidden=\"true\"></span>\(icon)",
                "</summary>"
            )
        }
        guard let frame = CmarkNode.newCustom(CMARK_NODE_CUSTOM_BLOCK, onEnter: frameMarkup.0, onExit: frameMarkup.1),
            let title = CmarkNode.newCustom(CMARK_NODE_CUSTOM_BLOCK, onEnter: titleMarkup.0, onExit: titleMarkup.1),
            let label = CmarkNode.newCustom(
                CMARK_NODE_CUSTOM_INLINE, onEnter: "<span class=\"fm-callout-label\">", onExit: "</span>")
        else { return }

        moveTitle(from: paragraph, to: label)
        if cmark_node_first_child(label) == nil, let text = CmarkNode.new(CMARK_NODE_TEXT) {
            CmarkNode.setLiteral(text, kind.defaultTitle)
            _ = cmark_node_append_child(label, text)
        }
        if cmark_node_first_child(paragraph) == nil { cmark_node_free(paragraph) }

        _ = cmark_node_append_child(title, label)
        _ = cmark_node_append_child(frame, title)
        while let child = cmark_node_first_child(quote) { _ = cmark_node_append_child(frame, child) }
        _ = cmark_node_insert_before(quote, frame)
        cmark_node_free(quote)
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
        enum Kind: String, CaseIterable {
            case note, tip, important, warning, caution

            var defaultTitle: String { rawValue.prefix(1).uppercased() + rawValue.dropFirst() }

            /// The icon's strokes, drawn on a 16×16 grid.
            var iconPaths: String {
                switch self {
                case .note: "<circle cx=\"8\" cy=\"8\" r=\"6.25\"/><path d=\"M8 7.25v4M8 4.9v.1\"/>"
                case .tip:
                    "<path d=\"M6 12.25h4M6.75 14.5h2.5M8 1.5a4.5 4.5 0 0 0-2.6 8.2c.45.33.6.7.6 1.3v.25h4V11"
                        + "c0-.6.15-.97.6-1.3A4.5 4.5 0 0 0 8 1.5z\"/>"
                case .important:
                    "<path d=\"M2.25 3.5a1.5 1.5 0 0 1 1.5-1.5h8.5a1.5 1.5 0 0 1 1.5 1.5v6a1.5 1.5 0 0 1-1.5 1.5H7.5"
                        + "L4.5 14v-3h-.75a1.5 1.5 0 0 1-1.5-1.5z\"/><path d=\"M8 4.5v2.75M8 9.1v.1\"/>"
                case .warning: "<path d=\"M8 1.75 14.75 13.75H1.25z\"/><path d=\"M8 6.25v3.25M8 11.6v.1\"/>"
                case .caution:
                    "<path d=\"M5.4 1.5h5.2l3.9 3.9v5.2l-3.9 3.9H5.4l-3.9-3.9V5.4z\"/><path d=\"M8 4.75v3.75M8 10.9v.1\"/>"
                }
            }
        }

        enum Folding { case none, collapsed, expanded }

        var kind: Kind
        var folding: Folding
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
