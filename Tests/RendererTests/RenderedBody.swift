import Renderer
import Sections

/// The default theme of the repository's `Templates/`, compiled once for the tests.
enum DefaultTheme {
    static let renderer = try! PageRenderer(theme: RepositoryTheme.load())
}

extension Body {
    /// The body as the default theme lays it out: a page's content when the body is its
    /// only text, which is the body as `{{{preamble}}}` places it.
    var rendered: String {
        DefaultTheme.renderer.renderContent(Document(preamble: self))
    }
}
