internal import CCmark

/// The Markdown that foldmark reads beyond CommonMark, done on cmark's tree after parsing
/// and before sectioning, with the source lines at hand for what the tree no longer tells
/// (an escaped `|`, a `[` that was written as `\[`).
///
/// Each extension replaces nodes by cmark nodes: plain ones where cmark has a type for
/// them, `CMARK_NODE_CUSTOM_BLOCK` / `CMARK_NODE_CUSTOM_INLINE` for markup cmark does not
/// know (a table, a callout's frame). Custom nodes are printed as given in safe mode too,
/// so what goes into them is either foldmark's own markup or HTML that cmark rendered
/// with the page's options.
enum MarkdownExtensions {
    ///
    /// The blocks are listed once, in document order, for all extensions: each replaces or
    /// moves only nodes of its own kind, so the nodes that the next one looks for stay in
    /// the tree.
    static func apply(to root: OpaquePointer, source: SourceLines, cmarkOptions: Int32) {
        let blocks = CmarkNode.blocks(under: root)
        PipeTables.apply(to: blocks, source: source, cmarkOptions: cmarkOptions)
        TaskLists.apply(to: blocks, source: source)
        Callouts.apply(to: blocks, source: source)
        CodeBlocks.apply(to: blocks)
    }
}
