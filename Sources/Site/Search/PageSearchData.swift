import Basics
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
/// Encoded form: see ``PageSearchRecord``.
enum PageSearchData {
    /// The search record (``PageSearchRecord``) of a parsed page whose title is `title`;
    /// without the terms of its text (the preamble and each section's body) unless
    /// `withText` (see ``SiteConfig/SearchIndexing``). The entries are the same either way.
    static func encoded(document: Document, title: String, withText: Bool = true) -> [UInt8] {
        var preamble = Terms(body: document.preamble)
        let hasPageEntry = !preamble.isEmpty || document.sections.first?.title != title
        var collector = Collector(title: Terms(text: title), withText: withText)
        if hasPageEntry {
            collector.title.add(to: &collector.table, entry: 0, heading: true)
            if withText { preamble.add(to: &collector.table, entry: 0, heading: false) }
            collector.entry = 1
        }
        collector.add(document.sections)
        return collector.table.encoded(hasPageEntry: hasPageEntry)
    }

    /// The sections' terms on their way into the table. (A struct with mutating methods
    /// rather than local functions that capture variables: those would be checked for
    /// exclusive access at run time, word by word.)
    private struct Collector: ~Copyable {
        var table = SearchTermTable()
        var title: Terms
        /// Whether the sections' bodies are indexed.
        let withText: Bool
        var entry: UInt32 = 0
        /// The numbers of the terms of the titles of the sections above the current one,
        /// outermost first.
        var pathNumbers = UniqueBuffer<Int>(capacity: 64)
        /// Those sections' levels, and where their titles' numbers start in `pathNumbers`.
        var path: [(level: Int, start: Int)] = []

        init(title: Terms, withText: Bool) {
            self.title = title
            self.withText = withText
        }

        /// Adds `sections` and their subsections, in document order.
        mutating func add(_ sections: [Section]) {
            for section in sections {
                while let last = path.last, last.level >= section.level {
                    pathNumbers.setCount(last.start)
                    path.removeLast()
                }
                let entry = entry
                let start = pathNumbers.count
                SearchTerms.forEach(inText: section.title) { term in
                    pathNumbers.append(table.add(term, entry: entry, heading: true))
                }
                title.add(to: &table, entry: entry, heading: false)
                for index in 0..<start { table.add(number: pathNumbers[index], entry: entry, heading: false) }
                if withText {
                    table.textEntry = entry
                    SearchTerms.forEach(in: section.body, into: &table)
                }
                path.append((section.level, start))
                self.entry += 1
                add(section.children)
            }
        }
    }

    /// The terms of the page's title (or of its preamble) one after the other, and once
    /// added, their numbers in the table: the title's terms are added again for every entry,
    /// by their numbers after the first time.
    private struct Terms {
        private var bytes: [UInt8] = []
        private var ends: [Int] = []
        private var numbers: [Int] = []

        init(text: String) {
            self.init { SearchTerms.forEach(inText: text, $0) }
        }

        init(body: Body) {
            self.init { SearchTerms.forEach(in: body, $0) }
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

    /// Whether the record `encoded` starts with the page entry.
    static func hasPageEntry(_ encoded: [UInt8]) -> Bool { encoded.first == UInt8(ascii: "1") }
}
