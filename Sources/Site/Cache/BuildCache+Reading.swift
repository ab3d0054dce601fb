import Basics
import FoundationEssentials

/// The steps of reading the index and its journal (see ``BuildCache`` and ``CacheJournal``):
/// the journal is read, the index mapped with the journal behind it, the bytes split on
/// their records under the headers that verify, the records decoded on several threads,
/// and those of the journal put in place of the index's.
extension BuildCache {
    /// What an index's or a journal entry's header says, if it verifies (see ``header(_:)``).
    fileprivate struct Header {
        var state: SiteState
        var generation: String
        var key: String
        var settingsKey: String
        /// The number of records after it.
        var records: Int
    }

    /// What a header is: of this format and intact, of another foldmark's format (whose
    /// cache is of no use, but not damaged), or neither.
    fileprivate enum HeaderReading {
        case current(Header)
        case otherVersion
        case damaged
    }

    /// The index as split on its records, before they are decoded.
    struct Split {
        var state: SiteState
        var generation: String
        var journalSize: Int
        /// The records' ranges, the index's first, then the journal's.
        var ranges: [Range<Int>] = []
        /// How many of `ranges` are the index's, and how many records its header counts.
        var indexRanges = 0
        var indexRecords: Int
        var keys: Set<String>
        var settingsKeys: Set<String>

        /// The split of an index under `header`, before its records are added.
        fileprivate init(index header: Header, journalSize: Int) {
            state = header.state
            generation = header.generation
            self.journalSize = journalSize
            indexRecords = header.records
            keys = [header.key]
            settingsKeys = [header.settingsKey]
        }

        /// Adds the records of the journal entry at `payload` of `bytes`, if the entry applies
        /// to this index; `false` if the entry is damaged.
        fileprivate mutating func addEntry(_ payload: Range<Int>, of bytes: UnsafeBufferPointer<UInt8>) -> Bool {
            var entry = ByteFields(UnsafeBufferPointer(rebasing: bytes[payload]), separator: CachedPage.recordSeparator)
            let header: Header
            switch entry.next().map(BuildCache.header) {
            case .current(let found)?:
                header = found
            // Left from before the index was rewritten (maybe under another key or by
            // another foldmark): the index holds all it said.
            case .otherVersion?: return true
            case .damaged?, nil: return false
            }
            if header.generation != generation { return true }
            state = header.state
            keys.insert(header.key)
            settingsKeys.insert(header.settingsKey)
            while let range = entry.nextRange() {
                ranges.append((range.lowerBound + payload.lowerBound)..<(range.upperBound + payload.lowerBound))
            }
            return true
        }
    }

    /// The records of a ``Split`` as decoded by several workers: worker `w` decoded every
    /// `workers`-th from `w`, and `nil` is a record that did not verify.
    struct DecodedRecords {
        var workers: Int
        var runs: [[CachedPage?]]

        subscript(index: Int) -> CachedPage? { runs[index % workers][index / workers] }
    }

    /// The records that verified, a source's last, in the order of the index, each source's
    /// place among them, and each record's range in the bytes read.
    struct ReadRecords {
        var records: [CachedPage] = []
        var places: [String: Int] = [:]
        var ranges: [Range<Int>] = []
    }

    /// The journal in `file` and its entries' payloads, as ranges of it; empty if there is
    /// none, `nil` if it is damaged.
    static func readJournal(_ file: URL) -> (bytes: Data, payloads: [Range<Int>])? {
        guard case .success(let read) = FileIO.read(file.path), !read.isEmpty else { return (Data(), []) }
        guard let payloads = read.withUnsafeBytes(CacheJournal.payloads(of:)) else { return nil }
        return (read, payloads)
    }

    /// `data`, the index's `indexSize` bytes then the journal whose entries' `payloads` are
    /// given as ranges of the journal, split on its records; `nil` if the index is empty, of
    /// another foldmark, or damaged (noted in `damage`), or a journal entry is damaged.
    static func split(_ data: Data, indexSize base: Int, journal payloads: [Range<Int>], damage: CacheDamage)
        -> Split?
    {
        var isDamaged = false
        let split = data.withUnsafeBytes { raw -> Split? in
            let all = raw.bindMemory(to: UInt8.self)
            var records = ByteFields(UnsafeBufferPointer(rebasing: all[..<base]), separator: CachedPage.recordSeparator)
            guard let first = records.next() else { return nil }
            var split: Split
            switch header(first) {
            case .current(let header): split = Split(index: header, journalSize: all.count - base)
            // An index of another foldmark is not damaged, only of no use.
            case .otherVersion: return nil
            case .damaged:
                isDamaged = true
                return nil
            }
            while let range = records.nextRange() { split.ranges.append(range) }
            split.indexRanges = split.ranges.count
            for payload in payloads {
                guard split.addEntry((payload.lowerBound + base)..<(payload.upperBound + base), of: all) else {
                    isDamaged = true
                    return nil
                }
            }
            return split
        }
        if isDamaged { damage.dropWholeCache() }
        return split
    }

    /// The records at `ranges` of `data`, decoded on up to `jobs` of Dispatch's threads.
    static func decode(_ data: Data, at ranges: [Range<Int>], packs: [String], jobs: Int?) -> DecodedRecords {
        let workers = Parallel.workers(for: ranges.count, jobs: jobs)
        // The records name the packs by these strings, whichever thread decoded them: a
        // comparison of two names then finds one string, not two alike (the records of
        // two threads alternate, and the build compares the names of every record).
        let runs = Parallel.mapOnThreads(workers) { worker in
            data.withUnsafeBytes { raw in
                let bytes = raw.bindMemory(to: UInt8.self)
                var packNames = packs
                return stride(from: worker, to: ranges.count, by: workers).map { index in
                    CachedPage(
                        decoding: UnsafeBufferPointer(rebasing: bytes[ranges[index]]), packs: &packNames,
                        storage: data[ranges[index]])
                }
            }
        }
        return DecodedRecords(workers: workers, runs: runs)
    }

    /// The records of `split` that verified, those of the journal in place of those they
    /// replace; how many were dropped is noted in `damage`.
    static func merge(_ decoded: DecodedRecords, of split: Split, damage: CacheDamage) -> ReadRecords {
        let ranges = split.ranges
        var read = ReadRecords()
        read.records.reserveCapacity(ranges.count)
        read.ranges.reserveCapacity(ranges.count)
        read.places.reserveCapacity(ranges.count)
        // The records that verified, of the index's and of the journal's: the index's header
        // counts its own, so that one cut short is found out as well as a record changed.
        var intact = (index: 0, journal: 0)
        // In the order of the ranges: a record of the journal replaces the one before it, at
        // its place.
        for index in ranges.indices {
            guard let page = decoded[index] else { continue }
            if index < split.indexRanges { intact.index += 1 } else { intact.journal += 1 }
            // One lookup of the path, not two: a string's hash costs hundreds of
            // instructions, for every page of the site.
            if let place = read.places.updateValue(read.records.count, forKey: page.source) {
                read.places[page.source] = place
                read.records[place] = page
                read.ranges[place] = ranges[index]
            } else {
                read.records.append(page)
                read.ranges.append(ranges[index])
            }
        }
        damage.dropRecords(
            max(split.indexRecords - intact.index, 0) + (ranges.count - split.indexRanges - intact.journal))
        return read
    }

    private static func fields(ofHeader header: UnsafeBufferPointer<UInt8>) -> [String] {
        var fields = ByteFields(header, separator: CachedPage.fieldSeparator)
        var texts: [String] = []
        while let field = fields.next() { texts.append(String(decoding: field, as: UTF8.self)) }
        return texts
    }

    /// The header in `bytes`: its fields are the format, key, site state, generation,
    /// settings key and number of records, then its checksum.
    fileprivate static func header(_ bytes: UnsafeBufferPointer<UInt8>) -> HeaderReading {
        if let verified = Checksum.verified(bytes, separator: CachedPage.fieldSeparator) {
            let texts = fields(ofHeader: verified)
            if texts.count == 7, texts[0] == formatVersion, let records = Int(texts[6]), records >= 0 {
                return .current(
                    Header(
                        state: SiteState(navigation: texts[2], links: texts[3]), generation: texts[4], key: texts[1],
                        settingsKey: texts[5], records: records))
            }
        }
        var fields = ByteFields(bytes, separator: CachedPage.fieldSeparator)
        let format = fields.next().map { String(decoding: $0, as: UTF8.self) } ?? ""
        return format.hasPrefix("foldmark-cache ") && format != formatVersion ? .otherVersion : .damaged
    }
}
