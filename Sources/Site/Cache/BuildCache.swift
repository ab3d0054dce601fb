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
/// Its state is set here, where the cache is read; its extensions split the index read
/// (`BuildCache+Reading.swift`), look records up (`+Lookup`) and save the cache (`+Saving`).
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

    /// Reads the index and its journal, noting in `damage` what does not verify, and the
    /// keys they were made under.
    private mutating func load(keys: inout Set<String>, settingsKeys: inout Set<String>) {
        packList = (try? FileManager.default.contentsOfDirectory(atPath: packFolder.path)) ?? []
        packs = Set(packList)
        // The journal first, to be read into the index's buffer behind it. A damaged journal
        // leaves no usable cache (see ``CacheJournal``).
        guard let journal = Self.readJournal(journalFile) else { return damage.dropWholeCache() }
        guard case .success(let data) = FileIO.map(indexFile.path, then: journal.bytes) else { return }
        let base = data.count - journal.bytes.count
        guard let split = Self.split(data, indexSize: base, journal: journal.payloads, damage: damage) else { return }
        let decoded = Self.decode(data, at: split.ranges, packs: packList, jobs: jobs)
        let read = Self.merge(decoded, of: split, damage: damage)
        records = read.records
        places = read.places
        recordRanges = read.ranges
        keys = split.keys
        settingsKeys = split.settingsKeys
        siteState = split.state
        index = data
        generation = split.generation
        indexSize = base
        journalSize = split.journalSize
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
