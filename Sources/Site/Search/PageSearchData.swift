import Sections

/// What the search index needs of one page beyond its ``CachedPage`` headings: for every
/// term, the page's entries that hold it. Made in the first pass, from the parsed page,
/// and kept in the page's cache record, so that a page taken from the cache is never
/// parsed again for the index.
///
/// The page's entries are, in order: the page itself (its title and preamble) unless
/// ``hasPageEntry`` is false, then every section in document order (its title, the
/// titles above it, and its own body, not its subsections'). The page entry is left out
/// when it would repeat the first section: no text before the first heading, and a first
/// heading that is the page's title.
///
/// Encoded form: `1` or `0` (``hasPageEntry``), then for each term, in the order first found,
/// `!term codes`, where codes are ``SearchNumbers`` of the increasing `entry * 2 + 1` for
/// a hit in the entry's own title and `entry * 2` for one in its text or the titles above.
struct PageSearchData: Sendable {
    var hasPageEntry: Bool
    /// Each term with its codes, in the order first found.
    var terms: [(term: String, codes: [UInt32])]

    /// The encoded search data (``encoded``) of a parsed page whose title is `title`.
    static func encoded(document: Document, title: String) -> String {
        var preamble = Terms(html: document.preamble.html)
        let hasPageEntry = !preamble.isEmpty || document.sections.first?.title != title
        var collector = Collector(title: Terms(text: title))
        if hasPageEntry {
            collector.title.add(to: &collector.table, entry: 0, heading: true)
            preamble.add(to: &collector.table, entry: 0, heading: false)
            collector.entry = 1
        }
        collector.add(document.sections)
        return collector.table.encoded(after: hasPageEntry ? UInt8(ascii: "1") : UInt8(ascii: "0"))
    }

    /// The sections' terms on their way into the table. (A struct with mutating methods
    /// rather than local functions that capture variables: those would be checked for
    /// exclusive access at run time, word by word.)
    private struct Collector {
        var table = SearchTermTable()
        var title: Terms
        var entry: UInt32 = 0
        /// The titles of the sections above the current one, by level.
        var path: [(level: Int, terms: Terms)] = []

        init(title: Terms) { self.title = title }

        /// Adds `sections` and their subsections, in document order.
        mutating func add(_ sections: [Section]) {
            for section in sections {
                while let last = path.last, last.level >= section.level { path.removeLast() }
                var own = Terms(text: section.title)
                own.add(to: &table, entry: entry, heading: true)
                title.add(to: &table, entry: entry, heading: false)
                for index in path.indices { path[index].terms.add(to: &table, entry: entry, heading: false) }
                let entry = entry
                SearchTerms.forEach(inHTML: section.body.html) { table.add($0, entry: entry, heading: false) }
                path.append((section.level, own))
                self.entry += 1
                add(section.children)
            }
        }
    }

    /// The terms of a title (or of a preamble) one after the other, and once added, their
    /// numbers in the table: a title's terms are added again for every entry under it, by
    /// their numbers after the first time.
    private struct Terms {
        private var bytes: [UInt8] = []
        private var ends: [Int] = []
        private var numbers: [Int] = []

        init(text: String) {
            self.init { SearchTerms.forEach(inText: text, $0) }
        }

        init(html: String) {
            self.init { SearchTerms.forEach(inHTML: html, $0) }
        }

        /// The terms that `scan` hands out, one after the other.
        private init(_ scan: ((UnsafeBufferPointer<UInt8>) -> Void) -> Void) {
            scan { term in
                bytes.append(contentsOf: term)
                ends.append(bytes.count)
            }
        }

        var isEmpty: Bool { ends.isEmpty }

        mutating func add(to table: inout SearchTermTable, entry: UInt32, heading: Bool) {
            if numbers.count == ends.count {
                for number in numbers { table.add(number: number, entry: entry, heading: heading) }
                return
            }
            numbers = bytes.withUnsafeBufferPointer { bytes in
                var start = 0
                return ends.map { end in
                    defer { start = end }
                    return table.add(UnsafeBufferPointer(rebasing: bytes[start..<end]), entry: entry, heading: heading)
                }
            }
        }
    }

    /// Calls `body` with the bytes of each term and of its codes in `encoded`
    /// (``encoded``), without decoding the whole record.
    static func forEachTerm(
        in encoded: String, _ body: (_ term: UnsafeBufferPointer<UInt8>, _ codes: UnsafeBufferPointer<UInt8>) -> Void
    ) {
        var encoded = encoded
        encoded.withUTF8 { bytes in
            var index = 1
            while index < bytes.count {
                // At a `!`: the term runs to the space, its codes to the next `!`.
                var space = index + 1
                while space < bytes.count, bytes[space] != UInt8(ascii: " ") { space += 1 }
                var end = space
                while end < bytes.count, bytes[end] != UInt8(ascii: "!") { end += 1 }
                if space > index + 1, space < end {
                    body(
                        UnsafeBufferPointer(rebasing: bytes[(index + 1)..<space]),
                        UnsafeBufferPointer(rebasing: bytes[(space + 1)..<end]))
                }
                index = end
            }
        }
    }

    /// Whether the record `encoded` starts with the page entry.
    static func hasPageEntry(_ encoded: String) -> Bool { encoded.utf8.first == UInt8(ascii: "1") }

    init(decoding encoded: String) {
        hasPageEntry = Self.hasPageEntry(encoded)
        var terms: [(term: String, codes: [UInt32])] = []
        Self.forEachTerm(in: encoded) { term, codes in
            terms.append((String(decoding: term, as: UTF8.self), SearchNumbers.decodeIncreasing(codes)))
        }
        self.terms = terms
    }
}
