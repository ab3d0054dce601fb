/// A link or image destination found in a page, where it was written, so that the site
/// can check that it leads somewhere.
public struct Link: Hashable, Sendable {
    /// The destination as written in the Markdown, before any rewriting.
    public var url: String
    public var line: Int
    public var column: Int
    public var isImage: Bool

    public init(url: String, line: Int, column: Int, isImage: Bool = false) {
        self.url = url
        self.line = line
        self.column = column
        self.isImage = isImage
    }
}
