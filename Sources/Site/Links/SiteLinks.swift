import Basics
import FoundationEssentials
import Sections

/// Where the links of one page written alone (`foldmark render`) lead in its site, found
/// as a build finds them: the site's sources are listed (``SourceTree``), each link is
/// rewritten by the build's ``LinkResolver`` and checked by its ``LinkChecker``.
///
/// No other page is built: the checker knows the section ids of only the pages that the
/// links lead to, which alone are read and parsed, so a page of a large site renders in
/// the time its site takes to list.
public struct SiteLinks: Sendable {
    /// The page's path under `Content/`.
    public let source: String
    private let contentPath: String
    private let resolver: LinkResolver

    /// The links of the page at `source` under the `Content/` folder `content`.
    public init(content: URL, source: String) throws(SiteError) {
        let sources = try SourceTree(content: content, takesIdentities: false)
        self.source = source
        contentPath = PagePass.folderPath(content)
        resolver = LinkResolver(pages: sources.pages, folders: sources.folders, assets: sources.assets)
    }

    /// The destination the page should use instead of `url`, as in the built site.
    public func rewrite(_ url: String) -> String {
        resolver.rewrite(url, from: source)
    }

    /// The warnings a build gives about the `links` of `document` (the page, parsed with
    /// ``rewrite(_:)``), named `file` in messages. Pages are parsed with `options` and
    /// left out as drafts as `settings` says, as in a build. A page that a link leads to
    /// but that cannot be read or parsed is not checked further: the build reports it.
    func warnings(
        for document: Document, file: String, options: ParseOptions, settings: PageSettings
    ) -> [SiteWarning] {
        let targets = document.links.map { resolver.target(of: $0.url, from: source) }
        var pages = [Self.page(source, ids: document.allSections.map(\.id))]
        var drafts: Set<String> = []
        var unreadable: Set<String> = []
        var seen: Set<String> = [source]
        for case .page(let target, _) in targets where seen.insert(target).inserted {
            guard let linked = parse(target, options: options) else {
                unreadable.insert(target)
                continue
            }
            if linked.frontMatter.isDraft && !settings.includesDrafts {
                drafts.insert(target)
            } else {
                pages.append(Self.page(target, ids: linked.allSections.map(\.id)))
            }
        }
        let checked = zip(document.links, targets).compactMap { (link, target) -> Link? in
            guard case .page(let page, _) = target, unreadable.contains(page) else { return link }
            return nil
        }
        let checker = LinkChecker(resolver: resolver, pages: pages, drafts: drafts)
        return checker.warnings(for: checked, in: source).map { warning in
            var warning = warning
            warning.file = file
            return warning
        }
    }

    /// The page at `source` under `Content/`, parsed for its section ids and front matter.
    private func parse(_ source: String, options: ParseOptions) -> Document? {
        guard case .success(let data) = FileIO.read(contentPath + source) else { return nil }
        return try? Document(parsing: SourceText(decoding: data).text, options: options)
    }

    private static func page(_ source: String, ids: [String]) -> SitePage {
        SitePage(
            kind: .markdown(source: source), output: OutputPath.forSource(source), title: "", order: nil,
            frontMatter: nil, sectionIDs: ids)
    }

    /// Whether `document` has a link that a site would resolve: one with a path and no
    /// scheme. (A link to `#id` alone leads into the page itself wherever it lies.)
    public static func hasRelativeLinks(_ document: Document) -> Bool {
        document.links.contains { link in
            let path = LinkResolver.split(link.url).path
            return !path.isEmpty && !LinkResolver.isExternal(path)
        }
    }
}
