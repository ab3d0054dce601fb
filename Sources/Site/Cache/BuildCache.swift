import Basics
import FoundationEssentials

/// The cache of earlier builds of one output folder, kept beside it in
/// `.foldmark-cache/<output folder's name>/`: an index of ``CachedPage`` records and
/// pack files with the rendered content of the pages (see ``ContentPacks``).
///
/// Everything in it is keyed so that it can never serve a stale page: the whole cache
/// counts only for the same foldmark version, theme, configuration, build options and set
/// of source files (links are rewritten against that set); a page's record and content
/// only for the same bytes of its source. The index is replaced only after a build
/// succeeded, and each build appends to new pack files, so a failed or interrupted build
/// cannot pair a record with content it did not write.
///
/// Nor is anything in it believed that does not verify (see ``Checksum``): the index's
/// header (which counts its records), each record, each journal entry, the list of sources
/// and each page's content in the packs. A record that does not is dropped and its page
/// built again; a header, journal or list of sources that does not drops the whole cache.
/// What was dropped is noted in ``damage``, which the build reports in one warning.
///
/// Its state is set here, where the cache is read; its extensions look records up
/// (`BuildCache+Lookup.swift`) and save the cache (`+Saving`).
struct BuildCache: Sendable {
    static let folderName = ".foldmark-cache"
    static let formatVersion = "foldmark-cache 10"

    let folder: URL
    /// What this build found damaged in the cache, from the reading of it on.
    let damage: CacheDamage
    private(set) var key: String
    /// The part of ``key`` that is not the set of sources (see ``settingsKey(site:settings:version:)``).
    private(set) var settingsKey = ""
    /// The sources of the build that made the cache, when they were not this build's (a
    /// page, file or folder added, removed or renamed) but everything else the key holds
    /// is the same: its records are then kept, and a page's is used only if its links
    /// lead where they led (see ``PagePass``). `nil` when the cache was made from these
    /// sources, or is not used.
    private(set) var earlierSources: Sources?
    /// The sources of this build, written beside the index when it is written under a key
    /// other than the one read (see ``Sources``).
    private(set) var sources = Sources()
    private(set) var writesSources = false
    /// The records of the last successful build with the same key, in the order of the
    /// index (which is the order in which that build handed them to ``prepareSave(_:state:)``),
    /// and each source's place among them: a build that changed nothing is found by
    /// comparing each of its records with the one at the same place, by identity, instead
    /// of looking up each.
    private(set) var records: [CachedPage] = []
    private(set) var places: [String: Int] = [:]
    /// What the last build knew of the whole site; `nil` when there was no usable index.
    private(set) var siteState: SiteState?
    /// Pack files present when the cache was read.
    private(set) var packs: Set<String> = []
    /// ``packs`` as a list, to look through when there are few.
    private(set) var packList: [String] = []
    /// The index and its journal as read, one after the other, and where each of
    /// ``records`` lies in them: a record that a build keeps unchanged is copied into a
    /// rewritten index, not encoded again.
    private(set) var index = Data()
    private(set) var recordRanges: [Range<Int>] = []
    /// The generation of the index (see ``CacheJournal``), and the sizes of the index and of
    /// the journal: a build appends the records it changed to the
    /// journal while it stays small next to the index.
    private(set) var generation: String?
    private(set) var indexSize = 0
    private(set) var journalSize = 0

    let packFolder: URL
    /// How many cores may encode the index (see ``indexParts(_:state:)``).
    let jobs: Int?
    static let indexFileName = "index"
    var indexFile: URL { folder.appending(path: Self.indexFileName) }
    var journalFile: URL { folder.appending(path: CacheJournal.fileName) }

    /// The cache of an output folder as read (``read(output:jobs:)``), before the key it
    /// must have been made under is known: a build reads it while it lists the sources, on
    /// which the key depends.
    struct Reading: Sendable {
        fileprivate var cache: BuildCache
        /// The keys its index and journal were made under: one, or the cache is of no use.
        fileprivate var keys: Set<String> = []
        /// Their ``settingsKey``s.
        fileprivate var settingsKeys: Set<String> = []
    }

    /// The pages, files and folders under `Content/` that a cache was made from: a page's
    /// links are rewritten by what they lead to, so a page taken from a cache made from
    /// other sources must have links that lead where they led then. Kept in the cache's
    /// folder (`sources`), a ``ChecksummedFile``: a line with the format and the cache's
    /// key, then a path a line, each after a letter for its kind.
    struct Sources: Sendable {
        var pages: [String] = []
        var assets: [String] = []
        var folders: [String] = []

        static let fileName = "sources"
        static let version = "foldmark-sources 1"
    }

    /// The cache read, if it was made under `key`; else one as empty as a first build's,
    /// unless it was made from other sources under the same `settingsKey`: its records are
    /// then kept, with the sources they were made from (``earlierSources``), if those were
    /// recorded. `sources` are this build's.
    init(_ reading: Reading, key: String, settingsKey: String = "", sources: Sources = Sources()) {
        if reading.keys == [key] {
            self = reading.cache
        } else if !settingsKey.isEmpty, reading.keys.count == 1, reading.settingsKeys == [settingsKey],
            let earlier = Sources(
                reading: reading.cache.folder.appending(path: Sources.fileName), key: reading.keys.first!,
                damage: reading.cache.damage)
        {
            self = reading.cache
            earlierSources = earlier
        } else {
            self = BuildCache(folder: reading.cache.folder, jobs: reading.cache.jobs, damage: reading.cache.damage)
        }
        self.key = key
        self.settingsKey = settingsKey
        self.sources = sources
        writesSources = reading.keys != [key]
    }

    private init(folder: URL, jobs: Int?, damage: CacheDamage) {
        self.folder = folder
        packFolder = folder.appending(path: "packs")
        key = ""
        self.jobs = jobs
        self.damage = damage
    }

    /// A hash of what `stat` says of the files of the cache in `folder` that every build
    /// that changes a page writes: its index and journal (see ``BuildStamp``).
    static func filesIdentity(in folder: URL) -> UInt64 {
        var hash = StableHash()
        for name in [indexFileName, CacheJournal.fileName] {
            guard let identity = SourceIdentity(path: folder.appending(path: name).path) else {
                hash.combine(separator: 0)
                continue
            }
            hash.combine(separator: 1)
            hash.combine(identity)
        }
        return hash.value
    }

    /// The cache folder of the output folder `output`.
    static func folder(for output: URL) -> URL {
        output.deletingLastPathComponent().appending(path: folderName).appending(path: output.lastPathComponent)
    }

    /// Reads the cache of `output` whatever key it was made under (see ``Reading``),
    /// decoding its records on up to `jobs` of Dispatch's threads. What does not verify is
    /// noted in `damage`, which the cache keeps.
    static func read(output: URL, jobs: Int? = nil, damage: CacheDamage = CacheDamage()) -> Reading {
        var reading = Reading(cache: BuildCache(folder: folder(for: output), jobs: jobs, damage: damage))
        reading.cache.load(keys: &reading.keys, settingsKeys: &reading.settingsKeys)
        return reading
    }

    /// What an index's or a journal entry's header says, if it verifies (see ``header(_:)``).
    private struct Header {
        var state: SiteState
        var generation: String
        var key: String
        var settingsKey: String
        /// The number of records after it.
        var records: Int
    }

    /// The index as split on its records, before they are decoded.
    private struct Split {
        var state: SiteState
        var generation: String
        var journalSize: Int
        /// The records' ranges, the index's first, then the journal's.
        var ranges: [Range<Int>]
        /// How many of `ranges` are the index's, and how many records its header counts.
        var indexRanges: Int
        var indexRecords: Int
        var keys: Set<String>
        var settingsKeys: Set<String>
    }

    private mutating func load(keys: inout Set<String>, settingsKeys: inout Set<String>) {
        packList = (try? FileManager.default.contentsOfDirectory(atPath: packFolder.path)) ?? []
        packs = Set(packList)
        // The journal first, to be read into the index's buffer behind it.
        var journal = Data()
        var journalPayloads: [Range<Int>] = []
        if case .success(let read) = FileIO.read(journalFile.path), !read.isEmpty {
            // A damaged journal leaves no usable cache (see ``CacheJournal``).
            guard let found = read.withUnsafeBytes(CacheJournal.payloads(of:)) else { return damage.dropWholeCache() }
            journal = read
            journalPayloads = found
        }
        guard case .success(let data) = FileIO.map(indexFile.path, then: journal) else { return }
        let base = data.count - journal.count
        let payloads = journalPayloads.map { ($0.lowerBound + base)..<($0.upperBound + base) }
        var isDamaged = false
        let split = data.withUnsafeBytes { raw -> Split? in
            let all = raw.bindMemory(to: UInt8.self)
            var records = ByteFields(UnsafeBufferPointer(rebasing: all[..<base]), separator: CachedPage.recordSeparator)
            guard let first = records.next() else { return nil }
            let header: Header
            switch Self.header(first) {
            case .current(let found): header = found
            // An index of another foldmark is not damaged, only of no use.
            case .otherVersion: return nil
            case .damaged:
                isDamaged = true
                return nil
            }
            var split = Split(
                state: header.state, generation: header.generation, journalSize: all.count - base, ranges: [],
                indexRanges: 0, indexRecords: header.records, keys: [header.key], settingsKeys: [header.settingsKey])
            while let range = records.nextRange() { split.ranges.append(range) }
            split.indexRanges = split.ranges.count
            for payload in payloads {
                var entry = ByteFields(
                    UnsafeBufferPointer(rebasing: all[payload]), separator: CachedPage.recordSeparator)
                let entryHeader: Header
                switch entry.next().map(Self.header) {
                case .current(let found)?:
                    entryHeader = found
                // Left from before the index was rewritten (maybe under another key or by
                // another foldmark): the index holds all it said.
                case .otherVersion?: continue
                case .damaged?, nil:
                    isDamaged = true
                    return nil
                }
                if entryHeader.generation != header.generation { continue }
                split.state = entryHeader.state
                split.keys.insert(entryHeader.key)
                split.settingsKeys.insert(entryHeader.settingsKey)
                while let range = entry.nextRange() {
                    split.ranges.append(
                        (range.lowerBound + payload.lowerBound)..<(range.upperBound + payload.lowerBound))
                }
            }
            return split
        }
        guard let split else {
            if isDamaged { damage.dropWholeCache() }
            return
        }
        let ranges = split.ranges
        let workers = Parallel.workers(for: ranges.count, jobs: jobs)
        // The records name the packs by these strings, whichever thread decoded them: a
        // comparison of two names then finds one string, not two alike (the records of
        // two threads alternate, and the build compares the names of every record).
        let listed = packList
        let decoded = Parallel.mapOnThreads(workers) { worker in
            data.withUnsafeBytes { raw in
                let bytes = raw.bindMemory(to: UInt8.self)
                var packNames = listed
                return stride(from: worker, to: ranges.count, by: workers).map { index in
                    CachedPage(
                        decoding: UnsafeBufferPointer(rebasing: bytes[ranges[index]]), packs: &packNames,
                        storage: data[ranges[index]])
                }
            }
        }
        records.reserveCapacity(ranges.count)
        recordRanges.reserveCapacity(ranges.count)
        places.reserveCapacity(ranges.count)
        // The records that verified, of the index's and of the journal's: the index's header
        // counts its own, so that one cut short is found out as well as a record changed.
        var intact = (index: 0, journal: 0)
        // In the order of the ranges (worker `w` decoded every `workers`-th from `w`): a record
        // of the journal replaces the one before it, at its place.
        for index in ranges.indices {
            guard let page = decoded[index % workers][index / workers] else { continue }
            if index < split.indexRanges { intact.index += 1 } else { intact.journal += 1 }
            // One lookup of the path, not two: a string's hash costs hundreds of
            // instructions, for every page of the site.
            if let place = places.updateValue(records.count, forKey: page.source) {
                places[page.source] = place
                records[place] = page
                recordRanges[place] = ranges[index]
            } else {
                records.append(page)
                recordRanges.append(ranges[index])
            }
        }
        damage.dropRecords(
            max(split.indexRecords - intact.index, 0) + (ranges.count - split.indexRanges - intact.journal))
        keys = split.keys
        settingsKeys = split.settingsKeys
        siteState = split.state
        index = data
        generation = split.generation
        indexSize = base
        journalSize = split.journalSize
    }

    private static func fields(ofHeader header: UnsafeBufferPointer<UInt8>) -> [String] {
        var fields = ByteFields(header, separator: CachedPage.fieldSeparator)
        var texts: [String] = []
        while let field = fields.next() { texts.append(String(decoding: field, as: UTF8.self)) }
        return texts
    }

    /// What a header is: of this format and intact, of another foldmark's format (whose
    /// cache is of no use, but not damaged), or neither.
    private enum HeaderReading {
        case current(Header)
        case otherVersion
        case damaged
    }

    /// The header in `bytes`: its fields are the format, key, site state, generation,
    /// settings key and number of records, then its checksum.
    private static func header(_ bytes: UnsafeBufferPointer<UInt8>) -> HeaderReading {
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

    /// What the whole cache depends on besides each page's own bytes: its `settingsKey`
    /// (``settingsKey(site:settings:version:)``) and the set of sources.
    static func key(settingsKey: String, sources: SourceTree) -> String {
        var hash = StableHash(settingsKey)
        for path in sources.pages + sources.assets + sources.folders { hash.combine(path) }
        return hash.hex
    }

    /// What the cache depends on but for the set of sources: the version, theme, and the
    /// settings that reach a page.
    static func settingsKey(site: SiteFolder, settings: PageSettings, version: String) -> String {
        var hash = StableHash(version)
        for name in site.theme.files.keys.sorted() {
            hash.combine(name)
            hash.combine(site.theme.files[name]!)
        }
        settings.combine(into: &hash)
        return hash.hex
    }
}
