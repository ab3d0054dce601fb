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
        let sections = document.allSections
        var table = SearchTermTable()
        // The preamble's terms, one after the other, until the page entry can take them.
        var preamble: [UInt8] = []
        var preambleEnds: [Int] = []
        SearchTerms.forEach(inHTML: document.preamble.html) { term in
            preamble.append(contentsOf: term)
            preambleEnds.append(preamble.count)
        }
        let hasPageEntry = !preambleEnds.isEmpty || sections.first?.title != title
        var entry: UInt32 = 0
        // A title's terms are added again for every entry under it: after the first time,
        // by their numbers in the table.
        var titleTerms = Terms(SearchTerms.terms(inText: title))
        if hasPageEntry {
            titleTerms.add(to: &table, entry: entry, heading: true)
            preamble.withUnsafeBufferPointer { preamble in
                var start = 0
                for end in preambleEnds {
                    table.add(UnsafeBufferPointer(rebasing: preamble[start..<end]), entry: entry, heading: false)
                    start = end
                }
            }
            entry += 1
        }
        // The titles of the sections above the current one, by level.
        var path: [(level: Int, terms: Terms)] = []
        for section in sections {
            while let last = path.last, last.level >= section.level { path.removeLast() }
            var own = Terms(SearchTerms.terms(inText: section.title))
            own.add(to: &table, entry: entry, heading: true)
            titleTerms.add(to: &table, entry: entry, heading: false)
            for index in path.indices { path[index].terms.add(to: &table, entry: entry, heading: false) }
            SearchTerms.forEach(inHTML: section.body.html) { table.add($0, entry: entry, heading: false) }
            path.append((section.level, own))
            entry += 1
        }
        var text: [UInt8] = [hasPageEntry ? UInt8(ascii: "1") : UInt8(ascii: "0")]
        table.encode(into: &text)
        return String(decoding: text, as: UTF8.self)
    }

    /// The terms of a title, and once added, their numbers in the table.
    private struct Terms {
        var terms: [String]
        var numbers: [Int] = []

        init(_ terms: [String]) { self.terms = terms }

        mutating func add(to table: inout SearchTermTable, entry: UInt32, heading: Bool) {
            if numbers.count == terms.count {
                for number in numbers { table.add(number: number, entry: entry, heading: heading) }
                return
            }
            numbers = terms.map { term in
                var term = term
                return term.withUTF8 { table.add($0, entry: entry, heading: heading) }
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
