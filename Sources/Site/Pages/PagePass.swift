import Basics
import FoundationEssentials
import Renderer
import Sections

/// The two parallel passes over the pages of a build (see ``SiteBuilder``), writing into
/// the staging folder.
struct PagePass: Sendable {
    var site: SiteFolder
    var sources: SourceTree
    var renderer: PageRenderer
    var staging: URL
    /// For ``BuildOptions/jobs``; what reaches a page comes from ``settings``.
    var options: BuildOptions
    var settings: PageSettings
    var cache: BuildCache
    /// The output folder, to tell whether a page that needs no work is still in place.
    var output: URL
    var progress: BuildProgress?
    /// When the build started, as ``SourceIdentity/settledTime()``: a source whose times are
    /// older keeps its identity in its record.
    var settledBefore: Int64
    // The folders' paths with a trailing `/`, to join with the relative path of each page:
    // cheaper than `URL.appending(path:)`.
    let contentPath: String
    let outputPath: String
    let stagingPath: String
    /// The last build's search index state, read as soon as a page is parsed.
    let searchStatePrefetch: SearchStatePrefetch
    /// How every page is parsed: made once, with the layout's ids keyed for the slugs
    /// (see `ParseOptions.reservedKeys`), not once for every page.
    let parseOptions: ParseOptions
    /// Where each page's links lead, among the sources of this build.
    let resolver: LinkResolver
    /// Where they led among the sources the cache was made from, when those were others
    /// (see ``BuildCache/earlierSources``): a page is taken from the cache only if its
    /// links lead where they led (see ``firstPass``).
    let earlierResolver: LinkResolver?

    init(
        site: SiteFolder, sources: SourceTree, renderer: PageRenderer, staging: URL, options: BuildOptions,
        settings: PageSettings, cache: BuildCache, output: URL, progress: BuildProgress?, settledBefore: Int64
    ) {
        self.site = site
        self.sources = sources
        self.renderer = renderer
        self.staging = staging
        self.options = options
        self.settings = settings
        self.cache = cache
        self.output = output
        self.progress = progress
        self.settledBefore = settledBefore
        contentPath = Self.folderPath(site.content)
        outputPath = Self.folderPath(output)
        stagingPath = Self.folderPath(staging)
        searchStatePrefetch = SearchStatePrefetch(
            file: cache.folder.appending(path: SearchIndexState.fileName), key: cache.key, damage: cache.damage)
        parseOptions = settings.parseOptions(reserving: renderer.layoutIDs)
        resolver = LinkResolver(pages: sources.pages, folders: sources.folders, assets: sources.assets)
        earlierResolver = cache.earlierSources.map { earlier in
            LinkResolver(pages: earlier.pages, folders: earlier.folders, assets: earlier.assets)
        }
    }

    struct Result {
        /// Files written into the staging folder, relative to it.
        var staged: [String] = []
        /// Every page of the build, staged or already up to date in the output folder.
        var outputs: [String] = []
        /// Pages that were up to date and not laid out again.
        var skipped = 0
        /// Pages taken from the cache instead of being parsed.
        var cached = 0
        /// The Markdown pages built (not drafts left out), each of which a build that finds
        /// nothing changed takes from the cache.
        var markdownPages = 0
        /// The pages whose source is not known by a settled identity (see ``BuildStamp``).
        var unsettled: [BuildStamp.Unsettled] = []
        /// The cache records of this build, to be saved once it is published.
        var records: [CachedPage] = []
        /// The state of the site that `records` were made under.
        var state = SiteState(navigation: "", links: "")
        /// The folders of the output whose every page was in place, as they were when
        /// that was found (see ``OutputFolders``).
        var outputFolders: [String: SourceIdentity] = [:]
        /// The search index's state for the next build, to be written into the cache.
        var searchState: SearchStateWrite?
        /// The names of the pack files this pass wrote in the cache's pack folder, which only
        /// the cache index of a published build refers to.
        var packs: [String] = []
        /// What the cache will write of `records` and `state`, made while the pass ends
        /// (the site's extra files, the search index) rather than after it.
        var pendingSave: Task<BuildCache.PendingSave, Never>?
        var errors: [SiteError] = []
        var warnings: [SiteError] = []
        var drafts = 0
        var pageCount = 0
        var timings: [(String, Double)] = []
    }

    /// How many consecutive pages a task of a pass takes at a time (see
    /// ``Parallel/map(_:jobs:chunk:_:)``): enough that the two tasks of a two-core build
    /// seldom write into one folder at once.
    static let chunk = 32

    func run() async -> Result {
        var result = Result()
        progress?.start(.reading, pages: sources.pages.count)
        let workers = Parallel.workers(for: sources.pages.count, jobs: options.jobs)
        let tag = "\(ProcessInfo.processInfo.processIdentifier)-\(UInt64(Date().timeIntervalSince1970 * 1e6))"
        let packs: ContentPacks
        do {
            packs = try ContentPacks(folder: cache.packFolder, tag: tag, workers: workers)
            result.packs = packs.names
        } catch {
            result.errors.append(
                SiteError(
                    file: cache.packFolder.path,
                    message: "cannot write the build cache: \(FileIO.describe(error, withPath: false))"))
            return result
        }
        let sourceFolders = TaskStates(count: workers, { OpenFolder() }, close: { $0.close() })
        // Optional, so that each outcome can be moved out below (`take()`) rather than
        // copied, which would retain every string and array a page holds.
        var first = await Parallel.map(sources.pages.count, jobs: options.jobs, chunk: Self.chunk) {
            [self] index, worker in
            defer { progress?.advance() }
            var warnings: [SiteError] = []
            let outcome = sourceFolders.with(worker) { openFolder in
                firstPass(
                    sources.pages[index], index: index, identity: sources.identities[index], packs: packs,
                    worker: worker, openFolder: &openFolder, warnings: &warnings)
            }
            return Optional((outcome, warnings))
        }
        let packsComplete = packs.close()
        // Per page, in the same order: its record (none for a generated folder index) and
        // whether it came from the cache. Arrays, not dictionaries by path: the steps below
        // look at every page, and a no-op build does little else.
        var pages: [SitePage] = []
        var records: [CachedPage?] = []
        var isReused: [Bool] = []
        // Room for the folder indexes made below too: growing would copy every page.
        let capacity = first.count + sources.folders.count
        pages.reserveCapacity(capacity)
        records.reserveCapacity(capacity)
        isReused.reserveCapacity(capacity)
        var drafts: Set<String> = []
        var stepTimes = SIMD8<Double>()
        for index in first.indices {
            guard let (outcome, warnings) = first[index].take() else { continue }
            result.warnings += warnings
            switch outcome {
            case .page(let page, let record, let wasReused, let times):
                pages.append(page)
                records.append(record)
                isReused.append(wasReused)
                stepTimes += times.seconds
                noteIdentity(of: record, at: index, in: &result)
            case .draft(let record):
                drafts.insert(sources.pages[index])
                result.records.append(record)
                noteIdentity(of: record, at: index, in: &result)
            case .failed(let error):
                result.errors += error.allProblems
            }
        }
        result.timings = Self.firstPassSteps.indices.map { (Self.firstPassSteps[$0], stepTimes[$0]) }
        result.cached = isReused.count(where: { $0 })
        result.markdownPages = isReused.count
        result.drafts = drafts.count
        // A page whose content could not be written says so itself; what was still in a
        // pack's buffer fails here.
        if !packsComplete && result.errors.isEmpty {
            result.errors.append(
                SiteError(file: cache.packFolder.path, cannot: "write the build cache", code: packs.failure))
        }
        guard result.errors.isEmpty else { return result }

        progress?.start(.checking, pages: 0)
        let clock = ContinuousClock()
        let siteStart = clock.now
        let folderIndexes = FolderIndex.missingIndexes(for: pages)
        pages += folderIndexes
        records += Array(repeating: nil, count: folderIndexes.count)
        isReused += Array(repeating: false, count: folderIndexes.count)
        // The search index is written while the links are checked and the pages laid out:
        // it needs nothing from either (not the records' link warnings), and its steps that
        // run on one core leave the other to them.
        let searchPages = pages
        let searchRecords = records
        let searchReused = isReused
        let ownPacks = packs.names
        async let searchOutcome = { [self] () async -> (Swift.Result<SearchOutcome, SiteError>, Double) in
            let start = clock.now
            do throws(SiteError) {
                let outcome = try await writeSearchIndex(
                    searchPages, records: searchRecords, reused: searchReused, resolver: resolver, ownPacks: ownPacks)
                return (.success(outcome), (clock.now - start).seconds)
            } catch {
                return (.failure(error), (clock.now - start).seconds)
            }
        }()
        let state = SiteState(
            navigation: SiteState.navigationHash(of: pages, homeTitle: homeTitle),
            links: SiteState.linkTargetsHash(of: pages, drafts: drafts))
        result.state = state
        // Each page's links on any core; the warnings stay in page order. A page taken from
        // the cache keeps its warnings while no page's section ids changed.
        // (Not from a cache made from other sources: a link to a file may lead somewhere now.)
        let reusesWarnings = cache.earlierSources == nil && cache.siteState?.links == state.links
        let checkedCount =
            reusesWarnings
            ? pages.indices.count { index in
                guard case .markdown = pages[index].kind else { return false }
                return !isReused[index]
            } : pages.count
        let reusedPages = isReused
        let linkWarnings = await checkLinks(
            pages, records: records, reused: isReused, reusesWarnings: reusesWarnings, checking: checkedCount,
            resolver: resolver, drafts: drafts)
        for (index, warnings) in linkWarnings.enumerated() {
            result.warnings += warnings
            guard records[index] != nil, !(reusesWarnings && isReused[index]) else { continue }
            records[index]?.linkWarnings = warnings.map { warning in
                CachedPage.Warning(line: warning.line ?? 0, column: warning.column ?? 0, message: warning.message)
            }
        }
        result.timings.append(("site", (clock.now - siteStart).seconds))

        // The search files go first in the lists, where they went when the index was
        // written before the layout.
        let searchAt = (outputs: result.outputs.count, staged: result.staged.count)

        let layoutStart = clock.now
        let theme = ThemeFiles(renderer: renderer)
        for file in theme.all {
            result.outputs.append(file.path)
            // A theme file's name holds the hash of its content: one in place under the same
            // name is the same, as a page in place is trusted (not written, read back and
            // compared on every build).
            if FileIO.exists(outputPath + file.path) {
                result.skipped += 1
                continue
            }
            guard FileIO.write(file.text, toPath: stagingPath + file.path) else {
                result.errors.append(SiteError(file: file.path, cannot: "write the theme's file"))
                return result
            }
            result.staged.append(file.path)
        }
        let allPages = pages
        let laidOutRecords = records
        // Under the navigation of the last build, a page taken from the cache, or a folder's
        // generated index, is laid out as it was then: if its output is still in place,
        // it needs no navigation, and when no page does, the navigation is not made.
        let navigationUnchanged = cache.siteState?.navigation == state.navigation
        let folders = OutputFolderCheck(
            pages: allPages, outputPath: outputPath, cache: cache, looksForPages: navigationUnchanged)
        let upToDate = await Parallel.map(allPages.count, jobs: options.jobs) { index in
            guard navigationUnchanged else { return false }
            if case .markdown = allPages[index].kind {
                guard reusedPages[index], laidOutRecords[index]?.contextHash.isEmpty == false else { return false }
            }
            return folders.exists(index, output: allPages[index].output)
        }
        result.outputFolders = folders.inPlace(upToDate)
        // Each page's index among the navigable pages: all but the 404 page.
        var positions: [Int?] = []
        positions.reserveCapacity(pages.count)
        var navigableCount = 0
        for index in pages.indices {
            let isNotFound = Self.isNotFoundPage(pages[index])
            positions.append(isNotFound ? nil : navigableCount)
            if !isNotFound { navigableCount += 1 }
        }
        var navigation: Navigation?
        if upToDate.contains(false) {
            var made = Navigation(
                pages: pages, leavingOut: pages.firstIndex(where: Self.isNotFoundPage), homeTitle: homeTitle)
            made.prepare(forPages: positions.indices.compactMap { upToDate[$0] ? nil : positions[$0] })
            navigation = made
        }
        let pagePositions = positions
        let madeNavigation = navigation
        let packFolder = cache.packFolder
        let layoutTasks = TaskStates(
            count: Parallel.workers(for: allPages.count, jobs: options.jobs),
            { (packs: PackReader(folder: packFolder, written: ownPacks), folder: OpenFolder()) },
            close: { task in
                task.packs.close()
                task.folder.close()
            })
        progress?.start(.writing, pages: allPages.count)
        let laidOut = await Parallel.map(allPages.count, jobs: options.jobs, chunk: Self.chunk) {
            [self] index, worker in
            defer { progress?.advance() }
            guard !upToDate[index], let navigation = madeNavigation else {
                return Swift.Result<(CachedPage?, Bool), SiteError>.success((laidOutRecords[index], false))
            }
            if BuildInterruption.isRequested { return .failure(Self.interruption) }
            let record = laidOutRecords[index]
            return layoutTasks.with(worker) { task in
                secondPass(
                    allPages[index], navigation: navigation, position: pagePositions[index], record: record,
                    isReused: reusedPages[index], theme: theme, packs: &task.packs, openFolder: &task.folder)
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
        result.records.reserveCapacity(result.records.count + records.count)
        for (index, outcome) in laidOut.enumerated() {
            switch outcome {
            case .failure(let error): result.errors.append(error)
            case .success(let (record, staged)):
                if staged { result.staged.append(pages[index].output) } else { result.skipped += 1 }
                if let record { result.records.append(record) }
            }
        }
        // Not for a pass that failed or was interrupted, which publishes nothing: making the
        // cache's index may also compact its packs into a new one, which no index would name.
        if result.errors.isEmpty && !BuildInterruption.isRequested {
            let (savedRecords, savedState) = (result.records, result.state)
            result.pendingSave = Task { [cache] in await cache.prepareSave(savedRecords, state: savedState) }
        }
        result.outputs += pages.map(\.output)
        result.pageCount = pages.count
        do throws(SiteError) {
            let extras = try writeExtras(pages)
            result.outputs += extras.outputs
            result.staged += extras.staged
            result.skipped += extras.outputs.count - extras.staged.count
        } catch {
            result.errors.append(error)
        }
        let layoutSeconds = (clock.now - layoutStart).seconds
        let (search, searchSeconds) = await searchOutcome
        switch search {
        case .success(let search):
            result.outputs.insert(contentsOf: search.outputs, at: searchAt.outputs)
            result.staged.insert(contentsOf: search.staged, at: searchAt.staged)
            // The index's files already in place are unchanged outputs too.
            result.skipped += search.outputs.count - search.staged.count
            result.searchState = search.state
        case .failure(let error):
            result.errors.append(error)
        }
        await forgetDamagedTerms(in: &result)
        result.timings.append(("search", searchSeconds))
        result.timings.append(("layout", layoutSeconds))
        // The site-wide values go on another thread, or are kept to the exit (see
        // ``Leftovers``): freeing every page's copy and the navigation here kept the end of
        // a one-page edit of 7,991 pages waiting about 2 ms (1.4 to 2.1 in four builds, 0.05
        // without), and the end of a full build of them 4-5 ms, on one core while the other
        // had nothing to do.
        let pageLists = (pages, records, allPages, laidOutRecords, searchPages, searchRecords)
        Leftovers.free((pageLists, laidOut, madeNavigation, folders))
        return result
    }

    /// Makes the records of the pages whose search terms did not read back from the cache
    /// (and were made again from their sources) name no content, so that the next build
    /// parses them again rather than read those terms (see ``CacheDamage``), and the save
    /// of `result`'s records again. (The search index is made while the records are saved,
    /// so this seldom case makes the save twice.)
    private func forgetDamagedTerms(in result: inout Result) async {
        let damaged = cache.damage.pagesWithTermsRebuilt
        guard !damaged.isEmpty, let pending = result.pendingSave else { return }
        // Its compacted pack, if it made one, is removed with the packs no record names.
        _ = await pending.value
        for index in result.records.indices where damaged.contains(result.records[index].source) {
            result.records[index].content = nil
        }
        let (savedRecords, savedState) = (result.records, result.state)
        result.pendingSave = Task { [cache] in await cache.prepareSave(savedRecords, state: savedState) }
    }

    /// Notes in `result` a page whose record at `index` of the sources has no identity, or
    /// one that is not what the listing found: a record keeps an identity only when it was
    /// settled as the build started, and then it is the listing's (see ``firstPass``).
    private func noteIdentity(of record: CachedPage, at index: Int, in result: inout Result) {
        if record.identity == nil || record.identity != sources.identities[index] {
            result.unsettled.append(BuildStamp.Unsettled(index: index, source: record.source, hash: record.sourceHash))
        }
    }

    /// The warnings about each page's links, in page order: a page taken from the cache
    /// keeps its own when `reusesWarnings`, the others' links are checked (`checking` of
    /// them). The checker, which holds every page's section ids, is gone once it returns.
    private func checkLinks(
        _ pages: [SitePage], records: [CachedPage?], reused: [Bool], reusesWarnings: Bool, checking: Int,
        resolver: LinkResolver, drafts: Set<String>
    ) async -> [[SiteError]] {
        let checker =
            checking > 0 ? LinkChecker(resolver: resolver, pages: pages, drafts: drafts, checking: checking) : nil
        return await Parallel.map(pages.count, jobs: options.jobs, chunk: Self.chunk) { index, _ in
            guard case .markdown(let source) = pages[index].kind else { return [SiteError]() }
            // Every Markdown page has a record, with its links.
            guard let record = records[index] else { return [SiteError]() }
            if reused[index] && reusesWarnings { return record.warnings() }
            return checker?.warnings(for: record.links, in: source) ?? []
        }
    }

    private var homeTitle: String { site.config.title.isEmpty ? "Home" : site.config.title }

    /// What a page left out by a cancelled build fails with (``SiteBuilder`` reports the
    /// build as interrupted instead).
    static let interruption = SiteError(file: "", message: "interrupted")

    /// The path of the folder at `url`, ending in `/`.
    static func folderPath(_ url: URL) -> String {
        let path = url.path
        return path.hasSuffix("/") ? path : path + "/"
    }

    /// The output of the site's 404 page, a page of its own or the one foldmark makes.
    static let notFoundOutput = "404.html"

    static func isNotFoundPage(_ page: SitePage) -> Bool { isNotFoundOutput(page.output) }

    /// (The length first: a comparison of two strings that differ is about 70
    /// instructions, for every page, in several steps of every build.)
    static func isNotFoundOutput(_ output: String) -> Bool {
        output.utf8.count == notFoundOutput.utf8.count && output == notFoundOutput
    }
}
