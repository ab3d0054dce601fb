import Basics
import Sections

/// The pages of a build laid out (see ``PagePass/layOutPages(_:plan:theme:parsed:)``):
/// each page that needed it wrapped in the layout with its navigation and written into
/// the staging folder, and the cache's new index being made.
struct LaidOutPages: Sendable {
    /// The cache records of a build, to be saved once it is published.
    struct CacheSave: Sendable {
        /// The drafts' records, then the pages', in page order.
        var records: [CachedPage] = []
        /// The state of the site that `records` were made under.
        var state: SiteState
        /// What the cache will write of them, made while the build goes on (the site's extra
        /// files, the search index, publishing) rather than after it; `nil` when the layout
        /// failed or was interrupted.
        var pending: Task<BuildCache.PendingSave, Never>?

        /// What the cache will write: ``pending``, or else begun now.
        func prepared(in cache: BuildCache) -> Task<BuildCache.PendingSave, Never> {
            pending ?? Task { [records, state] in await cache.prepareSave(records, state: state) }
        }
    }

    /// Every page of the build, and those laid out into the staging folder.
    var files: StagedFiles
    var save: CacheSave
    /// The folders of the output whose every page was in place, as they were when that
    /// was found (see ``OutputFolders``).
    var outputFolders: [String: SourceIdentity]
    /// The pages that could not be laid out, and the time it took.
    var report: StageReport
}

extension PagePass {
    /// Lays out every page of `site` that `plan` finds not up to date, on every core (see
    /// ``secondPass``), with the `theme`'s files, reading the content from the cache's
    /// packs (those of the `parsed` pages written by this build). Then, unless a page
    /// failed, begins making the cache's new index of the records of the pages and of the
    /// drafts.
    func layOutPages(_ site: ResolvedSite, plan: LayoutPlan, theme: ThemeFiles, parsed: ParsedPages) async
        -> LaidOutPages
    {
        let start = ContinuousClock.now
        let pages = site.table.pages
        let records = site.table.records
        let reused = site.table.isReused
        let (packFolder, ownPacks) = (cache.packFolder, parsed.packs)
        let layoutTasks = TaskStates(
            count: Parallel.workers(for: pages.count, jobs: options.jobs),
            { (packs: PackReader(folder: packFolder, written: ownPacks), folder: OpenFolder()) },
            close: { task in
                task.packs.close()
                task.folder.close()
            })
        progress?.start(.writing, pages: pages.count)
        let outcomes = await Parallel.map(pages.count, jobs: options.jobs, chunk: Self.chunk) {
            [self] index, worker in
            defer { progress?.advance() }
            guard !plan.upToDate[index], let navigation = plan.navigation else {
                return Swift.Result<(CachedPage?, Bool), SiteError>.success((records[index], false))
            }
            if BuildInterruption.isRequested { return .failure(Self.interruption) }
            let record = records[index]
            return layoutTasks.with(worker) { task in
                secondPass(
                    pages[index], navigation: navigation, position: plan.positions[index], record: record,
                    isReused: reused[index], theme: theme, packs: &task.packs, openFolder: &task.folder)
            }.map { contextHash, staged, rebuilt in
                // The record with the navigation's hash, made here rather than one by one
                // below: setting a field copies all of them (most pages of a full build).
                guard var record, record.contextHash != contextHash || rebuilt else { return (record, staged) }
                record.contextHash = contextHash
                // Content made again from the source is in no pack: the next build parses
                // the page rather than read what this one could not.
                if rebuilt { record.content = nil }
                return (record, staged)
            }
        }
        progress?.finish()
        var laidOut = gather(outcomes, of: pages, drafts: parsed.drafts.records, state: site.state)
        laidOut.outputFolders = plan.folders.inPlace(plan.upToDate)
        laidOut.report.timings.append(("layout", (ContinuousClock.now - start).seconds))
        // The values of the layout go on another thread, or are kept to the exit (see
        // ``Leftovers``): freeing every page's outcome and the navigation here kept the end
        // of a one-page edit of a large site waiting, on one core while the other had nothing
        // to do.
        Leftovers.free((outcomes, plan))
        return laidOut
    }

    /// The pages of the layout's `outcomes` (one per page of `pages`, in order), with the
    /// records to save after the `drafts`' made under `state`.
    private func gather(
        _ outcomes: [Swift.Result<(CachedPage?, Bool), SiteError>], of pages: [SitePage], drafts: [CachedPage],
        state: SiteState
    ) -> LaidOutPages {
        var save = LaidOutPages.CacheSave(records: drafts, state: state)
        save.records.reserveCapacity(drafts.count + outcomes.count)
        var staged: [String] = []
        var report = StageReport()
        for (index, outcome) in outcomes.enumerated() {
            switch outcome {
            case .failure(let error): report.errors.append(error)
            case .success(let (record, isStaged)):
                if isStaged { staged.append(pages[index].output) }
                if let record { save.records.append(record) }
            }
        }
        // Not for a layout that failed or was interrupted, which publishes nothing: making
        // the cache's index may also compact its packs into a new one, which no index
        // would name.
        if report.errors.isEmpty && !BuildInterruption.isRequested {
            let (records, state) = (save.records, save.state)
            save.pending = Task { [cache] in await cache.prepareSave(records, state: state) }
        }
        let files = StagedFiles(outputs: pages.map(\.output), staged: staged)
        return LaidOutPages(files: files, save: save, outputFolders: [:], report: report)
    }
}
