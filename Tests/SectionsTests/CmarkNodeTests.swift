import CCmark
import Testing

@testable import Sections

@Suite struct CmarkNodeTests {
    /// The blocks under a node by the definition: a recursive walk in document order that
    /// enters block quotes, lists, items and custom blocks, and takes only the blocks among
    /// their children.
    private func referenceBlocks(under root: OpaquePointer) -> [OpaquePointer] {
        var result: [OpaquePointer] = []
        func visit(_ node: OpaquePointer, isRoot: Bool) {
            var child = cmark_node_first_child(node)
            while let current = child {
                let type = cmark_node_get_type(current).rawValue
                if isRoot || (CMARK_NODE_FIRST_BLOCK.rawValue...CMARK_NODE_LAST_BLOCK.rawValue).contains(type) {
                    result.append(current)
                    switch cmark_node_get_type(current) {
                    case CMARK_NODE_BLOCK_QUOTE, CMARK_NODE_LIST, CMARK_NODE_ITEM, CMARK_NODE_CUSTOM_BLOCK:
                        visit(current, isRoot: false)
                    default: break
                    }
                }
                child = cmark_node_next(current)
            }
        }
        visit(root, isRoot: true)
        return result
    }

    @Test(arguments: [
        "",
        "# Title\n\nText.\n",
        "> quote\n>\n> > nested\n> > - item\n> >   > deeper\n\nafter\n",
        "- a\n  - b\n    1. c\n\n       > d\n- e\n\n```\ncode\n```\n\n***\n",
        "> - > - > - x\n>\n> y\n\n<div>\nhtml\n</div>\n\n- [ ] task\n- [x] done\n",
        "| a | b |\n| - | - |\n| 1 | 2 |\n\n> [!NOTE]\n> note\n> - in a callout\n",
    ])
    func blocksComeInDocumentOrder(markdown: String) throws {
        let root = try #require(cmark_parse_document(markdown, markdown.utf8.count, CMARK_OPT_DEFAULT))
        defer { cmark_node_free(root) }
        #expect(CmarkNode.blocks(under: root) == referenceBlocks(under: root))
        // With custom blocks in the tree, as the extensions leave it, and an inline custom
        // node directly under one (which is not a block).
        _ = MarkdownExtensions.apply(
            to: root, source: SourceLines(Substring(markdown)), cmarkOptions: CMARK_OPT_DEFAULT)
        if let custom = cmark_node_new(CMARK_NODE_CUSTOM_BLOCK), let inline = cmark_node_new(CMARK_NODE_CUSTOM_INLINE),
            let paragraph = cmark_node_new(CMARK_NODE_PARAGRAPH)
        {
            _ = cmark_node_append_child(custom, inline)
            _ = cmark_node_append_child(custom, paragraph)
            _ = cmark_node_append_child(root, custom)
        }
        let walked = CmarkNode.blocks(under: root)
        #expect(walked == referenceBlocks(under: root))
        #expect(!walked.isEmpty)
    }

    /// A thousand nested block quotes: the walk uses no recursion.
    @Test func deepNestingIsWalked() throws {
        let markdown = String(repeating: ">", count: 1000) + " deep\n"
        let root = try #require(cmark_parse_document(markdown, markdown.utf8.count, CMARK_OPT_DEFAULT))
        defer { cmark_node_free(root) }
        #expect(CmarkNode.blocks(under: root).count == referenceBlocks(under: root).count)
    }
}
