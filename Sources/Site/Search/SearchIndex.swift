import Basics
import FoundationEssentials
import Sections

#if canImport(Glibc)
    import Glibc
#endif

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
        var kept: [UInt64: (first: Int64, entries: UInt32, row: Range<Int>)] = [:]
        var oldCount: Int64 = 0
        var rowStart = previous?.rows.startIndex ?? 0
        for page in previous?.pages ?? [] {
            kept[page.id] = (oldCount, page.entries, rowStart..<(rowStart + page.rowLength))
            oldCount += Int64(page.entries)
            rowStart += page.rowLength
        }
        var map = SearchEntryMap(oldCount: oldCount)
        var changed: [SearchPostings.Source] = []
        // The old records of the pages replaced, to read the terms that list their entries.
        var replaced: [SearchPostings.Source] = []
        var keptCount = 0
        var statePages: [SearchIndexState.Page] = []
        var rows: [UInt8] = []
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
        let new = await SearchPostings.collect(
            changed, packs: packs, written: written, jobs: jobs,
            recover: recover.map { recover -> @Sendable (Int) -> [UInt8]? in { [pages] page in recover(pages[page]) } })
        // A cancelled build (Ctrl-C) publishes nothing: no files are made.
        if BuildInterruption.isRequested { return (SearchIndex(), nil) }
        // Every page of the last index that is not kept was replaced by a page whose old
        // record could be read: only the terms of those records lose entries.
        var dropped: SearchDictionary?
        if let previous, keptCount + replaced.count == previous.pages.count, map.isShiftFree {
            replaced.sort { $0.firstEntry < $1.firstEntry }
            let old = await SearchPostings.collect(replaced, packs: packs, jobs: 1)
            if old.isComplete { dropped = old.dictionary }
        }
        let dictionary: SearchDictionary
        if let dropped, let previous {
            // Shift-free, so a replaced page's entries are numbered as they were: a term whose
            // lines agree lost and regained the same entries, and is left as it is.
            let (lost, gained) = SearchDictionary.withoutCommonLines(dropped, new.dictionary)
            dictionary = SearchDictionary.merging(previous.dictionary, mappedWith: map, gained, touching: lost)
        } else {
            dictionary = await SearchDictionary.merging(
                previous?.dictionary ?? SearchDictionary(), mappedWith: map, new.dictionary, jobs: jobs)
        }
        let index = SearchIndex(
            pages: statePages, rows: rows, dictionary: dictionary, hash: hash, inPlace: inPlace, previous: previous,
            write: write)
        guard new.isComplete else { return (index, nil) }
        let state = SearchIndexState(
            pages: statePages, rows: rows[...], dictionary: dictionary, hash: hash, files: index.hashes,
            shards: index.shards)
        return (index, state)
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
        var files = Files(inPlace: inPlace, capacity: 2 * max(Self.shardBytes, Self.chunkBytes))
        let old = Kept(previous, inPlace: inPlace)
        var shardStarts: [String] = []
        dictionary.walkTerms { index, term, heading, body, before in
            var previous = before
            if files.isEmpty {
                let number = shardStarts.count
                shardStarts.append(String(decoding: term, as: UTF8.self))
                shards.terms.append(index)
                let path = "\(Self.folder)/t\(number).js"
                if let (count, hash) = old.shard(number, path: path, in: dictionary, at: index) {
                    files.keep(path, hash: hash)
                    return index + count
                }
                files.start("foldmarkSearch.terms(\(number),\"")
                previous = UnsafeBufferPointer(start: nil, count: 0)
            }
            let (units, bytes) = Self.sharedPrefix(previous, term)
            files.append(UInt8(ascii: "!"))
            files.append(SearchNumbers.character(UInt32(units)))
            files.append(UnsafeBufferPointer(rebasing: term[bytes...]))
            files.append(UInt8(ascii: " "))
            files.append(heading)
            files.append(UInt8(ascii: " "))
            files.append(body)
            if files.count >= Self.shardBytes {
                files.finish("\(Self.folder)/t\(shardStarts.count - 1).js", tail: "\");\n", write: write)
            }
            return index + 1
        }
        if !files.isEmpty { files.finish("\(Self.folder)/t\(shardStarts.count - 1).js", tail: "\");\n", write: write) }

        var chunkStarts: [UInt32] = []
        var total: UInt32 = 0
        rows.withUnsafeBufferPointer { rows in
            var page = 0
            var rowStart = 0
            while page < pages.count {
                if files.isEmpty {
                    let number = chunkStarts.count
                    chunkStarts.append(total)
                    shards.pages.append(page)
                    let path = "\(Self.folder)/d\(number).js"
                    if let (count, hash) = old.chunk(number, path: path, of: pages, rows: rows, at: page, rowStart) {
                        files.keep(path, hash: hash)
                        for skipped in page..<(page + count) {
                            rowStart += pages[skipped].rowLength
                            total += pages[skipped].entries
                        }
                        page += count
                        continue
                    }
                    files.start("foldmarkSearch.entries(\(number),[")
                } else {
                    files.append(UInt8(ascii: ","))
                    files.append(UInt8(ascii: "\n"))
                }
                files.append(UnsafeBufferPointer(rebasing: rows[rowStart..<(rowStart + pages[page].rowLength)]))
                rowStart += pages[page].rowLength
                total += pages[page].entries
                page += 1
                if files.count >= Self.chunkBytes {
                    files.finish("\(Self.folder)/d\(chunkStarts.count - 1).js", tail: "]);\n", write: write)
                }
            }
        }
        if !files.isEmpty { files.finish("\(Self.folder)/d\(chunkStarts.count - 1).js", tail: "]);\n", write: write) }

        files.start(
            Self.header(hash: hash, terms: shardStarts.count, chunks: chunkStarts.count)
                + "foldmarkSearch.index({\"terms\":[" + shardStarts.map(JSONText.quoted).joined(separator: ",")
                + "],\"chunks\":[" + chunkStarts.map(String.init).joined(separator: ",") + "],\"count\":\(total)});\n")
        files.finish("\(Self.folder)/index.js", tail: "", write: write)
        paths = files.paths
        staged = files.staged
        hashes = files.hashes
        kept = files.kept
        failure = files.failure
    }

    /// The files of a previous index that are in place, to tell which of them an index can
    /// keep as they are.
    private struct Kept {
        private let previous: SearchIndexState?
        private let inPlace: [String: UInt64]
        /// Where each page's row starts in the previous index's rows, with their end last.
        private var rowStarts: [Int] = []

        init(_ previous: SearchIndexState?, inPlace: [String: UInt64]) {
            self.previous = previous
            self.inPlace = inPlace
            guard let previous, !inPlace.isEmpty else { return }
            rowStarts.reserveCapacity(previous.pages.count + 1)
            var start = 0
            for page in previous.pages {
                rowStarts.append(start)
                start += page.rowLength
            }
            rowStarts.append(start)
        }

        /// The previous index, the first item (term or page) of its file `number`, the number
        /// of items the file holds and the file's hash, if it is in place at `path` as the
        /// previous index made it and as many items from `index` on are among the `total`
        /// items now. `firsts` are the first items of the previous index's files, and
        /// `previousTotal` its number of items.
        private func file(
            _ number: Int, path: String, firsts: KeyPath<Shards, [Int]>, previousTotal: Int, at index: Int, total: Int
        ) -> (previous: SearchIndexState, first: Int, count: Int, hash: UInt64)? {
            guard let previous, let hash = inPlace[path], previous.files[path] == hash else { return nil }
            let firsts = previous.shards[keyPath: firsts]
            guard number < firsts.count else { return nil }
            // The last file ended where the items did; it must again.
            let isLast = number == firsts.count - 1
            let first = firsts[number]
            let count = (isLast ? previousTotal : firsts[number + 1]) - first
            guard first >= 0, count > 0, first + count <= previousTotal, index + count <= total,
                !isLast || index + count == total
            else { return nil }
            return (previous, first, count, hash)
        }

        /// The number of terms of term shard `number` and its file's hash, if the file can
        /// stay as it is when the shard starts at term `index` of `dictionary`.
        func shard(_ number: Int, path: String, in dictionary: SearchDictionary, at index: Int) -> (Int, UInt64)? {
            guard
                let (previous, first, count, hash) = file(
                    number, path: path, firsts: \.terms, previousTotal: previous?.dictionary.count ?? 0, at: index,
                    total: dictionary.count),
                dictionary.lines(index..<(index + count), equal: previous.dictionary, first..<(first + count))
            else { return nil }
            return (count, hash)
        }

        /// The number of pages of entry chunk `number` and its file's hash, if the file can
        /// stay as it is when the chunk starts at page `index` of `pages`, whose rows are
        /// `rows` (that page's starting at `rowStart`).
        func chunk(
            _ number: Int, path: String, of pages: [SearchIndexState.Page], rows: UnsafeBufferPointer<UInt8>,
            at index: Int, _ rowStart: Int
        ) -> (Int, UInt64)? {
            guard
                let (previous, first, count, hash) = file(
                    number, path: path, firsts: \.pages, previousTotal: previous?.pages.count ?? 0, at: index,
                    total: pages.count),
                (0..<count).allSatisfy({ pages[index + $0].rowLength == previous.pages[first + $0].rowLength })
            else { return nil }
            let length = rowStarts[first + count] - rowStarts[first]
            guard rowStart + length <= rows.count else { return nil }
            let same = previous.rows.withUnsafeBufferPointer { old in
                length == 0 || memcmp(rows.baseAddress! + rowStart, old.baseAddress! + rowStarts[first], length) == 0
            }
            return same ? (count, hash) : nil
        }
    }

    /// The files of the index as they are made, one at a time in one buffer: each is
    /// started with its head, filled, and finished with its tail, which hashes it and hands
    /// it to `write` unless it is in place. (A struct with mutating methods rather than
    /// local functions that capture variables: those would be checked for exclusive access
    /// at run time, term by term; and a buffer with one owner, appended to without a check
    /// that it is shared.)
    private struct Files: ~Copyable {
        private var file: UniqueBuffer<UInt8>
        /// Where the content after the head starts.
        private var bodyStart = 0
        let inPlace: [String: UInt64]
        var paths: [String] = []
        var staged: [String] = []
        var hashes: [String: UInt64] = [:]
        /// The files counted without being made (``keep(_:hash:)``).
        var kept: [String] = []
        var failure: WriteFailure?

        init(inPlace: [String: UInt64], capacity: Int) {
            self.inPlace = inPlace
            file = UniqueBuffer(capacity: capacity)
        }

        /// Whether no file is being made.
        var isEmpty: Bool { file.count == 0 }

        /// The bytes of the file's content so far, its head left out.
        var count: Int { file.count - bodyStart }

        mutating func start(_ head: String) {
            var head = head
            head.withUTF8 { file.append(contentsOf: $0) }
            bodyStart = file.count
        }

        @inline(__always)
        mutating func append(_ byte: UInt8) { file.append(byte) }

        @inline(__always)
        mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) { file.append(contentsOf: bytes) }

        /// Counts the file at `path` as made, with the content it has (whose hash is `hash`),
        /// without making it.
        mutating func keep(_ path: String, hash: UInt64) {
            paths.append(path)
            hashes[path] = hash
            kept.append(path)
        }

        mutating func finish(
            _ path: String, tail: String, write: (_ path: String, _ bytes: UnsafeRawBufferPointer) -> Bool
        ) {
            var tail = tail
            tail.withUTF8 { file.append(contentsOf: $0) }
            let bytes = UnsafeRawBufferPointer(file.buffer)
            let hash = StableHash(contentsOf: bytes).value
            paths.append(path)
            hashes[path] = hash
            if inPlace[path] != hash {
                staged.append(path)
                if failure == nil, !write(path, bytes) { failure = WriteFailure(path: path) }
            }
            file.removeAll()
            bodyStart = 0
        }
    }
}
