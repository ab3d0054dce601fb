internal import CCmark
import Foundation

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

    /// Renders `node` and its subtree as HTML, copying and freeing cmark's malloc'd buffer.
    static func html(_ node: OpaquePointer, options: Int32) -> String {
        guard let buffer = cmark_render_html(node, options) else { return "" }
        defer { free(buffer) }
        return String(cString: buffer)
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
}
