import Basics
import FoundationEssentials
import Renderer
import Sections

/// Turns the Markdown of one page into a standalone page (`foldmark render`): parse,
/// section, render, with the context that ``PageSettings`` gives a page written alone.
/// Pure and thread-safe.
public struct PageBuilder: Sendable {
    public var settings: PageSettings
    public var renderer: PageRenderer

    public init(settings: PageSettings, renderer: PageRenderer) {
        self.settings = settings
        self.renderer = renderer
    }

    /// The hash of a page's source bytes, as a build gives it to the page (see
    /// ``PageContext/pageHash``).
    public static func sourceHash(of data: Data) -> String {
        CachedPage.hash(ofSource: data)
    }

    /// The page for `markdown`, read from `file` (as messages name it), whose bytes hash to
    /// `sourceHash`; `source` is its path under its site's `Content/`, if it lies there,
    /// which gives its canonical and edit links as in the built site. With `links` (the
    /// site around it), its links are rewritten as a build rewrites them; without, they
    /// stay as written.
    public func page(
        markdown: String, file: String, source: String?, sourceHash: String, links: SiteLinks? = nil
    ) throws(SiteError) -> (Document, String) {
        var rewrite: (@Sendable (String) -> String)?
        if let links { rewrite = { links.rewrite($0) } }
        let document: Document
        do {
            document = try Document(parsing: markdown, options: parseOptions, rewritingLinks: rewrite)
        } catch {
            throw SiteError(file: file, error)
        }
        let context = settings.standaloneContext(
            source: source, fallbackTitle: FileIO.stem(of: file), sourceHash: sourceHash)
        return (document, renderer.render(document, context: context))
    }

    /// The warnings that a build gives about the links of `document`, a page made by
    /// ``page(markdown:file:source:sourceHash:links:)`` with `links`, named `file` in messages.
    public func linkWarnings(of document: Document, file: String, links: SiteLinks) -> [SiteWarning] {
        links.warnings(for: document, file: file, options: parseOptions, settings: settings)
    }

    /// How pages are parsed, as in a build under the same settings and theme.
    private var parseOptions: ParseOptions {
        settings.parseOptions(reserving: renderer.layoutIDs)
    }
}
