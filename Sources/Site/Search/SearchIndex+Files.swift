import Basics
import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// The making of the index's files, one after the other: the term shards, the entry
/// chunks, then `search/index.js` (see ``SearchIndex``).
extension SearchIndex {
    /// The files that ``makeFiles(pages:rows:dictionary:hash:inPlace:previous:write:)``
    /// made or kept, as ``SearchIndex`` lists them, and where it cut the terms and pages.
    struct MadeFiles {
        var paths: [String]
        var staged: [String]
        var hashes: [String: UInt64]
        var kept: [String]
        var failure: WriteFailure?
        var shards: Shards
    }

    /// Makes the files of the index of `pages`, as
    /// ``init(pages:rows:dictionary:hash:inPlace:previous:write:)`` describes: the term
    /// shards, the entry chunks and the manifest, one after the other in one buffer.
    static func makeFiles(
        pages: [SearchIndexState.Page], rows: [UInt8], dictionary: SearchDictionary, hash: String,
        inPlace: [String: UInt64], previous: SearchIndexState?,
        write: (_ path: String, _ bytes: UnsafeRawBufferPointer) -> Bool
    ) -> MadeFiles {
        var files = Files(inPlace: inPlace, capacity: 2 * max(Self.shardBytes, Self.chunkBytes))
        let old = Kept(previous, inPlace: inPlace)
        var shards = Shards()
        let shardStarts = writeTermShards(of: dictionary, to: &files, keeping: old, shards: &shards, write: write)
        let (chunkStarts, total) = writeEntryChunks(
            of: pages, rows: rows, to: &files, keeping: old, shards: &shards, write: write)
        writeManifest(
            to: &files, hash: hash, shardStarts: shardStarts, chunkStarts: chunkStarts, total: total, write: write)
        return MadeFiles(
            paths: files.paths, staged: files.staged, hashes: files.hashes, kept: files.kept, failure: files.failure,
            shards: shards)
    }

    /// Makes the term shards of `dictionary` (`search/t<N>.js`) in `files`, but for those
    /// that `old` can keep as they are, and records where each starts in `shards`; returns
    /// the first term of each.
    private static func writeTermShards(
        of dictionary: SearchDictionary, to files: inout Files, keeping old: Kept, shards: inout Shards,
        write: (_ path: String, _ bytes: UnsafeRawBufferPointer) -> Bool
    ) -> [String] {
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
        return shardStarts
    }

    /// Makes the entry chunks of `pages` (`search/d<N>.js`), whose rows are `rows`, in
    /// `files`, but for those that `old` can keep as they are, and records where each
    /// starts in `shards`; returns the first entry of each, and the number of entries.
    private static func writeEntryChunks(
        of pages: [SearchIndexState.Page], rows: [UInt8], to files: inout Files, keeping old: Kept,
        shards: inout Shards, write: (_ path: String, _ bytes: UnsafeRawBufferPointer) -> Bool
    ) -> (chunkStarts: [UInt32], total: UInt32) {
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
        return (chunkStarts, total)
    }

    /// Makes `search/index.js`, labelled with `hash`, which lists the first term of each
    /// term shard and the first entry of each entry chunk.
    private static func writeManifest(
        to files: inout Files, hash: String, shardStarts: [String], chunkStarts: [UInt32], total: UInt32,
        write: (_ path: String, _ bytes: UnsafeRawBufferPointer) -> Bool
    ) {
        files.start(
            Self.header(hash: hash, terms: shardStarts.count, chunks: chunkStarts.count)
                + "foldmarkSearch.index({\"terms\":[" + shardStarts.map(JSONText.quoted).joined(separator: ",")
                + "],\"chunks\":[" + chunkStarts.map(String.init).joined(separator: ",") + "],\"count\":\(total)});\n")
        files.finish("\(Self.folder)/index.js", tail: "", write: write)
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
