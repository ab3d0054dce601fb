internal import CCmark

/// The Markdown that foldmark reads beyond CommonMark, done on cmark's tree after parsing
/// and before sectioning, with the source lines at hand for what the tree no longer tells
/// (an escaped `|`, a `[` that was written as `\[`).
///
/// Each extension replaces nodes by cmark nodes: plain ones where cmark has a type for
/// them, `CMARK_NODE_CUSTOM_BLOCK` / `CMARK_NODE_CUSTOM_INLINE` holding the marks of
/// ``BlockMark`` for the blocks that the theme lays out (a table, a callout's frame). The
/// nodes inside those, moved there as they were, cmark renders with the page's options
/// (safe mode, link rewriting); ``MarkedHTML`` then cuts the blocks out of its HTML.
enum MarkdownExtensions {
    ///
    /// The blocks are listed once, in document order, for all extensions: each replaces or
    /// moves only nodes of its own kind, so the nodes that the next one looks for stay in
    /// the tree.
    static func apply(to root: OpaquePointer, source: SourceLines, cmarkOptions: Int32) -> FoundBlocks {
        var found = FoundBlocks()
        let blocks = CmarkNode.blocks(under: root)
        PipeTables.apply(to: blocks, source: source, cmarkOptions: cmarkOptions, found: &found)
        TaskLists.apply(to: blocks, source: source, found: &found)
        Callouts.apply(to: blocks, source: source, found: &found)
        CodeBlocks.apply(to: blocks, found: &found)
        return found
    }
}
