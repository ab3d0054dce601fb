/// The blocks under a heading, or before the first: cmark's HTML for CommonMark's own
/// blocks and inlines, and the blocks that foldmark reads beyond CommonMark as values
/// (callouts, code blocks, tables, task list checkboxes), which the theme lays out.
///
/// Parsing knows nothing of their markup: the renderer places each of ``blocks`` into
/// ``html`` at its ``Block/offset``, through the theme's partial for its kind.
public struct Body: Hashable, Sendable {
    /// cmark's HTML, with each of ``blocks`` cut out where its offset says; safe to place
    /// in a page, as an ``HTMLFragment`` is.
    public var html: String
    /// foldmark's blocks in document order, so with offsets that never decrease.
    public var blocks: [Block]

    /// One of foldmark's blocks and where it goes.
    public struct Block: Hashable, Sendable {
        /// A UTF-8 offset into the body's ``Body/html``, between two of cmark's elements
        /// or at the start of a list item's text.
        public var offset: Int
        public var content: Content

        public enum Content: Hashable, Sendable {
            case callout(Callout)
            case codeBlock(CodeBlock)
            case table(Table)
            case taskItem(TaskItem)
        }

        public init(offset: Int, content: Content) {
            self.offset = offset
            self.content = content
        }
    }

    /// A body of `html`, which its caller vouches for, with `blocks` placed into it.
    public init(trusted html: String, blocks: [Block] = []) {
        self.html = html
        self.blocks = blocks
    }

    /// A body of cmark's HTML alone.
    public init(_ fragment: HTMLFragment) {
        self.init(trusted: fragment.html)
    }

    public static let empty = Body(trusted: "")

    public var isEmpty: Bool { html.isEmpty && blocks.isEmpty }
}
