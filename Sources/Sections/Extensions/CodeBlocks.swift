internal import CCmark

/// Makes every code block, fenced or indented, a ``CodeBlock``: its language (the info
/// string's first word, when there is one), the rest of its info string, its text, and
/// cmark's own `<pre><code>` for it, which the theme frames.
///
/// The block moves into a custom block that holds the marks of ``BlockMark``, so that
/// cmark still renders it with the rest of the page.
enum CodeBlocks {
    static func apply(to blocks: [OpaquePointer], found: inout FoundBlocks) {
        for block in blocks where cmark_node_get_type(block) == CMARK_NODE_CODE_BLOCK {
            mark(block, found: &found)
        }
    }

    private static func mark(_ block: OpaquePointer, found: inout FoundBlocks) {
        guard let frame = CmarkNode.new(CMARK_NODE_CUSTOM_BLOCK) else { return }
        guard cmark_node_insert_before(block, frame) == 1 else {
            cmark_node_free(frame)
            return
        }
        _ = cmark_node_append_child(frame, block)
        let info = infoString(of: block)
        found.add(
            .codeBlock(language: info.language, options: info.options, text: CmarkNode.literal(block)),
            markingStartOn: frame)
        BlockMark.set(.end, on: frame, onExit: true)
    }

    /// The first word of the info string, as cmark takes it for the `language-` class (nil
    /// for indented blocks and fences without one), and the rest after the blanks that follow.
    static func infoString(of block: OpaquePointer) -> (language: String?, options: String) {
        guard let pointer = cmark_node_get_fence_info(block), pointer.pointee != 0 else { return (nil, "") }
        let info = String(cString: pointer)
        let word = info.utf8.prefix(while: { !isBlank($0) })
        guard !word.isEmpty else { return (nil, "") }
        let options = info.utf8[word.endIndex...].drop(while: isBlank)
        return (String(decoding: word, as: UTF8.self), String(decoding: options, as: UTF8.self))
    }

    /// cmark's `cmark_isspace`: space, tab, line feed, vertical tab, form feed, carriage return.
    private static func isBlank(_ byte: UInt8) -> Bool {
        byte == 0x20 || (0x09...0x0D).contains(byte)
    }
}
