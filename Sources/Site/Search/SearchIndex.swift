import Basics
import FoundationEssentials
import Sections

/// The site's search index, assembled after the first pass from the pages'
/// ``PageSearchData``, as JavaScript files for `Templates/search.js` (scripts load from
/// `file://` where `fetch` does not). A full build reads every page's terms
/// (``SearchPostings``); a later build patches the dictionary that the last one kept in
/// the build cache (``SearchIndexState``) with the terms of the pages that changed, and
/// writes only the files whose content changed. Either way the files are the same:
///
/// - `search/index.js`: `foldmarkSearch.index({...})` with the first term of each term
///   shard (`terms`), the first entry number of each entry chunk (`chunks`) and the
///   number of entries. Its first line is a comment with a hash of everything the index
///   was made from, so that a build that would make the same index skips it.
/// - `search/t<N>.js`: `foldmarkSearch.terms(N, "…")`, a run of the sorted dictionary.
///   Each term is `!`, one ``SearchNumbers`` digit for how many characters it shares with
///   the term before it, the rest of the term, ` `, the entries whose title holds it,
///   ` `, the entries whose text (or a title above them) holds it; both lists increasing,
///   as gaps (see ``SearchNumbers/write(_:to:)``).
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
        var headings: CachedPage.StoredHeadings
        /// Where its ``PageSearchData/encoded`` is kept (see ``CachedPage/search``).
        var search: ContentLocation?
        var hasPageEntry: Bool
        /// The last build's record of the same source, if the source changed since: its
        /// hash and where its terms are kept. Knowing every term that a page's old entries
        /// were listed under, the index patches only those terms' lists.
        var replaced: (sourceHash: String, search: ContentLocation)?
        /// Its source under `Content/`, to make its terms again from (see ``make``).
        var source = ""
    }

    /// Paths of the files, relative to the output folder, `search/index.js` last.
    private(set) var paths: [String] = []
    /// Those given to `write`, in the same order.
    private(set) var staged: [String] = []
    /// The hash of each file's content (``StableHash/combine(contentsOf:)``), by path.
    private(set) var hashes: [String: UInt64] = [:]
    /// The first file that could not be written, with the system's reason.
    private(set) var failure: WriteFailure?
    /// Where the terms and the pages were cut into files.
    private(set) var shards = Shards()
    /// The files found to be as the last index had them, whose content was not made again.
    private(set) var kept: [String] = []

    /// The number of the first term of each term shard, and of the first page of each entry
    /// chunk, in the order of the files' numbers: a file holds the items from its first to
    /// the next file's (to the last item for the last file).
    struct Shards: Sendable, Equatable {
        var terms: [Int] = []
        var pages: [Int] = []
    }

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

    /// The files of an index with `terms` shards of terms and `chunks` of entries, in the
    /// order ``init(pages:rows:dictionary:hash:inPlace:write:)`` makes them: the manifest
    /// lists them in that order, whether the index was made or found in place.
    static func paths(terms: Int, chunks: Int) -> [String] {
        (0..<terms).map { "\(folder)/t\($0).js" } + (0..<chunks).map { "\(folder)/d\($0).js" } + ["\(folder)/index.js"]
    }

    /// The index of `pages` (in any order), labelled with `hash`, and the state to keep
    /// for the next build (``SearchIndexState``): the dictionary of `previous` (the state
    /// kept by the last build, if any), patched with the terms of the pages that are new
    /// or changed since, read from the pack files in `packs` (those named `written` made by
    /// this build, see ``PackReader``). A page whose terms cannot be read from them, or are
    /// not as written, has them from `recover`. The state is `nil` when a page's terms
    /// could not be had.
    ///
    /// Files go to `write`, but for those that `inPlace` (path → hash of the content)
    /// says are already in place with the same content.
    static func make(
        pages unsorted: [Page], hash: String, previous: SearchIndexState?, inPlace: [String: UInt64] = [:],
        packs: URL, written: [String] = [], jobs: Int?, recover: (@Sendable (Page) -> [UInt8]?)? = nil,
        write: (_ path: String, _ bytes: UnsafeRawBufferPointer) -> Bool
    ) async -> (index: SearchIndex, state: SearchIndexState?) {
        // (By index: a pair of pages from `zip` is a copy of each, every string retained.)
        let isSorted = unsorted.indices.dropFirst().allSatisfy { unsorted[$0 - 1].output < unsorted[$0].output }
        let pages = isSorted ? unsorted : unsorted.sorted { $0.output < $1.output }
        var patch = Patch(pages: pages, previous: previous)
        let new = await SearchPostings.collect(
            patch.changed, packs: packs, written: written, jobs: jobs,
            recover: recover.map { recover -> @Sendable (Int) -> [UInt8]? in { [pages] page in recover(pages[page]) } })
        // A cancelled build (Ctrl-C) publishes nothing: no files are made.
        if BuildInterruption.isRequested { return (SearchIndex(), nil) }
        let dictionary = await patch.dictionary(previous: previous, new: new.dictionary, packs: packs, jobs: jobs)
        let index = SearchIndex(
            pages: patch.statePages, rows: patch.rows, dictionary: dictionary, hash: hash, inPlace: inPlace,
            previous: previous, write: write)
        guard new.isComplete else { return (index, nil) }
        let state = SearchIndexState(
            pages: patch.statePages, rows: patch.rows[...], dictionary: dictionary, hash: hash, files: index.hashes,
            shards: index.shards)
        return (index, state)
    }

    /// How the pages of a new index stand to those of the previous one: the pages kept as
    /// they were, whose entries the ``SearchEntryMap`` moves and whose rows are copied,
    /// and the others, whose terms are read again.
    private struct Patch {
        var map: SearchEntryMap
        /// The records of the pages new or changed, to read their terms.
        var changed: [SearchPostings.Source] = []
        /// The old records of the pages replaced, to read the terms that list their entries.
        var replaced: [SearchPostings.Source] = []
        var keptCount = 0
        var statePages: [SearchIndexState.Page] = []
        var rows: [UInt8] = []

        /// The patch of `previous` (if any) for `pages`, sorted by output.
        init(pages: [Page], previous: SearchIndexState?) {
            let (kept, oldCount) = Self.places(in: previous)
            map = SearchEntryMap(oldCount: oldCount)
            rows.reserveCapacity(previous?.rows.count ?? pages.count * 256)
            var total: UInt32 = 0
            var lastKept: Int64 = -1
            // Once, not in the loop, where binding the state copied it for every page. (A page
            // is in `kept` only when there is a previous state.)
            let previousRows = previous?.rows ?? []
            for index in pages.indices {
                let entries = UInt32(pages[index].headings.count) + (pages[index].hasPageEntry ? 1 : 0)
                let id = SearchIndexState.id(output: pages[index].output, sourceHash: pages[index].sourceHash)
                let rowStart = rows.count
                if let old = kept[id], old.entries == entries, old.first > lastKept {
                    map.keep(Int64(entries), from: old.first, as: Int64(total))
                    lastKept = old.first
                    keptCount += 1
                    rows.append(contentsOf: previousRows[old.row])
                } else {
                    if let location = pages[index].search {
                        changed.append(SearchPostings.Source(location: location, firstEntry: total, page: index))
                    }
                    if let (sourceHash, location) = pages[index].replaced,
                        let old = kept[SearchIndexState.id(output: pages[index].output, sourceHash: sourceHash)]
                    {
                        replaced.append(SearchPostings.Source(location: location, firstEntry: UInt32(old.first)))
                    }
                    appendRow(for: pages[index], to: &rows)
                }
                statePages.append(SearchIndexState.Page(id: id, entries: entries, rowLength: rows.count - rowStart))
                total += entries
            }
        }

        /// Where each page of `previous` was, by its ``SearchIndexState/id(output:sourceHash:)``:
        /// its first entry, its number of entries and its row; and the number of entries.
        private static func places(in previous: SearchIndexState?) -> (
            [UInt64: (first: Int64, entries: UInt32, row: Range<Int>)], Int64
        ) {
            var kept: [UInt64: (first: Int64, entries: UInt32, row: Range<Int>)] = [:]
            var oldCount: Int64 = 0
            var rowStart = previous?.rows.startIndex ?? 0
            for page in previous?.pages ?? [] {
                kept[page.id] = (oldCount, page.entries, rowStart..<(rowStart + page.rowLength))
                oldCount += Int64(page.entries)
                rowStart += page.rowLength
            }
            return (kept, oldCount)
        }

        /// The dictionary of `previous` patched with `new`, the terms of the pages changed:
        /// from the terms of the records replaced alone when every page of the last index
        /// is kept or replaced, else from all its terms.
        mutating func dictionary(
            previous: SearchIndexState?, new: SearchDictionary, packs: URL, jobs: Int?
        ) async -> SearchDictionary {
            // Every page of the last index that is not kept was replaced by a page whose old
            // record could be read: only the terms of those records lose entries.
            var dropped: SearchDictionary?
            if let previous, keptCount + replaced.count == previous.pages.count, map.isShiftFree {
                replaced.sort { $0.firstEntry < $1.firstEntry }
                let old = await SearchPostings.collect(replaced, packs: packs, jobs: 1)
                if old.isComplete { dropped = old.dictionary }
            }
            if let dropped, let previous {
                // Shift-free, so a replaced page's entries are numbered as they were: a term whose
                // lines agree lost and regained the same entries, and is left as it is.
                let (lost, gained) = SearchDictionary.withoutCommonLines(dropped, new)
                return SearchDictionary.merging(previous.dictionary, mappedWith: map, gained, touching: lost)
            }
            return await SearchDictionary.merging(
                previous?.dictionary ?? SearchDictionary(), mappedWith: map, new, jobs: jobs)
        }
    }

    /// An index of no files, for a build that stops before making one.
    private init() {}

    /// The index of `pages` (their entries and rows, see ``appendRow(for:to:)``, in `rows`
    /// one after the other), whose terms are in `dictionary`: each file goes to `write` as
    /// soon as it is made, so that they are never all in memory, unless `inPlace` has its
    /// path with the hash of the same content.
    ///
    /// A file of the `previous` index that is in place is not made again when its terms'
    /// lines, or its pages' rows, are all as they were, byte for byte: a file is cut where
    /// its content first reaches a size, so the same content from the same first term (or
    /// page) makes the same file. (The last file of the previous index must also end where
    /// the terms, or pages, end.) An edit then compares the bytes it keeps instead of
    /// encoding and hashing every file of the index.
    init(
        pages: [SearchIndexState.Page], rows: [UInt8], dictionary: SearchDictionary, hash: String,
        inPlace: [String: UInt64] = [:], previous: SearchIndexState? = nil,
        write: (_ path: String, _ bytes: UnsafeRawBufferPointer) -> Bool
    ) {
        let made = Self.makeFiles(
            pages: pages, rows: rows, dictionary: dictionary, hash: hash, inPlace: inPlace, previous: previous,
            write: write)
        paths = made.paths
        staged = made.staged
        hashes = made.hashes
        kept = made.kept
        failure = made.failure
        shards = made.shards
    }
}
