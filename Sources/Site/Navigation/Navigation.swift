import Basics
import Renderer
import Synchronization

/// The site's folders and pages in reading order, and what each page shows of them.
///
/// Every folder that holds a page has an index page (its `index.md`, or one foldmark
/// makes). Entries sort by front matter `order`, then title, then path. A small site shows
/// its whole tree on every page. A large one (more than ``fullTreeLimit`` entries) shows on
/// each page only the folders on the way to that page, each listing at most ``window``
/// entries around it and a link to the folder's index for the rest: every page's
/// navigation stays the same size however many pages the site has.
struct Navigation: Sendable {
    static let fullTreeLimit = 250
    static let window = 30

    struct Folder: Sendable {
        var title: String
        var index: Int
        var entries: [Entry] = []
    }

    enum Entry: Sendable {
        case page(Int)
        case folder(String)
    }

    /// Output paths, for the folder structure.
    private(set) var outputs: [String]
    /// The same paths percent-encoded, once here, so that links need no encoding.
    private(set) var urls: [String]
    private(set) var titles: [String]
    private(set) var folders: [String: Folder] = [:]
    private(set) var readingOrder: [Int] = []
    /// Each page's place in ``readingOrder`` (`nil` for a page not in it), by page.
    private(set) var positions: [Int?] = []
    /// Where each page lies in its folder's entries (`nil` for index pages), and where each
    /// folder lies in its parent's: found once, not by a search for every page.
    private(set) var entryPositions: [Int?] = []
    private(set) var folderPositions: [String: Int] = [:]
    private(set) var showsFullTree: Bool
    private(set) var homeTitle: String
    /// What the pages of one folder share in a large site (see ``prepare(forPages:)``).
    private(set) var templates: [String: Template] = [:]
    /// The same as a renderer lays it out, made when a page of the folder first asks (see
    /// ``folderNavigation(for:renderer:)``); every copy of this navigation shares them.
    let laidOut = LaidOutFolders()

    final class LaidOutFolders: Sendable {
        let folders = Mutex<[String: FolderNavigation]>([:])
    }

    /// The navigation of a large site's folder, but for the items of the folder itself:
    /// for each folder from the root down to its parent, its items, and which of them
    /// leads on (whose children are the next level). Every page of the folder sees those
    /// items, but for one flag (see ``navigation(for:)``). `entries` are the items of the
    /// folder's own entries, none current, made for those that the windows of the pages
    /// being laid out hold: each page shows its window of them, followed by `allEntries`
    /// when that is not all.
    struct Template: Sendable {
        var levels: [(items: [NavigationItem], next: Int)]
        /// `nil` for an entry that none of the pages it was made for shows.
        var entries: [NavigationItem?]
        var allEntries: NavigationItem
        /// The link to the home page.
        var home: NavigationItem
        /// What the hash of a page's navigation takes from these.
        var hash: SharedNavigationHash
        /// The breadcrumbs of the folder's pages, and of its index page, which leaves out
        /// the folder itself.
        var breadcrumbs: [PageLink]
        var indexBreadcrumbs: [PageLink]
    }

    /// The navigation of `pages` but the one at `leftOut` (the 404 page), which the
    /// numbers of the pages skip: made from the pages in place rather than from a copy of
    /// them all. `pages` must include an index page for every folder that holds a page.
    init(pages all: [SitePage], leavingOut leftOut: Int? = nil, homeTitle: String) {
        // (By index, not by page: a copy of each page would retain all it holds.)
        let pages = all.indices.filter { $0 != leftOut }
        outputs = pages.map { all[$0].output }
        urls = outputs.map(OutputPath.percentEncoded)
        titles = pages.map { all[$0].title }
        self.homeTitle = homeTitle
        let orders = pages.map { all[$0].order }
        let isIndex = outputs.map { $0.withUTF8Bytes(SitePage.isIndex) }
        var numbers = FolderNumbers()
        let pageFolders = outputs.map { numbers.number(of: $0) }
        let folderPaths = numbers.paths
        var folderIndexes = [Int?](repeating: nil, count: folderPaths.count)
        var folderEntries = [[Entry]](repeating: [], count: folderPaths.count)
        for index in pages.indices {
            if isIndex[index] {
                folderIndexes[pageFolders[index]] = index
            } else {
                folderEntries[pageFolders[index]].append(.page(index))
            }
        }
        folders.reserveCapacity(isIndex.count { $0 })
        for number in folderPaths.indices {
            guard let index = folderIndexes[number] else { continue }
            let folder = folderPaths[number]
            folders[folder] = Folder(
                title: folder.isEmpty ? homeTitle : titles[index], index: index, entries: folderEntries[number])
        }
        for folder in folders.keys where !folder.isEmpty {
            folders[OutputPath.parent(of: folder)]?.entries.append(.folder(folder))
        }
        showsFullTree = pages.count <= Self.fullTreeLimit
        // Each entry's sort key once, not once per comparison.
        let indexes = folders.mapValues(\.index)
        for path in folders.keys {
            var keyed = folders[path]!.entries.map { entry in
                let index =
                    switch entry {
                    case .page(let index): index
                    case .folder(let path): indexes[path]!
                    }
                return (
                    key: (orders[index] ?? .infinity, Self.lowercased(titles[index]), outputs[index]),
                    entry
                )
            }
            keyed.sort { $0.key < $1.key }
            folders[path]!.entries = keyed.map(\.1)
        }
        entryPositions = Array(repeating: nil, count: pages.count)
        for folder in folders.values {
            for (position, entry) in folder.entries.enumerated() {
                switch entry {
                case .page(let index): entryPositions[index] = position
                case .folder(let child): folderPositions[child] = position
                }
            }
        }
        if folders[""] != nil { appendReadingOrder(of: "") }
        positions = Array(repeating: nil, count: pages.count)
        for (position, page) in readingOrder.enumerated() { positions[page] = position }
    }

    /// `title.lowercased()`, on bytes for ASCII (nearly every title): `lowercased()` works
    /// through Unicode's case mappings, and a large site sorts thousands of titles.
    static func lowercased(_ title: String) -> String {
        let ascii = title.withUTF8Bytes { bytes -> (isASCII: Bool, hasUpper: Bool) in
            var upper = false
            for byte in bytes {
                if byte >= 0x80 { return (false, false) }
                if byte &- UInt8(ascii: "A") < 26 { upper = true }
            }
            return (true, upper)
        }
        guard ascii.isASCII else { return title.lowercased() }
        guard ascii.hasUpper else { return title }
        return title.withUTF8Bytes { bytes in
            String(unsafeUninitializedCapacity: bytes.count) { buffer in
                for (offset, byte) in bytes.enumerated() {
                    buffer[offset] = byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte
                }
                return bytes.count
            }
        }
    }

    private mutating func appendReadingOrder(of path: String) {
        guard let folder = folders[path] else { return }
        readingOrder.append(folder.index)
        for entry in folder.entries {
            switch entry {
            case .page(let index): readingOrder.append(index)
            case .folder(let child): appendReadingOrder(of: child)
            }
        }
    }

    /// Works out once, for each folder that holds one of `pages`, the navigation that all
    /// pages of the folder share (see ``share(for:)``). Only large sites have such a share
    /// (a small one shows its whole tree, where any entry may be the current page).
    ///
    /// Only the entries that the windows of `pages` show are made: a build that lays out
    /// one page of a folder of thousands (an edit) makes that page's window, not the
    /// folder's every link. The pages of the folder that are not among `pages` must not
    /// be laid out from this navigation.
    mutating func prepare(forPages pages: some Sequence<Int>) {
        guard !showsFullTree else { return }
        // Each folder's pages among `pages` (each folder's share depends on its pages alone).
        var pagesByFolder: [String: [Int]] = [:]
        for page in pages {
            let path = OutputPath.folder(of: outputs[page])
            if templates[path] == nil { pagesByFolder[path, default: []].append(page) }
        }
        for (path, pages) in pagesByFolder { prepare(folder: path, forPages: pages) }
    }

    /// ``prepare(forPages:)`` for the folder at `path`, which holds every one of `pages`.
    private mutating func prepare(folder path: String, forPages pages: [Int]) {
        let page = pages[0]
        let chain = ancestors(of: page)
        guard chain.count > 1 else { return }
        let from = OutputPath.folder(of: urls[page])
        var levels: [(items: [NavigationItem], next: Int)] = []
        for (depth, path) in chain.dropLast().enumerated() {
            let items = items(in: path, for: -1, ancestors: Set(chain), from: from, nested: false)
            // The entry that leads on is the one open folder (if the next folder has an index).
            guard folders[chain[depth + 1]] != nil, let position = items.firstIndex(where: \.isOpen) else { break }
            levels.append((items, position))
        }
        // A chain with a folder missing (no index page) keeps the plain way.
        guard levels.count == chain.count - 1, let folder = folders[path], let root = folders[""] else { return }
        // As many pages as windows to cover the folder: all its entries, without looking.
        let showsAll = pages.count * Self.window >= folder.entries.count
        var shown = [Bool](repeating: showsAll, count: folder.entries.count)
        if !showsAll {
            for page in pages {
                for position in window(of: folder, for: page) { shown[position] = true }
            }
        }
        let entries = folder.entries.indices.map { position -> NavigationItem? in
            guard shown[position] else { return nil }
            return item(for: folder.entries[position], page: -1, ancestors: [], from: from, nested: false)
        }
        let (home, all) = (home(for: -1, root: root, from: from), allEntries(of: folder, from: from))
        templates[path] = Template(
            levels: levels, entries: entries, allEntries: all, home: home,
            hash: SharedNavigationHash(home: home, levels: levels, entries: entries, allEntries: all),
            breadcrumbs: breadcrumbs(along: chain[...], from: from),
            indexBreadcrumbs: breadcrumbs(along: chain.dropLast(), from: from))
    }
}
