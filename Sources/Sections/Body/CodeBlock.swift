/// A fenced or indented code block.
public struct CodeBlock: Hashable, Sendable {
    /// The info string's first word, as cmark takes it for the `language-` class; nil for
    /// indented blocks and fences without one.
    public var language: String?
    /// The rest of the info string after the language and the blanks that follow it
    /// (`title="x"` of ```` ```swift title="x" ````); empty when there is none.
    public var options: String
    /// The code as written, with its last line break.
    public var text: String
    /// cmark's HTML of the block: `<pre><code class="language-…">`, the code escaped,
    /// `</code></pre>` and a line break.
    public var html: HTMLFragment

    public init(language: String? = nil, options: String = "", text: String, html: HTMLFragment) {
        self.language = language
        self.options = options
        self.text = text
        self.html = html
    }
}
