import Basics
import FoundationEssentials

extension BuildCache {
    /// A save of the cache whose bytes are made but not yet written. A build makes one with
    /// ``prepareSave(_:state:)`` while it publishes, and writes it with ``finishSave(_:)``
    /// once the output is in place.
    ///
    /// Saving `pages`, made under `state`, deletes the pack files no record refers to. When
    /// most of the bytes in the packs belong to no page any more, the live content is
    /// copied into one new pack first.
    ///
    /// The records that changed are appended to the journal while it stays under a
    /// quarter of the index (or ``smallJournal``); otherwise the index is rewritten whole, with a new generation,
    /// and the journal removed. If neither can be written, the cache is removed: an index
    /// left as it was would no longer describe the output.
    struct PendingSave: Sendable {
        fileprivate enum Bytes {
            case none
            case journal([UInt8])
            /// The header, then runs of records (see ``indexParts(_:state:)``).
            case index([[UInt8]])
        }
        fileprivate var bytes: Bytes
        fileprivate var pages: [CachedPage]
        fileprivate var state: SiteState
    }

    /// The first half of a save: compacts the packs if that is due, and makes the journal
    /// entry or the new index, writing nothing that the cache reads. Does nothing when the
    /// records and state are those it read.
    func prepareSave(_ pages: [CachedPage], state: SiteState) async -> PendingSave {
        if earlierSources == nil, siteState == state, pages.count == records.count,
            zip(pages, records).allSatisfy(==) || pages.allSatisfy({ record($0.source) == $0 })
        {
            return PendingSave(bytes: .none, pages: [], state: state)
        }
        var pages = pages
        compactIfWasteful(&pages)
        if let entry = journalEntry(pages, state: state) {
            return PendingSave(bytes: .journal(entry), pages: pages, state: state)
        }
        return PendingSave(bytes: .index(await indexParts(pages, state: state)), pages: pages, state: state)
    }

    /// Writes what ``prepareSave(_:state:)`` made: the journal entry (or, should it not be
    /// appended, a new index) and removes the packs no record refers to.
    func finishSave(_ pending: PendingSave) async {
        let written: Bool
        switch pending.bytes {
        case .none:
            return
        case .journal(let entry):
            if CacheJournal.append(entry, to: journalFile.path) {
                written = true
            } else {
                written = writeIndex(await indexParts(pending.pages, state: pending.state))
            }
        case .index(let parts):
            written = writeIndex(parts)
        }
        if written {
            let kept = Self.packs(of: pending.pages)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: packFolder.path)) ?? []
            for name in names where !kept.contains(name) {
                try? FileManager.default.removeItem(at: packFolder.appending(path: name))
            }
        } else {
            try? FileManager.default.removeItem(at: indexFile)
            try? FileManager.default.removeItem(at: journalFile)
        }
    }

    /// The header of an index or journal entry of `records` records (see ``header(_:)``).
    private func header(_ state: SiteState, generation: String, records: Int) -> [UInt8] {
        var bytes = Array(
            [Self.formatVersion, key, state.navigation, state.links, generation, settingsKey, String(records)].joined(
                separator: String(UnicodeScalar(CachedPage.fieldSeparator))
            ).utf8)
        Checksum.append(to: &bytes, separator: CachedPage.fieldSeparator)
        return bytes
    }

    /// The size up to which a journal is kept whatever the size of the index.
    static let smallJournal = 4096

    /// The journal entry of the records that changed, if the index read holds every other
    /// page and the journal stays small.
    private func journalEntry(_ pages: [CachedPage], state: SiteState) -> [UInt8]? {
        // (An index made from other sources is under another key: it is written anew.)
        guard let generation, earlierSources == nil, pages.count == records.count else { return nil }
        var writer = RecordWriter(capacity: 4096)
        var count = 0
        for (place, page) in pages.enumerated() {
            // (Most records are the one at their place; the others are looked up.)
            if place < records.count && records[place] == page { continue }
            let old = record(page.source)
            if old == page { continue }
            guard old != nil, writer.record(page) else { return nil }
            count += 1
        }
        let entry = CacheJournal.entry(
            payload: header(state, generation: generation, records: count) + writer.bytes.array)
        guard journalSize + entry.count <= max(indexSize / 4, Self.smallJournal) else { return nil }
        return entry
    }

    /// The bytes of an index of `pages`, under a new generation: its header, then runs of
    /// pages encoded on several cores, in order. They are written one after the other, not
    /// joined: the index is the largest thing a build still holds at its end.
    private func indexParts(_ pages: [CachedPage], state: SiteState) async -> [[UInt8]] {
        // Several runs a core, handed out as cores come free: the index is made while the
        // build ends, when a core may still be busy elsewhere, and a run per core left the
        // last one on one core.
        let worthRuns = pages.count / Self.pagesPerRun + 1
        let workers = Parallel.workers(for: worthRuns, jobs: jobs)
        let runs = workers == 1 ? 1 : min(worthRuns, 8 * workers)
        let perRun = (pages.count + runs - 1) / runs
        let parts = await Parallel.map(runs, jobs: workers, chunk: 1) { run, _ in
            records(of: pages[min(run * perRun, pages.count)..<min((run + 1) * perRun, pages.count)])
        }
        let count = parts.reduce(0) { $0 + $1.count }
        let header = header(state, generation: String(UInt64.random(in: 0...UInt64.max), radix: 16), records: count)
        return [header] + parts.map(\.bytes)
    }

    /// Below this many pages a run of ``indexParts(_:state:)`` is not worth another core.
    private static let pagesPerRun = 512

    /// The records of `pages`, each after a record separator, and how many: a record that
    /// was read and is unchanged is copied from the index (with its checksum), the others
    /// are encoded.
    private func records(of pages: ArraySlice<CachedPage>) -> (bytes: [UInt8], count: Int) {
        var writer = RecordWriter(capacity: pages.count * (index.count / max(records.count, 1) + 512))
        var count = 0
        index.withUnsafeBytes { raw in
            let old = raw.bindMemory(to: UInt8.self)
            for page in pages {
                if let place = places[page.source], records[place] == page {
                    writer.record(encoded: UnsafeBufferPointer(rebasing: old[recordRanges[place]]))
                    count += 1
                } else if writer.record(page) {
                    count += 1
                }
                // (A record that cannot be written, a text holding a separator, is dropped.)
            }
        }
        return (writer.bytes.array, count)
    }

    /// Replaces the index with `parts`, one after the other, and removes the journal;
    /// whether the index was written.
    private func writeIndex(_ parts: [[UInt8]]) -> Bool {
        // The sources first: they name the index's key, which they must be of to be used.
        if writesSources { sources.write(to: folder.appending(path: Sources.fileName), key: key) }
        guard (try? AtomicFile.write(parts: parts, to: indexFile)) != nil else { return false }
        // Its entries name the old generation: should this fail, they are ignored.
        try? FileManager.default.removeItem(at: journalFile)
        return true
    }

    /// The pack files that `pages` refer to. Most records name the pack of the record
    /// before them, which is not hashed again.
    private static func packs(of pages: [CachedPage]) -> Set<String> {
        var packs: Set<String> = []
        var last = ("", "")
        for page in pages {
            let names = (page.content?.pack ?? "", page.search?.pack ?? "")
            if names == last { continue }
            last = names
            if !names.0.isEmpty { packs.insert(names.0) }
            if !names.1.isEmpty { packs.insert(names.1) }
        }
        return packs
    }

    private func compactIfWasteful(_ pages: inout [CachedPage]) {
        let live = pages.reduce(0) { $0 + ($1.content?.length ?? 0) + ($1.search?.length ?? 0) }
        let used = Self.packs(of: pages)
        let total = used.reduce(0) { sum, pack in sum + (FileIO.size(packFolder.appending(path: pack).path) ?? 0) }
        guard total - live > max(live, 16 << 20) else { return }
        let tag = "compacted-\(ProcessInfo.processInfo.processIdentifier)-\(UInt64(Date().timeIntervalSince1970 * 1e6))"
        guard let pack = try? ContentPacks(folder: packFolder, tag: tag, workers: 1) else { return }
        var reader = PackReader(folder: packFolder)
        defer { reader.close() }
        // As bytes: a search record is not UTF-8 (a `String` would repair it).
        func move(_ location: ContentLocation?) -> ContentLocation? {
            guard let location else { return nil }
            var moved: ContentLocation?
            _ = reader.read(location) { moved = pack.append(UnsafeRawBufferPointer($0), worker: 0) }
            return moved
        }
        var compacted = pages
        for index in compacted.indices {
            if let moved = move(compacted[index].content) { compacted[index].content = moved }
            if let moved = move(compacted[index].search) { compacted[index].search = moved }
        }
        // The new locations count only once the new pack is complete.
        if pack.close() { pages = compacted }
    }
}
