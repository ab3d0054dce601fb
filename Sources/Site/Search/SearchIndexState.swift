import Basics
import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// What the last search index of an output folder was made from, kept in its build cache
/// (`search`) so that the next build patches the ``SearchDictionary`` instead of reading
/// every page's terms again: a one-page edit then reads one record.
///
/// It names each page by a hash of its output path and source hash, so it describes
/// itself: it holds good whatever happened to the cache's index since, and is only ever
/// used for the same cache key (configuration, theme, version, set of sources) and index
/// format. The file is `<version> <format> <key>\n`, the ``Checksum`` of the whole file but
/// this line (``checksum(_:)``) as a line, `<index hash> <number of files>\n`,
/// a line `<path> <content hash>` per file, a line with the number of the first term of
/// each term shard and one with that of the first page of each entry chunk (each number
/// followed by a space), the number of pages, a line
/// `<page hash> <entries> <row length>` per page in entry order, the rows, then the
/// dictionary's lines.
struct SearchIndexState: Sendable {
    static let fileName = "search"
    static let version = "foldmark-search-state 4"

    struct Page: Sendable, Equatable {
        var id: UInt64
        var entries: UInt32
        /// The length of its row in ``rows``.
        var rowLength: Int
    }

    var pages: [Page]
    /// Each page's entry row (see ``SearchIndex/appendRow(for:to:)``), one after the other:
    /// a page that stays has the same row.
    var rows: ArraySlice<UInt8>
    var dictionary: SearchDictionary
    /// The hash the index was labelled with (see ``SearchIndex/header(hash:terms:chunks:)``),
    /// and the hash of each of its files' content (``StableHash/combine(contentsOf:)``) by path:
    /// when the output folder holds the index with that label, it holds these files, and
    /// a file made again with the same content need not be written.
    var hash: String
    var files: [String: UInt64]
    /// Where each term shard (`search/t<N>.js`) and each entry chunk (`search/d<N>.js`)
    /// starts among the terms and the pages: the next build need not make again a file
    /// whose terms, or pages, are all as they were (see ``SearchIndex/init(pages:rows:dictionary:hash:inPlace:previous:write:)``).
    var shards: SearchIndex.Shards

    init(
        pages: [Page], rows: ArraySlice<UInt8>, dictionary: SearchDictionary, hash: String, files: [String: UInt64],
        shards: SearchIndex.Shards
    ) {
        self.pages = pages
        self.rows = rows
        self.dictionary = dictionary
        self.hash = hash
        self.files = files
        self.shards = shards
    }

    /// The name of a page for ``pages``: its output path and the hash of its source.
    static func id(output: String, sourceHash: String) -> UInt64 {
        var hash = StableHash(output)
        hash.combine(sourceHash)
        return hash.value
    }

    private static func header(key: String) -> String { "\(version) \(SearchIndex.formatVersion) \(key)\n" }

    /// The checksum of a state's parts: its first line, and what follows the checksum's
    /// line up to the rows, the rows, and the dictionary's lines (as the file is written).
    private static func checksum(_ parts: [UnsafeBufferPointer<UInt8>]) -> UInt64 {
        Checksum.of(parts: parts)
    }

    /// The length of a checksum's line: 16 digits and a line break.
    private static let checksumLine = Checksum.digits + 1

    /// The length of the first line of a state of this version, and the checksum on the
    /// line after it; `nil` if `data` does not start so.
    private static func firstLines(of data: Data) -> (Int, UInt64)? {
        guard data.starts(with: (version + " ").utf8),
            let end = data.prefix(4096).firstIndex(of: UInt8(ascii: "\n")).map({ $0 - data.startIndex }),
            data.count >= end + 1 + checksumLine, data[data.startIndex + end + checksumLine] == UInt8(ascii: "\n")
        else { return nil }
        let start = data.startIndex + end + 1
        let digits = [UInt8](data[start..<(start + Checksum.digits)])
        guard let checksum = digits.withUnsafeBufferPointer(Digits.hex16) else { return nil }
        return (end + 1, checksum)
    }

    /// The state in `file`, if it is one made for `key`. One that does not verify is
    /// noted in `damage`.
    init?(reading file: URL, key: String, damage: CacheDamage? = nil) {
        // (A build that finds its index in place has no use for the state; it stops here.)
        // Mapped rather than read: the dictionary, most of the file, stays where it is (see
        // ``SearchDictionary/init(lines:from:)-(Data,_)``). The file is only ever replaced.
        guard !Task.isCancelled, case .success(let data) = FileIO.map(file.path), !Task.isCancelled else { return nil }
        guard let (firstLine, checksum) = Self.firstLines(of: data) else {
            // Another foldmark's state is of no use, but not damaged.
            if !(data.starts(with: "foldmark-search-state ".utf8) && !data.starts(with: (Self.version + " ").utf8)) {
                damage?.dropSearchState()
            }
            return nil
        }
        let head = data.withUnsafeBytes { raw -> Head? in
            let bytes = raw.assumingMemoryBound(to: UInt8.self)
            var reader = Reader(bytes: bytes, index: firstLine + Self.checksumLine)
            guard let head = reader.head() else { return nil }
            // Checked whatever key the state was made for: a damaged key must not pass for
            // another build's.
            let parts = [
                0..<firstLine, (firstLine + Self.checksumLine)..<head.rowsStart, head.rowsStart..<head.dictionaryStart,
            ].map { UnsafeBufferPointer(rebasing: bytes[$0]) }
            let whole = parts + [UnsafeBufferPointer(rebasing: bytes[head.dictionaryStart...])]
            return Self.checksum(whole) == checksum ? head : nil
        }
        guard let head else {
            damage?.dropSearchState()
            return nil
        }
        guard data.prefix(firstLine).elementsEqual(Self.header(key: key).utf8),
            let dictionary = SearchDictionary(lines: data, from: head.dictionaryStart)
        else { return nil }
        self.pages = head.pages
        self.rows = data.withUnsafeBytes { ArraySlice($0[head.rowsStart..<head.dictionaryStart]) }
        self.dictionary = dictionary
        self.hash = head.hash
        self.files = head.files
        self.shards = head.shards
    }

    /// What a state's file holds between its checksum's line and the rows, and where the
    /// rows and the dictionary start.
    private struct Head {
        var hash: String
        var files: [String: UInt64] = [:]
        var shards = SearchIndex.Shards()
        var pages: [Page] = []
        var rowsStart = 0
        var dictionaryStart = 0
    }

    /// Reads the lines of a state's file from `index` on.
    private struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        var index: Int

        /// The lines from the index's hash to the rows; `nil` if they are not those of a
        /// state (or its rows would end past the file).
        mutating func head() -> Head? {
            guard let indexHash = word(), let fileCount = number(radix: 10, until: UInt8(ascii: "\n")),
                fileCount < 10_000_000
            else { return nil }
            var head = Head(hash: indexHash)
            for _ in 0..<fileCount {
                guard let path = word(), let contentHash = number(radix: 16, until: UInt8(ascii: "\n")) else {
                    return nil
                }
                head.files[path] = contentHash
            }
            guard let firstTerms = numbers(), let firstPages = numbers() else { return nil }
            head.shards = SearchIndex.Shards(terms: firstTerms, pages: firstPages)
            guard let count = number(radix: 10, until: UInt8(ascii: "\n")), count < 100_000_000 else { return nil }
            // (A line per page, of at least six bytes.)
            head.pages.reserveCapacity(min(Int(count), bytes.count / 6))
            for _ in 0..<count {
                guard let id = number(radix: 16, until: UInt8(ascii: " ")),
                    let entries = number(radix: 10, until: UInt8(ascii: " ")), entries < UInt32.max,
                    let rowLength = number(radix: 10, until: UInt8(ascii: "\n")), rowLength < Int.max / 2
                else { return nil }
                head.pages.append(Page(id: id, entries: UInt32(entries), rowLength: Int(rowLength)))
            }
            head.rowsStart = index
            head.dictionaryStart = head.pages.reduce(index) { $0 + $1.rowLength }
            return head.dictionaryStart <= bytes.count ? head : nil
        }

        mutating func number(radix: UInt64, until end: UInt8) -> UInt64? {
            var value: UInt64 = 0
            let start = index
            while index < bytes.count, bytes[index] != end {
                guard let digit = SearchIndexState.digit(bytes[index], radix: radix) else { return nil }
                value = value &* radix &+ digit
                index += 1
            }
            guard index < bytes.count, index > start, index - start <= 16 else { return nil }
            index += 1
            return value
        }

        mutating func word() -> String? {
            let start = index
            while index < bytes.count, bytes[index] > 0x20 { index += 1 }
            guard index < bytes.count, index > start, bytes[index] == UInt8(ascii: " ") else { return nil }
            index += 1
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<(index - 1)]), as: UTF8.self)
        }

        /// A line of decimal numbers, each followed by a space.
        mutating func numbers() -> [Int]? {
            var list: [Int] = []
            while index < bytes.count, bytes[index] != UInt8(ascii: "\n") {
                guard let value = number(radix: 10, until: UInt8(ascii: " ")), value < UInt32.max else {
                    return nil
                }
                list.append(Int(value))
            }
            guard index < bytes.count else { return nil }
            index += 1
            return list
        }
    }

    private static func digit(_ byte: UInt8, radix: UInt64) -> UInt64? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt64(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f") where radix == 16: UInt64(byte - UInt8(ascii: "a") + 10)
        default: nil
        }
    }

    /// Writes the state to `file` for `key`, replacing it whole; `false` if it cannot (and
    /// then there is no state).
    func write(to file: URL, key: String) -> Bool {
        // Written as bytes, digit by digit: a line per page, and a large site has thousands.
        let first = Array(Self.header(key: key).utf8)
        var head = Array("\(hash) \(files.count)\n".utf8)
        head.reserveCapacity(head.count + files.count * 48 + pages.count * 32)
        for (path, contentHash) in files.sorted(by: { $0.key < $1.key }) {
            head += path.utf8
            head.append(UInt8(ascii: " "))
            head.appendHex(contentHash, digits: 16)
            head.append(UInt8(ascii: "\n"))
        }
        for firsts in [shards.terms, shards.pages] {
            for first in firsts {
                head.appendDecimal(UInt64(first))
                head.append(UInt8(ascii: " "))
            }
            head.append(UInt8(ascii: "\n"))
        }
        head.appendDecimal(UInt64(pages.count))
        head.append(UInt8(ascii: "\n"))
        for page in pages {
            head.appendHex(page.id, digits: 16)
            head.append(UInt8(ascii: " "))
            head.appendDecimal(UInt64(page.entries))
            head.append(UInt8(ascii: " "))
            head.appendDecimal(UInt64(page.rowLength))
            head.append(UInt8(ascii: "\n"))
        }
        let checksum = first.withUnsafeBufferPointer { first in
            head.withUnsafeBufferPointer { head in
                rows.withUnsafeBufferPointer { rows in dictionary.withLines { Self.checksum([first, head, rows, $0]) } }
            }
        }
        var checksumLine: [UInt8] = []
        checksumLine.appendHex(checksum, digits: Checksum.digits)
        checksumLine.append(UInt8(ascii: "\n"))
        let temporary = file.deletingLastPathComponent().appending(path: ".\(file.lastPathComponent).foldmark-tmp")
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return false }
        func put(_ buffer: UnsafeBufferPointer<UInt8>) -> Bool {
            var done = 0
            while done < buffer.count {
                let count = Glibc.write(descriptor, buffer.baseAddress! + done, buffer.count - done)
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { return false }
                done += count
            }
            return true
        }
        let written =
            first.withUnsafeBufferPointer(put) && checksumLine.withUnsafeBufferPointer(put)
            && head.withUnsafeBufferPointer(put) && rows.withUnsafeBufferPointer(put) && dictionary.withLines(put)
        Glibc.close(descriptor)
        // The old state is removed first: renaming over a file makes ext4 allocate and
        // start writing out the new one's blocks at once (its `auto_da_alloc`), which keeps
        // a one-page edit of a large site waiting on the disk. Should the rename then fail, the
        // next build makes the index from every page's terms, as with no state.
        unlink(file.path)
        guard written, rename(temporary.path, file.path) == 0 else {
            try? FileManager.default.removeItem(at: temporary)
            return false
        }
        return true
    }
}
