import Basics
import FoundationEssentials
import Renderer
import Sections

#if canImport(Glibc)
    import Glibc
#endif

extension PagePass {
    /// Wraps a page's content in the layout, with its navigation. A page taken from the
    /// cache whose navigation is the same as last time, and whose output is still in
    /// place, is left alone. Returns the hash of the navigation, whether it was staged, and
    /// whether its content did not read back from the cache's packs and was made again from
    /// its source, which its record must then not name.
    func secondPass(
        _ page: SitePage, navigation: Navigation, position: Int?, record: CachedPage?, isReused: Bool,
        theme: ThemeFiles, packs: inout PackReader, openFolder: inout OpenFolder
    ) -> Swift.Result<(contextHash: String, staged: Bool, rebuilt: Bool), SiteError> {
        let (context, share) = layoutContext(
            page, navigation: navigation, position: position, sourceHash: record?.sourceHash ?? "", theme: theme)
        let contextHash = Self.hash(of: context, shared: share)
        if isReused, record?.contextHash == contextHash, FileIO.exists(outputPath + page.output) {
            return .success((contextHash, false, false))
        }
        // Laid out only now: a page left alone needs none.
        let folderNavigation = share.map { navigation.folderNavigation($0, renderer: renderer) }
        let document =
            record?.skeleton(frontMatter: page.frontMatter) ?? Document(frontMatter: page.frontMatter ?? FrontMatter())
        // Each page goes to its file from where it was rendered, through the task's open
        // folder.
        let path = stagingPath + page.output
        var written = false
        var failure: Int32 = 0
        func write(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
            let done = FileIO.write(UnsafeRawBufferPointer(bytes), toPath: path, in: &openFolder)
            if !done { failure = errno }
            return done
        }
        var rebuilt = false
        switch page.kind {
        case .markdown(let source):
            // The content as read back from the pack, which this build or an earlier one
            // wrote from a string: placed as it is, with no string made of it.
            // A closure literal in the call: one kept in a variable would be escaping, and
            // would copy the whole pass (every field retained) into its context per page.
            var readBack = false
            if let location = record?.content {
                readBack = packs.read(
                    location,
                    { content in
                        written = renderer.renderPage(
                            document, content: content, context: context, navigation: folderNavigation
                        ) { write($0) }
                    })
            }
            if !readBack {
                // An earlier build's content that is gone or damaged: made again from the
                // source, as the first pass would have.
                guard let parsed = reparse(source, resolver: resolver) else {
                    return .failure(SiteError(file: page.sourceName, .fileSystem(.readBackContent, nil)))
                }
                cache.damage.rebuildPage(source)
                rebuilt = true
                written = renderer.renderContent(parsed) { content in
                    renderer.renderPage(document, content: content, context: context, navigation: folderNavigation) {
                        write($0)
                    }
                }
            }
        case .folderIndex(let indexed):
            var content = FolderIndex.content(for: indexed, title: page.title, navigation: navigation)
            written = content.withUTF8 {
                renderer.renderPage(document, content: $0, context: context, navigation: folderNavigation) {
                    write($0)
                }
            }
        }
        guard written else {
            return .failure(SiteError(file: page.sourceName, cannot: .writePage, code: failure))
        }
        return .success((contextHash, true, rebuilt))
    }

    /// The context of `page` at `position` among the navigable pages (`nil` for the 404
    /// page): what ``PageSettings`` gives it, with the site's theme files and navigation.
    /// A page of a large site's folder takes its navigation from the folder's share, which
    /// is returned (its hash and its layout read it); any other page has its own.
    private func layoutContext(
        _ page: SitePage, navigation: Navigation, position: Int?, sourceHash: String, theme: ThemeFiles
    ) -> (PageContext, Navigation.Share?) {
        var source: String?
        if case .markdown(let path) = page.kind { source = path }
        var context = settings.context(
            output: page.output, source: source, fallbackTitle: page.title, sourceHash: sourceHash)
        // The 404 page is served at any address, where relative links to files break.
        guard !Self.isNotFoundPage(page) else { return (context, nil) }
        theme.link(&context)
        guard let position else { return (context, nil) }
        let share = navigation.share(for: position)
        if share == nil { context.navigation = navigation.navigation(for: position) }
        context.breadcrumbs = navigation.breadcrumbs(for: position)
        (context.previous, context.next) = navigation.neighbours(of: position)
        return (context, share)
    }

    /// A hash of everything the layout shows of other pages. `shared`, when given, is the
    /// page's navigation as the folder's share has it (see ``Navigation/share(for:)``), in
    /// place of `context`'s, which then has none: the hash is the same.
    static func hash(of context: PageContext, shared: Navigation.Share? = nil) -> String {
        var hash = shared?.navigationHash() ?? StableHash()
        if shared == nil { combine(context.navigation, into: &hash) }
        for link in context.breadcrumbs { combine(link, into: &hash) }
        combine(context.previous, into: &hash)
        combine(context.next, into: &hash)
        return hash.hex
    }

    /// Adds `items` to `hash`, each by its ``digest(of:)``.
    static func combine(_ items: [NavigationItem], into hash: inout StableHash) {
        // Read in place: a copy of each item would retain its strings and children.
        items.withUnsafeBufferPointer { items in
            for index in items.indices { hash.combine(word: digest(of: items[index])) }
        }
    }

    /// What the hash of a navigation takes of one item: a hash of its title, link and
    /// flags, the number of its children and their own digests, one word. Hashed apart, so
    /// that the pages of a folder share the digests of the items they all show
    /// (``SharedNavigationHash``) and each adds a word per item rather than its texts'
    /// bytes, which a ``StableHash`` takes one at a time.
    static func digest(of item: borrowing NavigationItem) -> UInt64 {
        var hash = head(of: item.link, flags: flags(of: item))
        hash.combine(word: UInt64(item.children.count))
        combine(item.children, into: &hash)
        return hash.value
    }

    /// The start of the digest of an item that shows `link` with `flags`; its number of
    /// children follows, then their digests.
    static func head(of link: PageLink, flags: UInt8) -> StableHash {
        var hash = StableHash()
        hash.combine(link.title)
        hash.combine(link.href)
        hash.combine(separator: flags)
        return hash
    }

    /// An item's flags, as one byte of the hash.
    static func flags(of item: borrowing NavigationItem) -> UInt8 {
        (item.isFolder ? 1 : 0) | (item.isCurrent ? 2 : 0) | (item.isOpen ? 4 : 0)
    }

    private static func combine(_ link: PageLink?, into hash: inout StableHash) {
        hash.combine(link?.title ?? "")
        hash.combine(link?.href ?? "")
    }
}
