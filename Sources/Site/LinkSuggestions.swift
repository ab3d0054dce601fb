import Synchronization

/// What a broken link most likely meant, for its warning: a page, folder or file of the
/// site whose path differs only in case, lacks the `.md`, or is one typing slip away (a
/// byte added, left out, changed, or two swapped); or a section of the page whose id does.
///
/// Looked for only when a link is broken, so the paths are grouped by folder the first
/// time one is: a build with no broken link never pays for it.
final class LinkSuggestions: Sendable {
    private let paths: @Sendable () -> [String]
    private let index = Mutex<Index?>(nil)
    /// The section ids of the pages that broken links lead to, by source.
    private let pages = Mutex<[String: Sections]>([:])

    private struct Index {
        /// The names in each folder (`""` for the top), by folder.
        var folders: [String: Folder] = [:]
        /// Every path by its lowercase form.
        var lowercased: [String: String] = [:]
    }

    /// Suggestions among the paths that `paths` gives (relative to `Content/`).
    init(paths: @escaping @Sendable () -> [String]) {
        self.paths = paths
    }

    /// The path of the page, folder or file that `path` (relative to `Content/`, naming
    /// nothing) most likely meant, if one stands out.
    func path(near path: String) -> String? {
        index.withLock { index in
            if index == nil { index = Self.makeIndex(paths()) }
            let (folder, name) = Self.split(path)
            if let same = index!.lowercased[path.lowercased()] { return same }
            if let page = index!.lowercased[path.lowercased() + ".md"] { return page }
            return index!.folders[folder]?.nearest(to: name).map { folder.isEmpty ? $0 : folder + "/" + $0 }
        }
    }

    /// The section id of the page `page`, whose ids `ids` gives, that `fragment` most
    /// likely meant (see ``Sections``). Each page's ids are indexed once, the first time a
    /// link to it is broken: a page can have a hundred thousand sections, and as many
    /// broken links to them.
    func id(near fragment: String, inPage page: String, ids: () -> [String]) -> String? {
        pages.withLock { pages in
            if pages[page] == nil { pages[page] = Sections(ids()) }
            return pages[page]!.id(near: fragment)
        }
    }

    /// ``id(near:inPage:ids:)`` for ids indexed for this one call.
    static func id(near fragment: String, among ids: [String]) -> String? {
        var sections = Sections(ids)
        return sections.id(near: fragment)
    }

    /// The one name of `names` one slip away from `name`, compared without case; `nil`
    /// if none is, if two are, or if `name` without its extension is shorter than four
    /// characters: every slip of such a name leads to some other name (`a.md`, `b.md`).
    static func nearest(to name: String, among names: [String]) -> String? {
        var folder = Folder(names: names)
        return folder.nearest(to: name)
    }

    /// One page's section ids, for suggestions: by their lowercase form, in byte order (the
    /// ids that start with a fragment are a run of it, found by halving), and for a page
    /// of at most ``slipLimit`` sections, by their one-byte-deleted forms.
    struct Sections {
        static let slipLimit = 5000
        private var lowercased: [String: String] = [:]
        private var sorted: [[UInt8]]
        private var byteOrder: [String]
        private var slips: Folder?

        init(_ ids: [String]) {
            let order = ids.indices.sorted { ids[$0].utf8.lexicographicallyPrecedes(ids[$1].utf8) }
            byteOrder = order.map { ids[$0] }
            sorted = byteOrder.map { Array($0.utf8) }
            for id in ids {
                let key = id.lowercased()
                lowercased[key] = lowercased[key].map { min($0, id) } ?? id
            }
            if ids.count <= Self.slipLimit { slips = Folder(names: ids) }
        }

        /// The id that `fragment` most likely meant: the same but for case, the one id that
        /// starts with it (of three characters or more), or the one a slip away.
        mutating func id(near fragment: String) -> String? {
            if let same = lowercased[fragment.lowercased()] { return same }
            let prefix = Array(fragment.utf8)
            if prefix.count >= 3 {
                // The first id not before the fragment; the ids that start with it follow.
                var low = 0
                var high = sorted.count
                while low < high {
                    let middle = (low + high) / 2
                    if sorted[middle].lexicographicallyPrecedes(prefix) { low = middle + 1 } else { high = middle }
                }
                let starting = sorted[low...].prefix(2).prefix { $0.starts(with: prefix) }.count
                if starting == 1 { return byteOrder[low] }
            }
            return slips?.nearest(to: fragment)
        }
    }

    private static func isLongEnough(_ name: [UInt8]) -> Bool {
        (name.lastIndex(of: UInt8(ascii: ".")) ?? name.count) >= 4
    }

    private static func unique(_ names: [String]) -> String? {
        names.count == 1 ? names[0] : nil
    }

    /// The names of one folder; once a link into it is broken, also every name's lowercase
    /// bytes with one byte left out. Two names one slip apart share such a form (or one is
    /// the other's), so the names near a link are found by looking its forms up, not by
    /// comparing it with every name of a folder that may hold thousands.
    struct Folder {
        var names: [String] = []
        private var neighbours: [[UInt8]: [Int]]?

        init(names: [String] = []) {
            self.names = names
        }

        /// The most names whose forms are made: about twenty forms a name.
        static let limit = 50_000

        mutating func nearest(to name: String) -> String? {
            let target = Array(name.lowercased().utf8)
            guard LinkSuggestions.isLongEnough(target), names.count <= Self.limit else { return nil }
            if neighbours == nil {
                var made: [[UInt8]: [Int]] = [:]
                for (number, name) in names.enumerated() {
                    for form in Self.forms(of: Array(name.lowercased().utf8)) { made[form, default: []].append(number) }
                }
                neighbours = made
            }
            var found: Set<Int> = []
            for form in Self.forms(of: target) { found.formUnion(neighbours?[form] ?? []) }
            return LinkSuggestions.unique(
                found.sorted().map { names[$0] }.filter {
                    LinkSuggestions.editDistance(target, Array($0.lowercased().utf8), limit: 1) != nil
                })
        }

        /// `bytes`, and `bytes` with each one of them left out.
        private static func forms(of bytes: [UInt8]) -> Set<[UInt8]> {
            var forms: Set<[UInt8]> = [bytes]
            for index in bytes.indices {
                var form = bytes
                form.remove(at: index)
                forms.insert(form)
            }
            return forms
        }
    }

    /// The edit distance of `a` and `b` (inserting, deleting or changing a byte, or swapping
    /// two bytes side by side: the slips of typing), if it is at most `limit`.
    static func editDistance(_ a: [UInt8], _ b: [UInt8], limit: Int) -> Int? {
        guard abs(a.count - b.count) <= limit else { return nil }
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        // The table a row at a time (the one before the last too, for swaps); a row whose
        // every cell is over the limit ends it.
        var beforeLast = [Int](repeating: 0, count: b.count + 1)
        var last = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            var rowMinimum = i
            for j in 1...b.count {
                current[j] = min(last[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1), last[j] + 1, current[j - 1] + 1)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], beforeLast[j - 2] + 1)
                }
                rowMinimum = min(rowMinimum, current[j])
            }
            if rowMinimum > limit { return nil }
            (beforeLast, last, current) = (last, current, beforeLast)
        }
        return last[b.count] <= limit ? last[b.count] : nil
    }

    private static func makeIndex(_ paths: [String]) -> Index {
        var index = Index()
        for path in paths {
            let (folder, name) = split(path)
            index.folders[folder, default: Folder()].names.append(name)
            // Of two paths that differ only in case, the same one whatever the order.
            index.lowercased[path.lowercased()] = index.lowercased[path.lowercased()].map { min($0, path) } ?? path
        }
        return index
    }

    /// `a/b/c.md` as `a/b` and `c.md`.
    private static func split(_ path: String) -> (folder: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return ("", path) }
        return (String(path[..<slash]), String(path[path.index(after: slash)...]))
    }
}
