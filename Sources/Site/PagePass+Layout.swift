import Foundation
import Renderer
import Sections

extension PagePass {
    /// Wraps a page's content in the layout, with its navigation. A page taken from the
    /// cache whose navigation is the same as last time, and whose output is still in
    /// place, is left alone. Returns the hash of the navigation and whether it was staged.
    func secondPass(
        _ page: SitePage, navigation: Navigation, position: Int?, record: CachedPage?, isReused: Bool,
        theme: ThemeFiles, packs: inout PackReader
    ) -> Swift.Result<(String, Bool), SiteError> {
        var context = PageContext(
            siteTitle: site.config.title, language: site.config.language, fallbackTitle: page.title,
            rootPath: OutputPath.rootPath(of: page.output), canonicalURL: baseURL.map { $0 + OutputPath.percentEncoded(page.output) },
            tocDepth: site.config.tocDepth)
        context.remembersFolds = site.config.remembersFolds
        context.hasSearch = site.config.hasSearch
        context.pageHash = record?.sourceHash ?? ""
        // The 404 page is served at any address, where relative links to files break.
        if !Self.isNotFoundPage(page) { theme.link(&context) }
        if let position, !Self.isNotFoundPage(page) {
            context.navigation = navigation.navigation(for: position)
            context.breadcrumbs = navigation.breadcrumbs(for: position)
            (context.previous, context.next) = navigation.neighbours(of: position)
        }
        let contextHash = Self.hash(of: context)
        if isReused, record?.contextHash == contextHash, FileIO.exists(outputPath + page.output) {
            return .success((contextHash, false))
        }
        let content: String
        switch page.kind {
        case .markdown:
            guard let location = record?.content, let text = packs.text(at: location) else {
                return .failure(SiteError(file: page.sourceName, message: "cannot read back its rendered content"))
            }
            content = text
        case .folderIndex(let folder):
            content = FolderIndex.content(for: folder, navigation: navigation)
        }
        let document =
            record?.skeleton(frontMatter: page.frontMatter) ?? Document(frontMatter: page.frontMatter ?? FrontMatter())
        let html = renderer.renderPageUTF8(document, content: content, context: context)
        guard html.withUnsafeBytes({ FileIO.write($0, toPath: stagingPath + page.output) }) else {
            return .failure(SiteError(file: page.sourceName, message: "cannot write its page"))
        }
        return .success((contextHash, true))
    }

    /// A hash of everything the layout shows of other pages.
    static func hash(of context: PageContext) -> String {
        var hash = StableHash()
        func combine(_ link: PageLink?) {
            hash.combine(link?.title ?? "")
            hash.combine(link?.href ?? "")
        }
        func combine(_ items: [NavigationItem]) {
            for item in items {
                combine(item.link)
                hash.combine(separator: (item.isFolder ? 1 : 0) | (item.isCurrent ? 2 : 0) | (item.isOpen ? 4 : 0))
                combine(item.children)
                hash.combine(separator: 0xfe)
            }
        }
        combine(context.navigation)
        context.breadcrumbs.forEach(combine)
        combine(context.previous)
        combine(context.next)
        return hash.hex
    }
}
