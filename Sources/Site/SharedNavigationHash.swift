import Renderer

/// What ``PagePass/hash(of:shared:)`` hashes of the navigation that the pages of one folder
/// of a large site share (see ``Navigation``), in pieces made once for the folder: the
/// hash of everything before the folder's own entries, the bytes of each entry, and the
/// bytes of everything after them. A page's navigation hashes to the same value from
/// these as from its whole tree of items, with no tree made.
struct SharedNavigationHash: Sendable {
    /// The hash after the home page's item and, on each level down to the folder, the items
    /// before the next folder's, and that folder's title and link (its flags follow).
    private var prefix = StableHash()
    /// The flags of the folder's item in its parent, but for being current.
    private var folderFlags: UInt8 = 0
    /// The bytes of each of the folder's entries, none current; the flags are the byte
    /// before the last.
    private var entries: [[UInt8]] = []
    private var allEntries: [UInt8] = []
    /// The end of each level, from the folder's up to the root's.
    private var suffix: [UInt8] = []

    /// The pieces of the navigation `home`, then `levels` from the root down to the folder's
    /// parent (each with the index of the item that holds the next level), the folder's
    /// `entries` (`nil` for one that no window holds) and the link to all of them.
    init(
        home: NavigationItem, levels: [(items: [NavigationItem], next: Int)], entries: [NavigationItem?],
        allEntries: NavigationItem
    ) {
        var prefix = HashBytes()
        PagePass.combine([home], into: &prefix)
        for (depth, level) in levels.enumerated() {
            PagePass.combine(Array(level.items[..<level.next]), into: &prefix)
            let next = level.items[level.next]
            prefix.combine(next.link.title)
            prefix.combine(next.link.href)
            if depth < levels.count - 1 {
                prefix.combine(separator: PagePass.flags(of: next))
            } else {
                folderFlags = PagePass.flags(of: next)
            }
        }
        var start = StableHash()
        prefix.bytes.withUnsafeBytes { start.combine($0) }
        self.prefix = start
        self.entries = entries.map { entry in
            guard let entry else { return [] }
            var bytes = HashBytes()
            PagePass.combine([entry], into: &bytes)
            return bytes.bytes
        }
        var all = HashBytes()
        PagePass.combine([allEntries], into: &all)
        self.allEntries = all.bytes
        var suffix = HashBytes()
        for level in levels.reversed() {
            suffix.combine(separator: 0xfe)
            PagePass.combine(Array(level.items[(level.next + 1)...]), into: &suffix)
        }
        self.suffix = suffix.bytes
    }

    /// The hash of the navigation of a page that shows `window` of it, from a new
    /// ``StableHash``.
    func hash(of window: NavigationWindow) -> StableHash {
        var hash = prefix
        hash.combine(separator: folderFlags | (window.isFolderIndex ? 2 : 0))
        for index in window.entries {
            guard index == window.current else {
                entries[index].withUnsafeBytes { hash.combine($0) }
                continue
            }
            var entry = entries[index]
            entry[entry.count - 2] |= 2
            entry.withUnsafeBytes { hash.combine($0) }
        }
        if window.showsAllEntries { allEntries.withUnsafeBytes { hash.combine($0) } }
        suffix.withUnsafeBytes { hash.combine($0) }
        return hash
    }
}
