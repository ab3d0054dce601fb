import Basics
import Renderer

/// What ``PagePass/hash(of:shared:)`` hashes of the navigation that the pages of one folder
/// of a large site share (see ``Navigation``), in pieces made once for the folder: on each
/// level, the hash of the items before the one that leads on and the digests
/// (``PagePass/digest(of:)``) of those after it, and the digest of each of the folder's
/// entries. A page's navigation hashes to the same value from these as from its whole tree
/// of items, with no tree made and a word per item.
struct SharedNavigationHash: Sendable {
    /// From the root down to the folder's parent: the hash of the level's list up to the
    /// item that leads on (the root's from a new hash; a folder's from its item's head and
    /// number of children), and the digests of the items after that one.
    private var levels: [(before: StableHash, after: [UInt64])] = []
    /// The head of the folder's item (``PagePass/head(of:flags:)``), as on its pages and as
    /// on its index page, where it is current.
    private var folderHead = StableHash()
    private var currentFolderHead = StableHash()
    /// The digest of each of the folder's entries, none current (0 for one that no window
    /// holds), and as the current one.
    private var entries: [UInt64] = []
    private var currentEntries: [UInt64] = []
    private var allEntries: UInt64 = 0

    /// The pieces of the navigation `home`, then `levels` from the root down to the folder's
    /// parent (each with the index of the item that holds the next level), the folder's
    /// `entries` (`nil` for one that no window holds) and the link to all of them.
    init(
        home: NavigationItem, levels: [(items: [NavigationItem], next: Int)], entries: [NavigationItem?],
        allEntries: NavigationItem
    ) {
        for (depth, level) in levels.enumerated() {
            var before = StableHash()
            if depth == 0 {
                before.combine(word: PagePass.digest(of: home))
            } else {
                let holder = levels[depth - 1].items[levels[depth - 1].next]
                before = PagePass.head(of: holder.link, flags: PagePass.flags(of: holder))
                before.combine(word: UInt64(level.items.count))
            }
            PagePass.combine(Array(level.items[..<level.next]), into: &before)
            self.levels.append((before, level.items[(level.next + 1)...].map { PagePass.digest(of: $0) }))
        }
        if let last = levels.last {
            let folder = last.items[last.next]
            let flags = PagePass.flags(of: folder)
            folderHead = PagePass.head(of: folder.link, flags: flags)
            currentFolderHead = PagePass.head(of: folder.link, flags: flags | 2)
        }
        self.entries = entries.map { $0.map { PagePass.digest(of: $0) } ?? 0 }
        currentEntries = entries.map { entry in
            guard var entry else { return 0 }
            entry.isCurrent = true
            return PagePass.digest(of: entry)
        }
        self.allEntries = PagePass.digest(of: allEntries)
    }

    /// The hash of the navigation of a page that shows `window` of it, from a new
    /// ``StableHash``.
    func hash(of window: NavigationWindow) -> StableHash {
        var folder = window.isFolderIndex ? currentFolderHead : folderHead
        folder.combine(word: UInt64(window.entries.count + (window.showsAllEntries ? 1 : 0)))
        for index in window.entries {
            folder.combine(word: index == window.current ? currentEntries[index] : entries[index])
        }
        if window.showsAllEntries { folder.combine(word: allEntries) }
        // Each level from the folder's parent up takes the digest of the item that leads
        // on; below the root, the level's list is that item's children, and its hash the
        // item's digest. (A share has the root's level at least.)
        var hash = folder
        for level in levels.reversed() {
            let digest = hash.value
            hash = level.before
            hash.combine(word: digest)
            for word in level.after { hash.combine(word: word) }
        }
        return hash
    }
}
