import Foundation

/// The site's search index, assembled from every page's ``PageSearchData`` after the
/// first pass, as JavaScript files for `Templates/search.js` (scripts load from `file://`
/// where `fetch` does not):
///
/// - `search/index.js`: `foldmarkSearch.index({...})` with the first term of each term
///   shard (`terms`), the first entry number of each entry chunk (`chunks`) and the
///   number of entries. Its first line is a comment with a hash of everything the index
///   was made from, so that a build that would make the same index skips it.
/// - `search/t<N>.js`: `foldmarkSearch.terms(N, "…")`, a run of the sorted dictionary.
///   Each term is `!`, one ``SearchNumbers`` digit for how many characters it shares with
///   the term before it, the rest of the term, ` `, the entries whose title holds it,
///   ` `, the entries whose text (or a title above them) holds it; both lists increasing,
///   as gaps (see ``SearchNumbers/appendIncreasing(_:to:)``).
/// - `search/d<N>.js`: `foldmarkSearch.entries(N, [...])`, the pages of a run of entries:
///   per page `path` (percent-encoded, no `.html`), `title`, `1` or `0` for a page entry,
///   then per section `id`, `title`, `level`. An empty `id` is the title's simple slug
///   (see `search.js`), an empty section title is the page title.
///
/// Entries are numbered across the site in the order of the pages' output paths.
struct SearchIndex {
    static let folder = "search"
    static let formatVersion = "foldmark-search 1"
    static let shardBytes = 24 * 1024
    static let chunkBytes = 24 * 1024

    /// One page of the index, from its cache record.
    struct Page: Sendable {
        var output: String
        var title: String
        var headings: [CachedPage.Heading]
        /// Where its ``PageSearchData/encoded`` is kept (see ``CachedPage/search``).
        var search: ContentLocation?
        var hasPageEntry: Bool
    }

    /// Paths (relative to the output folder) and contents of the files.
    var files: [(path: String, text: String)] = []

    /// The first line of `search/index.js` for `hash`, with the number of files.
    static func header(hash: String, terms: Int, chunks: Int) -> String {
        "/* \(formatVersion) \(hash) \(terms) \(chunks) */\n"
    }

    /// The files a `search/index.js` that starts with `header` names, if it is one of ours.
    static func files(fromHeader line: Substring) -> (hash: String, paths: [String])? {
        let parts = line.split(separator: " ")
        guard parts.count == 7, parts[0] == "/*", "\(parts[1]) \(parts[2])" == formatVersion, parts[6] == "*/",
            let terms = Int(parts[4]), let chunks = Int(parts[5]), terms >= 0, chunks >= 0, terms + chunks < 1_000_000
        else { return nil }
        return (String(parts[3]), paths(terms: terms, chunks: chunks))
    }

    static func paths(terms: Int, chunks: Int) -> [String] {
        ["\(folder)/index.js"] + (0..<terms).map { "\(folder)/t\($0).js" } + (0..<chunks).map { "\(folder)/d\($0).js" }
    }

    /// The index of `pages` (in any order), labelled with `hash`; `read` gives a page's
    /// search terms from where they are kept, one page at a time.
    init(
        pages unsorted: [Page], hash: String, jobs: Int?, read: @escaping @Sendable (ContentLocation) -> String?
    ) async {
        let pages = unsorted.sorted { $0.output < $1.output }
        var firstEntry: [UInt32] = []
        var total: UInt32 = 0
        for page in pages {
            firstEntry.append(total)
            total += UInt32(page.headings.count) + (page.hasPageEntry ? 1 : 0)
        }
        let locations = pages.map(\.search)
        let dictionary = await SearchPostings.collect(locations.count, firstEntry: firstEntry, jobs: jobs) { index in
            locations[index].flatMap(read)
        }
        var shardStarts: [String] = []
        var shard: [UInt8] = []
        var previous: [UInt16] = []
        func closeShard() {
            guard !shard.isEmpty else { return }
            let number = shardStarts.count - 1
            let text = "foldmarkSearch.terms(\(number),\"" + String(decoding: shard, as: UTF8.self) + "\");\n"
            files.append(("\(Self.folder)/t\(number).js", text))
            shard.removeAll(keepingCapacity: true)
        }
        for entry in dictionary {
            let units = Array(entry.term.utf16)
            if shard.isEmpty {
                shardStarts.append(entry.term)
                previous = []
            }
            var shared = 0
            while shared < min(previous.count, units.count, 44), previous[shared] == units[shared] { shared += 1 }
            // Never split a surrogate pair: the shared count is in UTF-16 units, like JavaScript's.
            if shared > 0, UTF16.isLeadSurrogate(units[shared - 1]) { shared -= 1 }
            shard.append(UInt8(ascii: "!"))
            shard.append(SearchNumbers.character(UInt32(shared)))
            shard.append(contentsOf: String(decoding: units[shared...], as: UTF16.self).utf8)
            shard.append(UInt8(ascii: " "))
            shard.append(contentsOf: entry.heading)
            shard.append(UInt8(ascii: " "))
            shard.append(contentsOf: entry.body)
            previous = units
            if shard.count >= Self.shardBytes { closeShard() }
        }
        closeShard()

        var chunkStarts: [UInt32] = []
        var chunk = ""
        func closeChunk() {
            guard !chunk.isEmpty else { return }
            let number = chunkStarts.count - 1
            files.append(("\(Self.folder)/d\(number).js", "foldmarkSearch.entries(\(number),[" + chunk + "]);\n"))
            chunk = ""
        }
        for (index, page) in pages.enumerated() {
            if chunk.isEmpty { chunkStarts.append(firstEntry[index]) } else { chunk += ",\n" }
            chunk += Self.row(for: page)
            if chunk.utf8.count >= Self.chunkBytes { closeChunk() }
        }
        closeChunk()

        let index =
            Self.header(hash: hash, terms: shardStarts.count, chunks: chunkStarts.count)
            + "foldmarkSearch.index({\"terms\":[" + shardStarts.map(JSONText.quoted).joined(separator: ",")
            + "],\"chunks\":[" + chunkStarts.map(String.init).joined(separator: ",") + "],\"count\":\(total)});\n"
        files.insert(("\(Self.folder)/index.js", index), at: 0)
    }

    /// A page's entries as a JSON array (see the type's documentation).
    static func row(for page: Page) -> String {
        var path = page.output
        if path.hasSuffix(".html") { path.removeLast(5) }
        let title = page.title.flatLine
        var parts = [
            JSONText.quoted(OutputPath.percentEncoded(path)), JSONText.quoted(title),
            page.hasPageEntry ? "1" : "0",
        ]
        for heading in page.headings {
            let headingTitle = heading.title.flatLine
            parts.append(JSONText.quoted(heading.id == simpleSlug(headingTitle) ? "" : heading.id))
            parts.append(JSONText.quoted(headingTitle == title ? "" : headingTitle))
            parts.append(String(heading.level))
        }
        return "[" + parts.joined(separator: ",") + "]"
    }

    /// For an ASCII title: lowercased, only `a-z`, `0-9`, `_`, `-` and spaces kept, spaces
    /// as `-`. `search.js` computes the same, so ids that are this slug are not stored.
    static func simpleSlug(_ title: String) -> String? {
        guard title.utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
        var result: [UInt8] = []
        for byte in title.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): result.append(byte + 32)
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"),
                UInt8(ascii: "-"):
                result.append(byte)
            case UInt8(ascii: " "): result.append(UInt8(ascii: "-"))
            default: continue
            }
        }
        return String(decoding: result, as: UTF8.self)
    }
}

extension String {
    /// Line breaks (a setext heading may span lines) as spaces.
    fileprivate var flatLine: String {
        contains(where: \.isNewline) ? String(map { $0.isNewline ? " " : $0 }) : self
    }
}
