import Synchronization

/// What a broken link most likely meant, for its warning: a page, folder or file of the
/// site whose path differs only in case, lacks the `.md`, or is one typing slip away (a
/// byte added, left out, changed, or two swapped); or a section of the page whose id does.
///
/// Looked for only when a link is broken, so the paths are grouped by folder the first
/// time one is: a build with no broken link never pays for it.
final class LinkSuggestions: Sendable {
    /// Folders and pages of at most this many names or ids are scanned for slips; a larger
    /// one gets suggestions by case and by prefix alone, through an index.
    static let scanLimit = 5000

    private let paths: @Sendable () -> [String]
    private let index = Mutex<Index?>(nil)
    /// The section ids of the pages with more than ``scanLimit`` sections that broken links
    /// lead to, by source.
    private let pages = Mutex<[String: SortedIDs]>([:])

    private struct Index {
        /// The names in each folder (`a/b/`, `""` for the top), by folder.
        var folders: [String: [Name]] = [:]
        /// Every path by its lowercase bytes.
        var lowercased: [Key: String] = [:]
    }

    /// Bytes as a dictionary key, hashed in one call: `[UInt8]` is hashed a byte at a time,
    /// which made indexing the paths of a large site a visible part of its build.
    struct Key: Hashable {
        var bytes: [UInt8]

        func hash(into hasher: inout Hasher) {
            bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
        }
    }

    /// Suggestions among the paths that `paths` gives (relative to `Content/`).
    init(paths: @escaping @Sendable () -> [String]) {
        self.paths = paths
    }

    /// The path of the page, folder or file that `path` (relative to `Content/`, naming
    /// nothing) most likely meant, if one stands out.
    func path(near path: String) -> String? {
        let key = Self.lowercased(path)
        return index.withLock { index in
            if index == nil { index = Self.makeIndex(paths()) }
            if let same = index!.lowercased[Key(bytes: key)] ?? index!.lowercased[Key(bytes: key + Array(".md".utf8))] {
                return same
            }
            let (folder, name) = Self.split(path)
            return index!.folders[folder].flatMap { Self.nearest(to: name, among: $0) }.map { folder + $0 }
        }
    }

    /// The section id of the page `page`, whose ids `ids` gives, that `fragment` most
    /// likely meant (see ``id(near:among:)``). A page of more sections than ``scanLimit``
    /// is indexed once, the first time a link to it is broken: such a page can have a
    /// hundred thousand sections, and as many broken links to them.
    func id(near fragment: String, inPage page: String, ids: () -> [String]) -> String? {
        let all = ids()
        if all.count <= Self.scanLimit { return Self.id(near: fragment, among: all) }
        return pages.withLock { pages in
            if pages[page] == nil { pages[page] = SortedIDs(all) }
            return pages[page]!.id(near: fragment)
        }
    }

    /// The id among `ids` that `fragment` most likely meant: the same but for case, the one
    /// id of the same words (``Words``: `v2-0-0` for `v200`, `debian-install` for
    /// `install-debian`), the one id that starts with it (of three characters or more), or
    /// the one a slip away.
    static func id(near fragment: String, among ids: [String]) -> String? {
        let target = lowercased(fragment)
        let words = Words(target)
        var sameCase: String?
        var sameWords: [String] = []
        var starting: [String] = []
        var slips: [String] = []
        for id in ids {
            let lowered = lowercased(id)
            if lowered == target { sameCase = sameCase.map { min($0, id) } ?? id }
            if sameWords.count < 2, words.matches(Words(lowered)) { sameWords.append(id) }
            if fragment.utf8.count >= 3, starting.count < 2, id.utf8.starts(with: fragment.utf8) { starting.append(id) }
            if slips.count < 2, isOneSlip(target, lowered) { slips.append(id) }
        }
        if let sameCase { return sameCase }
        if sameWords.count == 1 { return sameWords[0] }
        if starting.count == 1 { return starting[0] }
        return isLongEnough(target) && slips.count == 1 ? slips[0] : nil
    }

    /// The words of a lowercase id, split at `-`, `_` and `.`: two ids have the same words
    /// when they are the same without separators (`v2-0-0`, `v200`: a heading's "2.0.0" and
    /// "200") or the same words in another order (`install-debian`, `debian-install`).
    struct Words {
        var joined: [UInt8]
        var sorted: [ArraySlice<UInt8>]

        init(_ lowered: [UInt8]) {
            let separators: [UInt8] = Array("-_.".utf8)
            joined = lowered.filter { !separators.contains($0) }
            sorted = lowered.split { separators.contains($0) }.sorted { $0.lexicographicallyPrecedes($1) }
        }

        /// Whether `other` has the same words; an id with no word matches none.
        func matches(_ other: Words) -> Bool {
            !joined.isEmpty && (joined == other.joined || sorted.elementsEqual(other.sorted, by: ==))
        }
    }

    /// A name in a folder, and its bytes lowercased: lowercased once, when the folders are
    /// indexed, not for every broken link that is compared with it (each broken link into a
    /// large folder would make as many lowercase copies as the folder has pages).
    struct Name {
        var name: String
        var lowered: [UInt8]

        init(_ name: String) {
            self.name = name
            lowered = LinkSuggestions.lowercased(name)
        }
    }

    /// The one name of `names` at most one slip away from `name`, compared without case; `nil`
    /// if none is, if two are, if `names` are more than ``scanLimit``, or if `name` without
    /// its extension is shorter than four characters: every slip of such a name leads to
    /// some other name (`a.md`, `b.md`).
    static func nearest(to name: String, among names: [Name]) -> String? {
        let target = lowercased(name)
        guard isLongEnough(target), names.count <= scanLimit else { return nil }
        var found: String?
        for candidate in names {
            guard candidate.lowered == target || isOneSlip(target, candidate.lowered) else { continue }
            if found != nil { return nil }
            found = candidate.name
        }
        return found
    }

    /// The section ids of a page with many, for suggestions by case and by prefix: by their
    /// lowercase bytes, and in byte order, where the ids that start with a fragment are a
    /// run, found by halving.
    struct SortedIDs {
        private var lowercased: [[UInt8]: String] = [:]
        private var sorted: [[UInt8]]
        private var byteOrder: [String]

        init(_ ids: [String]) {
            let order = ids.indices.sorted { ids[$0].utf8.lexicographicallyPrecedes(ids[$1].utf8) }
            byteOrder = order.map { ids[$0] }
            sorted = byteOrder.map { Array($0.utf8) }
            for id in ids {
                let key = LinkSuggestions.lowercased(id)
                lowercased[key] = lowercased[key].map { min($0, id) } ?? id
            }
        }

        /// The id that `fragment` most likely meant: the same but for case, or the one id
        /// that starts with it (of three characters or more).
        func id(near fragment: String) -> String? {
            if let same = lowercased[LinkSuggestions.lowercased(fragment)] { return same }
            let prefix = Array(fragment.utf8)
            guard prefix.count >= 3 else { return nil }
            // The first id not before the fragment; the ids that start with it follow.
            var low = 0
            var high = sorted.count
            while low < high {
                let middle = (low + high) / 2
                if sorted[middle].lexicographicallyPrecedes(prefix) { low = middle + 1 } else { high = middle }
            }
            let starting = sorted[low...].prefix(2).prefix { $0.starts(with: prefix) }.count
            return starting == 1 ? byteOrder[low] : nil
        }
    }

    private static func isLongEnough(_ name: [UInt8]) -> Bool {
        (name.lastIndex(of: UInt8(ascii: ".")) ?? name.count) >= 4
    }

    /// Whether `a` and `b` differ by one slip of typing: a byte added, left out or changed,
    /// or two side by side swapped. Linear: both are read up to their first difference,
    /// and the rest is compared once for each kind of slip.
    static func isOneSlip(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        let (short, long) = a.count <= b.count ? (a, b) : (b, a)
        guard long.count - short.count <= 1 else { return false }
        var first = 0
        while first < short.count, short[first] == long[first] { first += 1 }
        if short.count < long.count { return short[first...].elementsEqual(long[(first + 1)...]) }
        guard first < short.count else { return false }  // the same
        if short[(first + 1)...].elementsEqual(long[(first + 1)...]) { return true }
        return first + 1 < short.count && short[first] == long[first + 1] && short[first + 1] == long[first]
            && short[(first + 2)...].elementsEqual(long[(first + 2)...])
    }

    /// The bytes of `text` lowercased (``Navigation/lowercased(_:)``: ASCII on bytes).
    static func lowercased(_ text: String) -> [UInt8] {
        Array(Navigation.lowercased(text).utf8)
    }

    private static func makeIndex(_ paths: [String]) -> Index {
        var index = Index()
        index.lowercased.reserveCapacity(paths.count)
        for path in paths {
            let (folder, name) = split(path)
            index.folders[folder, default: []].append(Name(name))
            // Of two paths that differ only in case, the same one whatever the order.
            let key = Key(bytes: lowercased(path))
            index.lowercased[key] = index.lowercased[key].map { min($0, path) } ?? path
        }
        return index
    }

    /// `a/b/c.md` as `a/b/` (``OutputPath/folder(of:)``) and `c.md`.
    static func split(_ path: String) -> (folder: String, name: String) {
        let folder = OutputPath.folder(of: path)
        return (folder, String(path.utf8.dropFirst(folder.utf8.count))!)
    }
}
