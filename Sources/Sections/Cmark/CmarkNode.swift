internal import CCmark
import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// Small conveniences over cmark's C API. Nodes are borrowed: nothing here frees a node
/// unless its name says so.
enum CmarkNode {
    static func children(of node: OpaquePointer) -> [OpaquePointer] {
        var result: [OpaquePointer] = []
        var child = cmark_node_first_child(node)
        while let current = child {
            result.append(current)
            child = cmark_node_next(current)
        }
        return result
    }

    /// Whether a child of `node` satisfies `test`; walks the siblings without listing them.
    static func containsChild(of node: OpaquePointer, where test: (OpaquePointer) -> Bool) -> Bool {
        var child = cmark_node_first_child(node)
        while let current = child {
            if test(current) { return true }
            child = cmark_node_next(current)
        }
        return false
    }

    static func isHeading(_ node: OpaquePointer) -> Bool {
        cmark_node_get_type(node) == CMARK_NODE_HEADING
    }

    static func isText(_ node: OpaquePointer) -> Bool {
        cmark_node_get_type(node) == CMARK_NODE_TEXT
    }

    /// The node's literal copied into a `String`; cmark owns the pointer, so it is not freed.
    static func literal(_ node: OpaquePointer) -> String {
        cmark_node_get_literal(node).map { String(cString: $0) } ?? ""
    }

    static func setLiteral(_ node: OpaquePointer, _ text: String) {
        _ = cmark_node_set_literal(node, text)
    }

    /// Renders `node` and its subtree as HTML, copying and freeing cmark's buffer (from
    /// the allocator of `node`, see ``CmarkArena``).
    static func html(_ node: OpaquePointer, options: Int32) -> String {
        withHTML(node, options: options) { String(decoding: $0, as: UTF8.self) }
    }

    /// Renders `node` and its subtree as HTML and hands `body` cmark's bytes, valid only
    /// during the call, before the buffer is freed.
    static func withHTML<Result>(
        _ node: OpaquePointer, options: Int32, _ body: (UnsafeBufferPointer<UInt8>) -> Result
    ) -> Result {
        guard let buffer = cmark_render_html(node, options) else {
            return body(UnsafeBufferPointer(start: nil, count: 0))
        }
        defer { CmarkArena.release(buffer) }
        let length = strlen(buffer)
        return buffer.withMemoryRebound(to: UInt8.self, capacity: length) {
            body(UnsafeBufferPointer(start: $0, count: length))
        }
    }

    /// The text a reader sees in an inline subtree: literals of text and code, a space for
    /// line breaks, nothing for raw HTML.
    ///
    /// Walks with cmark's iterator rather than by recursion: emphasis and links nest as
    /// deeply as the input says (100,000 levels fit in one heading line), which would
    /// overflow the stack of a recursive walk.
    static func plainText(_ node: OpaquePointer) -> String {
        var result = ""
        guard let iterator = cmark_iter_new(node) else { return result }
        defer { cmark_iter_free(iterator) }
        while case let event = cmark_iter_next(iterator), event != CMARK_EVENT_DONE {
            guard event == CMARK_EVENT_ENTER, let current = cmark_iter_get_node(iterator) else { continue }
            switch cmark_node_get_type(current) {
            case CMARK_NODE_TEXT, CMARK_NODE_CODE: result += literal(current)
            case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK: result += " "
            default: continue
            }
        }
        return result
    }

    /// Every block under `root` in document order, `root` left out. Enters block quotes,
    /// lists, items and the blocks of custom blocks, never a paragraph's or heading's inlines.
    ///
    /// Walks the tree by its links (down to a first child, on to a next sibling, back up to
    /// a parent) rather than by recursion, since block quotes nest as deeply as the input
    /// says, and without a list of pending nodes, which would be allocated for every block
    /// that holds others.
    static func blocks(under root: OpaquePointer) -> [OpaquePointer] {
        var result: [OpaquePointer] = []
        var node = cmark_node_first_child(root)
        while let current = node {
            result.append(current)
            if holdsBlocks(current), let child = firstBlock(from: cmark_node_first_child(current)) {
                node = child
                continue
            }
            // The next block after `current` and its subtree: a later sibling of it or of
            // the nearest ancestor below `root` that has one.
            node = nil
            var climbing = current
            while climbing != root, let parent = cmark_node_parent(climbing) {
                // Every child of the root is taken; below it, only blocks.
                let next = cmark_node_next(climbing)
                if let found = parent == root ? next : firstBlock(from: next) {
                    node = found
                    break
                }
                climbing = parent
            }
        }
        return result
    }

    /// Whether ``blocks(under:)`` enters `node`.
    private static func holdsBlocks(_ node: OpaquePointer) -> Bool {
        switch cmark_node_get_type(node) {
        case CMARK_NODE_BLOCK_QUOTE, CMARK_NODE_LIST, CMARK_NODE_ITEM, CMARK_NODE_CUSTOM_BLOCK: true
        default: false
        }
    }

    /// `node` or the first of its later siblings that is a block.
    private static func firstBlock(from node: OpaquePointer?) -> OpaquePointer? {
        var node = node
        while let current = node {
            let type = cmark_node_get_type(current).rawValue
            if (CMARK_NODE_FIRST_BLOCK.rawValue...CMARK_NODE_LAST_BLOCK.rawValue).contains(type) { return current }
            node = cmark_node_next(current)
        }
        return nil
    }

    /// A new, unlinked node, from the allocator of the trees made now (``CmarkArena/memory``).
    static func new(_ type: cmark_node_type) -> OpaquePointer? {
        cmark_node_new_with_mem(type, CmarkArena.memory)
    }

    /// The tree of `markdown`, from the allocator of the trees made now (``CmarkArena/memory``);
    /// `nil` if cmark fails.
    static func parse(_ markdown: UnsafeBufferPointer<CChar>, options: Int32) -> OpaquePointer? {
        guard let parser = cmark_parser_new_with_mem(options, CmarkArena.memory) else { return nil }
        cmark_parser_feed(parser, markdown.baseAddress, markdown.count)
        let root = cmark_parser_finish(parser)
        cmark_parser_free(parser)
        return root
    }

    /// A new, unlinked custom block or inline that cmark prints as `onEnter`, its children,
    /// then `onExit`, verbatim in safe mode too. Whoever links it into a tree hands it over.
    static func newCustom(_ type: cmark_node_type, onEnter: String, onExit: String) -> OpaquePointer? {
        guard let node = new(type) else { return nil }
        _ = cmark_node_set_on_enter(node, onEnter)
        _ = cmark_node_set_on_exit(node, onExit)
        return node
    }
}
