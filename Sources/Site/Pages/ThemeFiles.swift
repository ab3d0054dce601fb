import Basics
import Renderer

/// The theme's stylesheet and script as files of the site, in `_foldmark/`, instead of
/// inlined into every page: on a large site the theme is most of a page's bytes, and a
/// browser fetches the files once for all pages. Their names carry a hash of their
/// content, so a browser never keeps an older theme after a rebuild.
struct ThemeFiles: Sendable {
    static let folder = "_foldmark"

    var stylesheet: (path: String, text: String)
    var script: (path: String, text: String)
    /// The paths as they go into a link, percent-encoded once for all pages.
    private var stylesheetLink: String
    private var scriptLink: String

    init(renderer: PageRenderer) {
        func named(_ stem: String, _ text: String, _ suffix: String) -> (path: String, text: String) {
            (Self.folder + "/" + stem + "-" + String(StableHash(text).hex.prefix(12)) + suffix, text)
        }
        stylesheet = named("style", renderer.css, ".css")
        script = named("script", renderer.script, ".js")
        stylesheetLink = OutputPath.percentEncoded(stylesheet.path)
        scriptLink = OutputPath.percentEncoded(script.path)
    }

    var all: [(path: String, text: String)] { [stylesheet, script] }

    /// Points `context` at the files from a page whose root path (see
    /// ``PageContext/rootPath``) is the context's.
    func link(_ context: inout PageContext) {
        context.stylesheetURL = context.rootPath + stylesheetLink
        context.scriptURL = context.rootPath + scriptLink
    }
}
