import Basics
import Renderer

/// The items of a page's navigation: the folders on its way, each with its entries (all
/// of them, or a window around the page), and the link home.
extension Navigation {
    /// The folders from the root down to the one that holds `page` (or that `page` indexes).
    func ancestors(of page: Int) -> [String] {
        var chain: [String] = []
        var folder = OutputPath.folder(of: outputs[page])
        while true {
            chain.insert(folder, at: 0)
            if folder.isEmpty { break }
            folder = OutputPath.parent(of: folder)
        }
        return chain
    }

    /// The navigation of `page`, made for it alone. A page of a folder that has a share
    /// (``share(for:)``) takes its navigation from that instead.
    func navigation(for page: Int) -> [NavigationItem] {
        guard let root = folders[""] else { return [] }
        let from = OutputPath.folder(of: urls[page])
        let chain = ancestors(of: page)
        let home = home(for: page, root: root, from: from)
        return [home] + items(in: "", for: page, ancestors: Set(chain), from: from)
    }

    /// The items of folder `path` for `page`. Folders on the way to the page (`ancestors`)
    /// are open, and have their children unless `nested` is false.
    func items(
        in path: String, for page: Int, ancestors: Set<String>, from: String, nested: Bool = true
    ) -> [NavigationItem] {
        guard let folder = folders[path] else { return [] }
        var entries = folder.entries[...]
        var hidden = 0
        if !showsFullTree, entries.count > Self.window {
            let focus = focus(in: folder, page: page, ancestors: ancestors) ?? 0
            let start = max(0, min(focus - Self.window / 2, entries.count - Self.window))
            entries = entries[start..<(start + Self.window)]
            hidden = folder.entries.count - Self.window
        }
        var result = entries.map { item(for: $0, page: page, ancestors: ancestors, from: from, nested: nested) }
        if hidden > 0 { result.append(allEntries(of: folder, from: from)) }
        return result
    }

    /// Which of `folder`'s entries the navigation of `page`, one of its pages, shows.
    func window(of folder: Folder, for page: Int) -> Range<Int> {
        guard folder.entries.count > Self.window else { return folder.entries.indices }
        // The page is one of the entries; none of them is a folder on its way.
        let focus = focus(in: folder, page: page, ancestors: []) ?? 0
        let start = max(0, min(focus - Self.window / 2, folder.entries.count - Self.window))
        return start..<(start + Self.window)
    }

    /// The link to the home page, current for the root's index page.
    func home(for page: Int, root: Folder, from: String) -> NavigationItem {
        NavigationItem(
            link: PageLink(title: homeTitle, href: OutputPath.relative(from: from, to: urls[root.index])),
            isCurrent: root.index == page)
    }

    /// The item for `entry`, as ``items(in:for:ancestors:from:nested:)`` lists it.
    func item(
        for entry: Entry, page: Int, ancestors: Set<String>, from: String, nested: Bool
    ) -> NavigationItem {
        let index = index(of: entry)
        let link = PageLink(title: titles[index], href: OutputPath.relative(from: from, to: urls[index]))
        guard case .folder(let child) = entry else { return NavigationItem(link: link, isCurrent: index == page) }
        let isAncestor = ancestors.contains(child)
        return NavigationItem(
            link: link, isFolder: true, isCurrent: index == page, isOpen: isAncestor,
            children: nested && (showsFullTree || isAncestor)
                ? items(in: child, for: page, ancestors: ancestors, from: from) : [])
    }

    /// The page that `entry` stands for: itself, or a folder's index page.
    private func index(of entry: Entry) -> Int {
        switch entry {
        case .page(let index): index
        case .folder(let child): folders[child]!.index
        }
    }

    /// The last item of a folder that shows only some of its entries: a link to its index.
    func allEntries(of folder: Folder, from: String) -> NavigationItem {
        NavigationItem(
            link: PageLink(
                title: "All \(folder.entries.count) entries of \(folder.title)…",
                href: OutputPath.relative(from: from, to: urls[folder.index])))
    }

    /// Where, in `folder`'s entries, the navigation of `page` is: the page itself, or the
    /// folder on the way to it (one of `ancestors`); `nil` if neither is there.
    private func focus(in folder: Folder, page: Int, ancestors: Set<String>) -> Int? {
        if page >= 0, let position = entryPositions[page], position < folder.entries.count,
            case .page(page) = folder.entries[position]
        {
            return position
        }
        for child in ancestors {
            if let position = folderPositions[child], position < folder.entries.count,
                case .folder(child) = folder.entries[position]
            {
                return position
            }
        }
        return nil
    }
}
