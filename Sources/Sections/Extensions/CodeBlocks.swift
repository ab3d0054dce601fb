internal import CCmark

/// Puts every code block in a frame: a bar with the language (the info string's first
/// word, when there is one) and a Copy button, then cmark's own `<pre><code>`.
///
/// The button is written `hidden`: only the page script, which does the copying, shows it,
/// so a reader without JavaScript sees no button that does nothing. Without a language the
/// whole bar starts hidden too, since it would hold nothing else. Indented code blocks get
/// the same frame, without a language.
enum CodeBlocks {
    static func apply(to blocks: [OpaquePointer]) {
        for block in blocks where cmark_node_get_type(block) == CMARK_NODE_CODE_BLOCK { frame(block) }
    }

    private static func frame(_ block: OpaquePointer) {
        guard let frame = CmarkNode.new(CMARK_NODE_CUSTOM_BLOCK) else { return }
        let button = "<button type=\"button\" class=\"fm-code-copy\" aria-live=\"polite\" hidden>Copy</button>"
        let bar =
            if let language = language(of: block) {
                "<div class=\"fm-code-bar\"><span class=\"fm-code-lang\">\(HTMLFragment.escape(language))</span>"
                    + "\(button)</div>"
            } else {
                "<div class=\"fm-code-bar\" hidden>\(button)</div>"
            }
        _ = cmark_node_set_on_enter(frame, "<div class=\"fm-code\">" + bar)
        _ = cmark_node_set_on_exit(frame, "</div>")
        guard cmark_node_insert_before(block, frame) == 1 else {
            cmark_node_free(frame)
            return
        }
        _ = cmark_node_append_child(frame, block)
    }

    /// The first word of the info string, as cmark takes it for the `language-` class; nil
    /// for indented blocks and fences without one.
    static func language(of block: OpaquePointer) -> String? {
        let info = cmark_node_get_fence_info(block).map { String(cString: $0) } ?? ""
        let word = info.utf8.prefix(while: { !isBlank($0) })
        return word.isEmpty ? nil : String(decoding: word, as: UTF8.self)
    }

    /// cmark's `cmark_isspace`: space, tab, line feed, vertical tab, form feed, carriage return.
    private static func isBlank(_ byte: UInt8) -> Bool {
        byte == 0x20 || (0x09...0x0D).contains(byte)
    }
}
