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
        /// The hash of its source (``CachedPage/sourceHash``), which names its terms.
        var sourceHash: String
        var title: String
        var headings: [CachedPage.Heading]
        /// Where its ``PageSearchData/encoded`` is kept (see ``CachedPage/search``).
        var search: ContentLocation?
        var hasPageEntry: Bool
    }

    /// Paths of the files, relative to the output folder, `search/index.js` last.
    private(set) var paths: [String] = []
    /// Those given to `write`, in the same order.
    private(set) var staged: [String] = []
    /// The hash of each file's content (see ``fileHash(_:)``), by path.
    private(set) var hashes: [String: UInt64] = [:]
    /// The first file that could not be written.
    private(set) var failure: String?

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

    /// The index of `pages` (in any order), labelled with `hash`, and the state to keep
    /// for the next build (``SearchIndexState``): the dictionary of `previous` (the state
    /// kept by the last build, if any), patched with the terms of the pages that are new
    /// or changed since, read from the pack files in `packs`. The state is `nil` when a
    /// page's terms could not be read.
    ///
    /// Files go to `write`, but for those that `inPlace` (path → hash of the content, see
    /// ``fileHash(_:)``) says are already in place with the same content.
    static func make(
        pages unsorted: [Page], hash: String, previous: SearchIndexState?, inPlace: [String: UInt64] = [:],
        packs: URL, jobs: Int?, write: (_ path: String, _ text: String) -> Bool
    ) async -> (index: SearchIndex, state: SearchIndexState?) {
        let pages = unsorted.sorted { $0.output < $1.output }
        var kept: [UInt64: (first: Int64, entries: UInt32)] = [:]
        var oldCount: Int64 = 0
        for page in previous?.pages ?? [] {
            kept[page.id] = (oldCount, page.entries)
            oldCount += Int64(page.entries)
        }
        var map = SearchEntryMap(oldCount: oldCount)
        var changed: [SearchPostings.Source] = []
        var statePages: [SearchIndexState.Page] = []
        var total: UInt32 = 0
        var lastKept: Int64 = -1
        for page in pages {
            let entries = UInt32(page.headings.count) + (page.hasPageEntry ? 1 : 0)
            let id = SearchIndexState.id(output: page.output, sourceHash: page.sourceHash)
            statePages.append(SearchIndexState.Page(id: id, entries: entries))
            if let old = kept[id], old.entries == entries, old.first > lastKept {
                map.keep(Int64(entries), from: old.first, as: Int64(total))
                lastKept = old.first
            } else if let location = page.search {
                changed.append(SearchPostings.Source(location: location, firstEntry: total))
            }
            total += entries
        }
        let new = await SearchPostings.collect(changed, packs: packs, jobs: jobs)
        let dictionary = SearchDictionary.merging(previous?.dictionary ?? SearchDictionary(), mappedWith: map, new.dictionary)
        let index = SearchIndex(pages: pages, dictionary: dictionary, hash: hash, inPlace: inPlace, write: write)
        guard new.isComplete else { return (index, nil) }
        return (index, SearchIndexState(pages: statePages, dictionary: dictionary, hash: hash, files: index.hashes))
    }

    /// The index of `pages`, sorted by output path, whose terms are in `dictionary`: each
    /// file goes to `write` as soon as it is made, so that they are never all in memory,
    /// unless `inPlace` has its path with the hash of the same content.
    init(
        pages: [Page], dictionary: SearchDictionary, hash: String, inPlace: [String: UInt64] = [:],
        write: (_ path: String, _ text: String) -> Bool
    ) {
        func emit(_ path: String, _ text: String) {
            let contentHash = Self.fileHash(text)
            paths.append(path)
            hashes[path] = contentHash
            guard inPlace[path] != contentHash else { return }
            staged.append(path)
            if failure == nil, !write(path, text) { failure = path }
        }
        var shardStarts: [String] = []
        var shard: [UInt8] = []
        shard.reserveCapacity(Self.shardBytes * 2)
        var previous: [UInt8] = []
        func closeShard() {
            guard !shard.isEmpty else { return }
            let number = shardStarts.count - 1
            let text = "foldmarkSearch.terms(\(number),\"" + String(decoding: shard, as: UTF8.self) + "\");\n"
            emit("\(Self.folder)/t\(number).js", text)
            shard.removeAll(keepingCapacity: true)
        }
        for number in 0..<dictionary.count {
            dictionary.withTerm(number) { term, heading, body in
                if shard.isEmpty {
                    shardStarts.append(String(decoding: term, as: UTF8.self))
                    previous.removeAll(keepingCapacity: true)
                }
                let (units, bytes) = Self.sharedPrefix(previous, term)
                shard.append(UInt8(ascii: "!"))
                shard.append(SearchNumbers.character(UInt32(units)))
                shard.append(contentsOf: UnsafeBufferPointer(rebasing: term[bytes...]))
                shard.append(UInt8(ascii: " "))
                shard.append(contentsOf: heading)
                shard.append(UInt8(ascii: " "))
                shard.append(contentsOf: body)
                previous.removeAll(keepingCapacity: true)
                previous.append(contentsOf: term)
            }
            if shard.count >= Self.shardBytes { closeShard() }
        }
        closeShard()

        var chunkStarts: [UInt32] = []
        var chunk: [UInt8] = []
        chunk.reserveCapacity(Self.chunkBytes * 2)
        func closeChunk() {
            guard !chunk.isEmpty else { return }
            let number = chunkStarts.count - 1
            emit(
                "\(Self.folder)/d\(number).js",
                "foldmarkSearch.entries(\(number),[" + String(decoding: chunk, as: UTF8.self) + "]);\n")
            chunk.removeAll(keepingCapacity: true)
        }
        var total: UInt32 = 0
        for page in pages {
            if chunk.isEmpty {
                chunkStarts.append(total)
            } else {
                chunk.append(UInt8(ascii: ","))
                chunk.append(UInt8(ascii: "\n"))
            }
            Self.appendRow(for: page, to: &chunk)
            total += UInt32(page.headings.count) + (page.hasPageEntry ? 1 : 0)
            if chunk.count >= Self.chunkBytes { closeChunk() }
        }
        closeChunk()

        let index =
            Self.header(hash: hash, terms: shardStarts.count, chunks: chunkStarts.count)
            + "foldmarkSearch.index({\"terms\":[" + shardStarts.map(JSONText.quoted).joined(separator: ",")
            + "],\"chunks\":[" + chunkStarts.map(String.init).joined(separator: ",") + "],\"count\":\(total)});\n"
        emit("\(Self.folder)/index.js", index)
    }

    /// A hash of a file's content, to tell whether the file in place is the same.
    static func fileHash(_ text: String) -> UInt64 {
        var hash = StableHash()
        hash.combine(text)
        return hash.value
    }

    /// How much of `term` repeats the start of `previous`, in UTF-16 code units as
    /// JavaScript counts them (at most 44, one ``SearchNumbers`` digit) and in bytes:
    /// whole characters only, so that a surrogate pair is never split.
    static func sharedPrefix(_ previous: [UInt8], _ term: UnsafeBufferPointer<UInt8>) -> (units: Int, bytes: Int) {
        var common = 0
        let limit = min(previous.count, term.count)
        while common < limit, previous[common] == term[common] { common += 1 }
        var units = 0
        var bytes = 0
        while bytes < common {
            let lead = term[bytes]
            let length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
            let width = length == 4 ? 2 : 1
            guard bytes + length <= common, units + width <= 44 else { break }
            units += width
            bytes += length
        }
        return (units, bytes)
    }

    /// Appends a page's entries as a JSON array (see the type's documentation).
    static func appendRow(for page: Page, to text: inout [UInt8]) {
        var path = page.output
        if path.hasSuffix(".html") { path.removeLast(5) }
        let title = page.title.flatLine
        text.append(UInt8(ascii: "["))
        JSONText.appendQuoted(Self.needsNoPercentEncoding(path) ? path : OutputPath.percentEncoded(path), to: &text)
        text.append(UInt8(ascii: ","))
        JSONText.appendQuoted(title, to: &text)
        text.append(contentsOf: page.hasPageEntry ? ",1".utf8 : ",0".utf8)
        for heading in page.headings {
            let headingTitle = heading.title.flatLine
            text.append(UInt8(ascii: ","))
            JSONText.appendQuoted(isSimpleSlug(heading.id, of: headingTitle) ? "" : heading.id, to: &text)
            text.append(UInt8(ascii: ","))
            JSONText.appendQuoted(headingTitle == title ? "" : headingTitle, to: &text)
            text.append(UInt8(ascii: ","))
            text.append(contentsOf: String(heading.level).utf8)
        }
        text.append(UInt8(ascii: "]"))
    }

    /// Whether ``OutputPath/percentEncoded(_:)`` leaves `path` as it is: ASCII letters,
    /// digits and `!$&'()*+,-./:=@_~` only. Most paths are, and the check is cheap.
    static func needsNoPercentEncoding(_ path: String) -> Bool {
        path.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "&")...UInt8(ascii: "/"), UInt8(ascii: "!"),
                UInt8(ascii: "$"), UInt8(ascii: ":"), UInt8(ascii: "="), UInt8(ascii: "@"), UInt8(ascii: "_"),
                UInt8(ascii: "~"):
                true
            default: false
            }
        }
    }

    /// Whether `id` is ``simpleSlug(_:)`` of `title`, found without making the slug.
    static func isSimpleSlug(_ id: String, of title: String) -> Bool {
        var id = id.utf8.makeIterator()
        for byte in title.utf8 {
            let slug: UInt8
            switch byte {
            case 0x80...: return false
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): slug = byte + 32
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"),
                UInt8(ascii: "-"):
                slug = byte
            case UInt8(ascii: " "): slug = UInt8(ascii: "-")
            default: continue
            }
            guard id.next() == slug else { return false }
        }
        return id.next() == nil
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
        // Most titles are ASCII with no line break, which a look at the bytes tells.
        if utf8.allSatisfy({ $0 < 0x80 && !(0x0A...0x0D).contains($0) }) { return self }
        return contains(where: \.isNewline) ? String(map { $0.isNewline ? " " : $0 }) : self
    }
}
