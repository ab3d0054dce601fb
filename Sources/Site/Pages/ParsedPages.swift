import Basics
import FoundationEssentials

/// The pages of a build once they are parsed (see ``PagePass/parsePages()``): every
/// source read and parsed, or taken from the cache, its content rendered into the
/// cache's packs; and a generated index for each folder that has none.
struct ParsedPages: Sendable {
    /// The drafts left out.
    struct Drafts: Sendable {
        /// Their sources: a link to one is not broken.
        var sources: Set<String> = []
        /// Their records, which the cache keeps.
        var records: [CachedPage] = []
    }

    var table: PageTable
    var drafts = Drafts()
    /// The pages whose source is not known by a settled identity (see ``BuildStamp``).
    var unsettled: [BuildStamp.Unsettled] = []
    /// The names of the pack files this build wrote in the cache's pack folder, which only
    /// the cache index of a published build refers to.
    var packs: [String] = []
    /// The warnings and errors of the first pass, in page order, and its steps' times.
    var report = StageReport()

    /// Removes the packs this build wrote from `cache`'s pack folder.
    func removePacks(from cache: BuildCache) {
        for name in packs {
            try? FileManager.default.removeItem(at: cache.packFolder.appending(path: name))
        }
    }
}

extension PagePass {
    /// Parses every page on every core (see ``firstPass``), writing their content into
    /// packs of the cache; then, unless a page failed, adds the folders' indexes.
    func parsePages() async -> ParsedPages {
        progress?.start(.reading, pages: sources.pages.count)
        let workers = Parallel.workers(for: sources.pages.count, jobs: options.jobs)
        let tag = "\(ProcessInfo.processInfo.processIdentifier)-\(UInt64(Date().timeIntervalSince1970 * 1e6))"
        let packs: ContentPacks
        do {
            packs = try ContentPacks(folder: cache.packFolder, tag: tag, workers: workers)
        } catch {
            var parsed = ParsedPages(table: PageTable(capacity: 0))
            parsed.report.errors.append(
                SiteError(file: cache.packFolder.path, cannot: .writeBuildCache, error))
            return parsed
        }
        let sourceFolders = TaskStates(count: workers, { OpenFolder() }, close: { $0.close() })
        // Optional, so that each outcome can be moved out below (`take()`) rather than
        // copied, which would retain every string and array a page holds.
        var outcomes = await Parallel.map(sources.pages.count, jobs: options.jobs, chunk: Self.chunk) {
            [self] index, worker in
            defer { progress?.advance() }
            var warnings: [SiteWarning] = []
            let outcome = sourceFolders.with(worker) { openFolder in
                firstPass(
                    sources.pages[index], index: index, identity: sources.identities[index], packs: packs,
                    worker: worker, openFolder: &openFolder, warnings: &warnings)
            }
            return Optional((outcome, warnings))
        }
        let packsComplete = packs.close()
        var parsed = gather(&outcomes)
        parsed.packs = packs.names
        // A page whose content could not be written says so itself; what was still in a
        // pack's buffer fails here.
        if !packsComplete && parsed.report.errors.isEmpty {
            parsed.report.errors.append(
                SiteError(file: cache.packFolder.path, cannot: .writeBuildCache, code: packs.failure))
        }
        guard parsed.report.errors.isEmpty else { return parsed }
        progress?.start(.checking, pages: 0)
        let start = ContinuousClock.now
        parsed.table.addFolderIndexes()
        parsed.report.timings.append(("site", (ContinuousClock.now - start).seconds))
        return parsed
    }

    /// The pages of the first pass's `outcomes` (one per source, each taken out), in the
    /// order of the sources.
    private func gather(_ outcomes: inout [(FirstPass, [SiteWarning])?]) -> ParsedPages {
        // Room for the folder indexes too.
        var parsed = ParsedPages(table: PageTable(capacity: outcomes.count + sources.folders.count))
        var stepTimes = SIMD8<Double>()
        for index in outcomes.indices {
            guard let (outcome, warnings) = outcomes[index].take() else { continue }
            parsed.report.warnings += warnings
            switch outcome {
            case .page(let page, let record, let wasReused, let times):
                parsed.table.append(page, record: record, isReused: wasReused)
                stepTimes += times.seconds
                noteIdentity(of: record, at: index, in: &parsed.unsettled)
            case .draft(let record):
                parsed.drafts.sources.insert(sources.pages[index])
                parsed.drafts.records.append(record)
                noteIdentity(of: record, at: index, in: &parsed.unsettled)
            case .failed(let error):
                parsed.report.errors += error.allProblems
            }
        }
        parsed.report.timings = Self.firstPassSteps.indices.map { (Self.firstPassSteps[$0], stepTimes[$0]) }
        return parsed
    }

    /// Notes in `unsettled` a page whose record at `index` of the sources has no identity,
    /// or one that is not what the listing found: a record keeps an identity only when it
    /// was settled as the build started, and then it is the listing's (see ``firstPass``).
    private func noteIdentity(of record: CachedPage, at index: Int, in unsettled: inout [BuildStamp.Unsettled]) {
        if record.identity == nil || record.identity != sources.identities[index] {
            unsettled.append(BuildStamp.Unsettled(index: index, source: record.source, hash: record.sourceHash))
        }
    }
}
