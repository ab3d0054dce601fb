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
    /// which gives its canonical and edit links as in the built site.
    public func page(
        markdown: String, file: String, source: String?, sourceHash: String
    ) throws(SiteError) -> (Document, String) {
        let document: Document
        do {
            document = try Document(parsing: markdown, options: settings.parseOptions(reserving: renderer.layoutIDs))
        } catch {
            throw SiteError(file: file, error)
        }
        let context = settings.standaloneContext(
            source: source, fallbackTitle: FileIO.stem(of: file), sourceHash: sourceHash)
        return (document, renderer.render(document, context: context))
    }
}
