import Basics
import FoundationEssentials
import Renderer
import Sections

/// Turns the Markdown of one page into its HTML: parse, section, render. Pure and
/// thread-safe, so a build runs one per core.
public struct PageBuilder: Sendable {
    public var config: SiteConfig
    public var renderer: PageRenderer

    public init(config: SiteConfig, renderer: PageRenderer) {
        self.config = config
        self.renderer = renderer
    }

    /// The page for `markdown`, read from `file` (a path relative to the site, for messages
    /// and for the relative link to the site's root).
    public func page(markdown: String, file: String, rootPath: String) throws(SiteError) -> (Document, String) {
        let document: Document
        do {
            document = try Document(parsing: markdown, options: config.parseOptions(reserving: renderer.layoutIDs))
        } catch {
            throw SiteError(file: file, error)
        }
        let name = FileIO.stem(of: file)
        let context = PageContext(
            siteTitle: config.title, language: config.language, fallbackTitle: name, rootPath: rootPath)
        return (document, renderer.render(document, context: context))
    }
}
