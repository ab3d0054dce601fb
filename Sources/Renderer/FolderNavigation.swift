/// The navigation that the pages of one folder of a large site share, laid out once for a
/// ``PageRenderer``'s layout (see ``PageRenderer/folderNavigation(home:levels:entries:allEntries:)``).
///
/// Each page of the folder shows the same items: the home page, and for each folder from
/// the root down to the folder's parent its items, one of which (the next folder on the
/// way) holds the next level. Only the deepest level's children differ from page to page:
/// a window of the folder's own entries, one of them current. A page's values start from
/// these and add only that, instead of making every item again.
public struct FolderNavigation: Sendable {
    /// One folder on the way: its items, and which of them holds the next level.
    struct Level: Sendable {
        var items: [TemplateData.Value]
        var next: Int
        /// The next folder's item, whose children each page sets.
        var nextItem: NavigationItem
    }

    /// The renderer that laid these out, whose layout's names they use.
    let renderer: PageRenderer.Identity
    /// The items, laid out; each page's values are a copy of this with more added.
    let data: TemplateData
    /// The home page's item; the items of the folder's own entries, none current, and the
    /// link to all of them. The item that a page shows current is made for the page.
    let home: TemplateData.Value
    let levels: [Level]
    /// (`nil` for an entry that no page shows: see ``PageRenderer/folderNavigation(home:levels:entries:allEntries:)``.)
    let entries: [(item: NavigationItem, value: TemplateData.Value)?]
    let allEntries: TemplateData.Value

    /// Whether `renderer` laid these out: only it can use them.
    public func isLaidOut(by renderer: PageRenderer) -> Bool { self.renderer === renderer.identity }

    /// What one page of the folder shows of its navigation.
    public struct Page: Sendable {
        var shared: FolderNavigation
        var window: NavigationWindow

        public init(_ shared: FolderNavigation, window: NavigationWindow) {
            self.shared = shared
            self.window = window
        }
    }
}

/// Which part of its folder's shared navigation a page shows: the home page's item, then
/// the levels, the deepest holding the folder's entries in `entries` (the one at `current`
/// current) and, when `showsAllEntries`, the link to all of them. `isFolderIndex` marks
/// the folder's item in its parent current. (The home page is never one of these pages:
/// it is the root folder's, which shares nothing.)
public struct NavigationWindow: Sendable, Hashable {
    public var entries: Range<Int>
    public var current: Int?
    public var showsAllEntries: Bool
    public var isFolderIndex: Bool

    public init(entries: Range<Int>, current: Int?, showsAllEntries: Bool, isFolderIndex: Bool) {
        self.entries = entries
        self.current = current
        self.showsAllEntries = showsAllEntries
        self.isFolderIndex = isFolderIndex
    }
}

extension PageRenderer {
    /// Lays out the navigation that the pages of one folder share (see ``FolderNavigation``):
    /// `home`, `levels` from the root down to the folder's parent (at least the root's:
    /// the root folder shares nothing), each with the index of the item that holds the next
    /// level (its children are left out), the folder's own `entries`, none current, and the
    /// link to all of them. An entry that is `nil` is one that no page to be laid out shows
    /// (see ``NavigationWindow``): it is left out, and no window may hold it.
    public func folderNavigation(
        home: NavigationItem, levels: [(items: [NavigationItem], next: Int)], entries: [NavigationItem?],
        allEntries: NavigationItem
    ) -> FolderNavigation {
        precondition(!levels.isEmpty, "a folder's shared navigation has the root's level at least")
        var data = TemplateData(shared: shared)
        let fields = layoutFields
        let homeValue = data.add(home, fields)
        let levels = levels.map { level in
            FolderNavigation.Level(
                items: level.items.map { data.add($0, fields) }, next: level.next, nextItem: level.items[level.next])
        }
        let entries = entries.map { entry in entry.map { (item: $0, value: data.add($0, fields)) } }
        let allEntries = data.add(allEntries, fields)
        data.shareRenderings()
        return FolderNavigation(
            renderer: identity, data: data, home: homeValue, levels: levels, entries: entries, allEntries: allEntries)
    }
}

extension TemplateData {
    /// Adds the navigation of `page`, made of the items laid out in `page.shared`, whose
    /// data this must be a copy of.
    mutating func add(_ page: FolderNavigation.Page, _ fields: PageFields) -> Value {
        let shared = page.shared
        var children = list(count: page.window.entries.count + (page.window.showsAllEntries ? 1 : 0))
        for (index, entry) in page.window.entries.enumerated() {
            var value = shared.entries[entry]!.value
            if entry == page.window.current {
                var item = shared.entries[entry]!.item
                item.isCurrent = true
                value = add(item, fields)
            }
            set(value, at: index, of: children)
        }
        if page.window.showsAllEntries { set(shared.allEntries, at: page.window.entries.count, of: children) }
        for (depth, level) in shared.levels.enumerated().reversed() {
            var next = level.nextItem
            if depth == shared.levels.count - 1, page.window.isFolderIndex { next.isCurrent = true }
            let item = add(next, children: children, fields)
            // The root's items follow the home page's.
            let offset = depth == 0 ? 1 : 0
            let items = list(count: level.items.count + offset)
            for (index, value) in level.items.enumerated() {
                set(index == level.next ? item : value, at: index + offset, of: items)
            }
            if depth == 0 { set(shared.home, at: 0, of: items) }
            children = items
        }
        return children
    }
}
