import Basics
import Renderer

/// What a page shows of the navigation besides its items: its share of its folder's
/// (laid out once per folder), its breadcrumbs, its neighbours, and a folder's listing.
extension Navigation {
    /// What a page of a large site shows of its folder's share: which of the folder's
    /// entries, which of them is current, and whether the folder's own page is.
    struct Share {
        fileprivate(set) var template: Template
        fileprivate(set) var window: NavigationWindow
        /// The page's folder, relative to the output.
        fileprivate var folder: String

        /// What ``PagePass/hash(of:shared:)`` takes of the page's navigation.
        func navigationHash() -> StableHash {
            template.hash.hash(of: window)
        }
    }

    /// ``navigation(for:)`` as `renderer` lays it out from what the page's folder shares
    /// (see ``FolderNavigation``), for the page that `share` is of.
    func folderNavigation(_ share: Share, renderer: PageRenderer) -> FolderNavigation.Page {
        let shared = laidOut.folders.withLock { laidOut in
            if let shared = laidOut[share.folder], shared.isLaidOut(by: renderer) { return shared }
            let template = share.template
            let shared = renderer.folderNavigation(
                home: template.home, levels: template.levels, entries: template.entries,
                allEntries: template.allEntries)
            laidOut[share.folder] = shared
            return shared
        }
        return FolderNavigation.Page(shared, window: share.window)
    }

    /// What `page` shows of its folder's share, for its hash (``Share/navigationHash()``)
    /// and its layout (``folderNavigation(_:renderer:)``); `nil` where nothing is shared
    /// (a small site, the root folder), where the page's values are made from
    /// ``navigation(for:)`` alone.
    func share(for page: Int) -> Share? {
        let path = OutputPath.folder(of: outputs[page])
        guard let template = templates[path], let folder = folders[path] else { return nil }
        let shown = window(of: folder, for: page)
        // A page of the folder is one of its entries, found where it was placed.
        let current = entryPositions[page].flatMap { position -> Int? in
            guard shown.contains(position), case .page(page) = folder.entries[position] else { return nil }
            return position
        }
        let window = NavigationWindow(
            entries: shown, current: current, showsAllEntries: shown.count < template.entries.count,
            isFolderIndex: folder.index == page)
        return Share(template: template, window: window, folder: path)
    }

    /// Every entry of `folder`, in order, linked from its index page.
    func listing(of folder: String) -> [PageLink] {
        let from = OutputPath.percentEncoded(folder)
        return (folders[folder]?.entries ?? []).map { entry in
            let index =
                switch entry {
                case .page(let index): index
                case .folder(let child): folders[child]!.index
                }
            return PageLink(title: titles[index], href: OutputPath.relative(from: from, to: urls[index]))
        }
    }

    /// The folders above the page, each linking to its index page.
    func breadcrumbs(for page: Int) -> [PageLink] {
        let path = OutputPath.folder(of: outputs[page])
        let isIndex = folders[path]?.index == page
        if let template = templates[path] { return isIndex ? template.indexBreadcrumbs : template.breadcrumbs }
        let chain = ancestors(of: page)
        return breadcrumbs(along: isIndex ? chain.dropLast() : chain[...], from: OutputPath.folder(of: urls[page]))
    }

    /// Links to the index pages of the folders of `chain`, from a page in folder `from`.
    func breadcrumbs(along chain: ArraySlice<String>, from: String) -> [PageLink] {
        chain.compactMap { path in
            folders[path].map { PageLink(title: $0.title, href: OutputPath.relative(from: from, to: urls[$0.index])) }
        }
    }

    func neighbours(of page: Int) -> (previous: PageLink?, next: PageLink?) {
        guard positions.indices.contains(page), let position = positions[page] else { return (nil, nil) }
        let from = OutputPath.folder(of: urls[page])
        func link(_ position: Int) -> PageLink? {
            guard readingOrder.indices.contains(position) else { return nil }
            let index = readingOrder[position]
            return PageLink(title: titles[index], href: OutputPath.relative(from: from, to: urls[index]))
        }
        return (link(position - 1), link(position + 1))
    }
}
