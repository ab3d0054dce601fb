import Foundation
import Renderer
import Sections

/// The two parallel passes over the pages of a build (see ``SiteBuilder``), writing into
/// the staging folder.
struct PagePass: Sendable {
    var site: SiteFolder
    var sources: SourceTree
    var renderer: PageRenderer
    var staging: URL
    var options: BuildOptions
    var baseURL: String?
    var cache: BuildCache
    /// The output folder, to tell whether a page that needs no work is still in place.
    var output: URL
    var progress: BuildProgress?
    // The folders' paths with a trailing `/`, to join with the relative path of each page:
    // cheaper than `URL.appending(path:)`.
    private let contentPath: String
    private let outputPath: String
    private let stagingPath: String

    init(
        site: SiteFolder, sources: SourceTree, renderer: PageRenderer, staging: URL, options: BuildOptions,
        baseURL: String?, cache: BuildCache, output: URL, progress: BuildProgress?
    ) {
        self.site = site
        self.sources = sources
        self.renderer = renderer
        self.staging = staging
        self.options = options
        self.baseURL = baseURL
        self.cache = cache
        self.output = output
        self.progress = progress
        contentPath = Self.folderPath(site.content)
        outputPath = Self.folderPath(output)
        stagingPath = Self.folderPath(staging)
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
        /// The cache records of this build, to be saved once it is published.
        var records: [CachedPage] = []
        /// The state of the site that `records` were made under.
        var state = SiteState(navigation: "", links: "")
        var errors: [SiteError] = []
        var warnings: [SiteError] = []
        var drafts = 0
        var pageCount = 0
        var timings: [(String, Double)] = []
    }

    /// What the first pass learns about one Markdown source.
    private enum FirstPass: Sendable {
        /// `reused`: taken from the cache, not parsed.
        case page(SitePage, CachedPage, reused: Bool, [Double])
        case draft(CachedPage)
        case failed(SiteError)
    }

    static let firstPassSteps = ["read", "parse", "render", "index", "write"]

    func run() async -> Result {
        var result = Result()
        let resolver = LinkResolver(pages: Set(sources.pages), folders: Set(sources.folders), assets: Set(sources.assets))
        progress?.start(pages: sources.pages.count)
        let workers = Parallel.workers(for: sources.pages.count, jobs: options.jobs)
        let tag = "\(ProcessInfo.processInfo.processIdentifier)-\(UInt64(Date().timeIntervalSince1970 * 1e6))"
        let packs: ContentPacks
        do {
            packs = try ContentPacks(folder: cache.packFolder, tag: tag, workers: workers)
        } catch {
            result.errors.append(SiteError(file: cache.packFolder.path, message: "cannot write the build cache"))
            return result
        }
        let first = await Parallel.map(sources.pages.count, jobs: options.jobs) { [self] index in
            defer { progress?.advance() }
            var warnings: [SiteError] = []
            let outcome = firstPass(
                sources.pages[index], resolver: resolver, packs: packs, worker: index % workers, warnings: &warnings)
            return (outcome, warnings)
        }
        packs.close()
        // Per page, in the same order: its record (none for a generated folder index) and
        // whether it came from the cache. Arrays, not dictionaries by path: the steps below
        // look at every page, and a no-op build does little else.
        var pages: [SitePage] = []
        var records: [CachedPage?] = []
        var isReused: [Bool] = []
        var drafts: Set<String> = []
        var stepTimes = [Double](repeating: 0, count: Self.firstPassSteps.count)
        for (index, (outcome, warnings)) in first.enumerated() {
            result.warnings += warnings
            switch outcome {
            case .page(let page, let record, let wasReused, let times):
                pages.append(page)
                records.append(record)
                isReused.append(wasReused)
                for step in times.indices { stepTimes[step] += times[step] }
            case .draft(let record):
                drafts.insert(sources.pages[index])
                result.records.append(record)
            case .failed(let error):
                result.errors.append(error)
            }
        }
        result.timings = Array(zip(Self.firstPassSteps, stepTimes))
        result.cached = isReused.count(where: { $0 })
        result.drafts = drafts.count
        guard result.errors.isEmpty else { return result }

        let clock = ContinuousClock()
        let siteStart = clock.now
        let folderIndexes = FolderIndex.missingIndexes(for: pages)
        progress?.expect(more: folderIndexes.count - drafts.count)
        pages += folderIndexes
        records += Array(repeating: nil, count: folderIndexes.count)
        isReused += Array(repeating: false, count: folderIndexes.count)
        let navigable = pages.filter { !Self.isNotFoundPage($0) }
        let state = SiteState(
            navigation: SiteState.navigationHash(of: navigable, homeTitle: homeTitle),
            links: SiteState.linkTargetsHash(of: pages, drafts: drafts))
        result.state = state
        // Each page's links on any core; the warnings stay in page order. A page taken from
        // the cache keeps its warnings while no page's section ids changed.
        let reusesWarnings = cache.siteState?.links == state.links
        let needsChecker = !reusesWarnings || pages.indices.contains { index in
            guard case .markdown = pages[index].kind else { return false }
            return !isReused[index]
        }
        let checker = needsChecker ? LinkChecker(resolver: resolver, pages: pages, drafts: drafts) : nil
        let checkedPages = pages
        let checkedRecords = records
        let reusedPages = isReused
        let linkWarnings = await Parallel.map(checkedPages.count, jobs: options.jobs) { index in
            let page = checkedPages[index]
            guard case .markdown(let source) = page.kind else { return [SiteError]() }
            if reusedPages[index], let record = checkedRecords[index] {
                if reusesWarnings { return record.warnings() }
                return checker?.warnings(for: record.links, in: source) ?? []
            }
            return checker?.warnings(for: page.links, in: source) ?? []
        }
        for (index, warnings) in linkWarnings.enumerated() {
            result.warnings += warnings
            guard records[index] != nil, !(reusesWarnings && isReused[index]) else { continue }
            records[index]?.linkWarnings = warnings.map { warning in
                CachedPage.LinkWarning(line: warning.line ?? 0, column: warning.column ?? 0, message: warning.message)
            }
        }
        result.timings.append(("site", (clock.now - siteStart).seconds))

        let searchStart = clock.now
        do throws(SiteError) {
            var byOutput: [String: CachedPage] = [:]
            if site.config.hasSearch {
                byOutput.reserveCapacity(pages.count)
                for (page, record) in zip(pages, records) where byOutput[page.output] == nil { byOutput[page.output] = record }
            }
            let search = try await writeSearchIndex(pages, records: byOutput)
            result.outputs += search.outputs
            result.staged += search.staged
        } catch {
            result.errors.append(error)
        }
        result.timings.append(("search", (clock.now - searchStart).seconds))

        let layoutStart = clock.now
        let theme = ThemeFiles(renderer: renderer)
        for file in theme.all {
            guard FileIO.write(file.text, toPath: stagingPath + file.path) else {
                result.errors.append(SiteError(file: file.path, message: "cannot write the theme's file"))
                return result
            }
            result.outputs.append(file.path)
            result.staged.append(file.path)
        }
        let allPages = pages
        let laidOutRecords = records
        // Under the navigation of the last build, a page taken from the cache, or a folder's
        // generated index, is laid out as it was then: if its output is still in place,
        // it needs no navigation, and when no page does, the navigation is not made.
        let navigationUnchanged = cache.siteState?.navigation == state.navigation
        let upToDate = await Parallel.map(allPages.count, jobs: options.jobs) { [self] index in
            guard navigationUnchanged else { return false }
            if case .markdown = allPages[index].kind {
                guard reusedPages[index], laidOutRecords[index]?.contextHash.isEmpty == false else { return false }
            }
            return FileIO.exists(outputPath + allPages[index].output)
        }
        // Each page's index among the navigable pages: all but the 404 page.
        var positions: [Int?] = []
        positions.reserveCapacity(pages.count)
        var navigableCount = 0
        for page in pages {
            positions.append(Self.isNotFoundPage(page) ? nil : navigableCount)
            if !Self.isNotFoundPage(page) { navigableCount += 1 }
        }
        var navigation: Navigation?
        if upToDate.contains(false) {
            var made = Navigation(pages: navigable, homeTitle: homeTitle)
            made.prepare(forPages: positions.indices.compactMap { upToDate[$0] ? nil : positions[$0] })
            navigation = made
        }
        let pagePositions = positions
        let madeNavigation = navigation
        let laidOut = await Parallel.map(allPages.count, jobs: options.jobs) { [self] index in
            defer { progress?.advance() }
            guard !upToDate[index], let navigation = madeNavigation else {
                return Swift.Result<(String, Bool), SiteError>.success((laidOutRecords[index]?.contextHash ?? "", false))
            }
            return secondPass(
                allPages[index], navigation: navigation, position: pagePositions[index], record: laidOutRecords[index],
                isReused: reusedPages[index], theme: theme)
        }
        result.records.reserveCapacity(result.records.count + records.count)
        for (index, outcome) in laidOut.enumerated() {
            switch outcome {
            case .failure(let error): result.errors.append(error)
            case .success(let (contextHash, staged)):
                if staged { result.staged.append(pages[index].output) } else { result.skipped += 1 }
                if var record = records[index] {
                    record.contextHash = contextHash
                    result.records.append(record)
                }
            }
        }
        result.outputs += pages.map(\.output)
        result.pageCount = pages.count
        do throws(SiteError) {
            let extras = try writeExtras(pages)
            result.outputs += extras
            result.staged += extras
        } catch {
            result.errors.append(error)
        }
        result.timings.append(("layout", (clock.now - layoutStart).seconds))
        return result
    }

    private var homeTitle: String { site.config.title.isEmpty ? "Home" : site.config.title }

    private static func folderPath(_ url: URL) -> String {
        let path = url.path
        return path.hasSuffix("/") ? path : path + "/"
    }

    static func isNotFoundPage(_ page: SitePage) -> Bool { page.output == "404.html" }

    /// Parses one page, renders its content into the staging folder, and keeps what the
    /// site needs to know of it.
    /// Problems with the file's bytes (see ``SourceText``) go to `warnings`, also when the
    /// page comes from the cache.
    private func firstPass(
        _ source: String, resolver: LinkResolver, packs: ContentPacks, worker: Int, warnings: inout [SiteError]
    ) -> FirstPass {
        let clock = ContinuousClock()
        var times: [Double] = []
        var mark = clock.now
        func lap() {
            let now = clock.now
            times.append((now - mark).seconds)
            mark = now
        }
        let name = SiteFolder.contentFolder + "/" + source
        do throws(SiteError) {
            let data: Data
            switch FileIO.read(contentPath + source) {
            case .success(let bytes): data = bytes
            case .failure(let failure): throw SiteError(file: name, message: "cannot read the file: \(failure.reason)")
            }
            let hash = data.withUnsafeBytes { bytes in
                var hash = StableHash()
                hash.combine(contentsOf: bytes)
                return hash.hex
            }
            let cached = cache.page(source, hash: hash)
            // Bytes that decoded cleanly last time still do: the hash is the same.
            let checked = cached?.isCleanText == true ? nil : SourceText(decoding: data)
            warnings = checked?.warnings(file: name) ?? []
            if let cached {
                if cached.isDraft && !options.includesDrafts { return .draft(cached) }
                if cached.content != nil {
                    lap()
                    return .page(cached.sitePage(), cached, reused: true, times + [0, 0, 0, 0])
                }
            }
            let text = checked ?? SourceText(decoding: data)
            let markdown = text.text
            lap()
            var parseOptions = site.config.parseOptions
            parseOptions.includesDrafts = options.includesDrafts
            parseOptions.reservedIDs = renderer.layoutIDs
            let document: Document
            do {
                document = try Document(parsing: markdown, options: parseOptions) { url in
                    resolver.rewrite(url, from: source)
                }
            } catch {
                throw SiteError(file: name, error)
            }
            let output = OutputPath.forSource(source)
            let fallback = ((source as NSString).lastPathComponent as NSString).deletingPathExtension
            var record = CachedPage(
                source: source, sourceHash: hash, document: document, output: output,
                title: document.title ?? fallback)
            record.isCleanText = text.problems.isEmpty
            if document.frontMatter.isDraft && !options.includesDrafts { return .draft(record) }
            lap()
            let content = renderer.renderContent(document)
            lap()
            if site.config.hasSearch && output != "404.html" {
                let search = PageSearchData.encoded(document: document, title: record.title)
                guard let location = packs.append(search, worker: worker) else {
                    throw SiteError(file: name, message: "cannot write its search terms to the build cache")
                }
                record.search = location
                record.searchHasPageEntry = PageSearchData.hasPageEntry(search)
            }
            lap()
            guard let location = packs.append(content, worker: worker) else {
                throw SiteError(file: name, message: "cannot write its content to the build cache")
            }
            record.content = location
            lap()
            let page = SitePage(
                kind: .markdown(source: source), output: output, title: record.title,
                order: document.frontMatter.order, document: SitePage.skeleton(of: document),
                sectionIDs: record.headings.map(\.id), links: document.links)
            return .page(page, record, reused: false, times)
        } catch {
            return .failed(error)
        }
    }

    /// Wraps a page's content in the layout, with its navigation. A page taken from the
    /// cache whose navigation is the same as last time, and whose output is still in
    /// place, is left alone. Returns the hash of the navigation and whether it was staged.
    private func secondPass(
        _ page: SitePage, navigation: Navigation, position: Int?, record: CachedPage?, isReused: Bool,
        theme: ThemeFiles
    ) -> Swift.Result<(String, Bool), SiteError> {
        var context = PageContext(
            siteTitle: site.config.title, language: site.config.language, fallbackTitle: page.title,
            rootPath: OutputPath.rootPath(of: page.output), canonicalURL: baseURL.map { $0 + page.output },
            tocDepth: site.config.tocDepth)
        context.remembersFolds = site.config.remembersFolds
        context.hasSearch = site.config.hasSearch
        context.pageHash = record?.sourceHash ?? ""
        // The 404 page is served at any address, where relative links to files break.
        if !Self.isNotFoundPage(page) { theme.link(&context) }
        if let position, !Self.isNotFoundPage(page) {
            context.navigation = navigation.navigation(for: position)
            context.breadcrumbs = navigation.breadcrumbs(for: position)
            (context.previous, context.next) = navigation.neighbours(of: position)
        }
        let contextHash = Self.hash(of: context)
        if isReused, record?.contextHash == contextHash, FileIO.exists(outputPath + page.output) {
            return .success((contextHash, false))
        }
        let content: String
        switch page.kind {
        case .markdown:
            guard let location = record?.content, let text = ContentPacks.read(location, in: cache.packFolder) else {
                return .failure(SiteError(file: page.sourceName, message: "cannot read back its rendered content"))
            }
            content = text
        case .folderIndex(let folder):
            content = FolderIndex.content(for: folder, navigation: navigation)
        }
        let document = page.document ?? record?.skeleton() ?? Document()
        let html = renderer.renderPage(document, content: content, context: context)
        guard FileIO.write(html, toPath: stagingPath + page.output) else {
            return .failure(SiteError(file: page.sourceName, message: "cannot write its page"))
        }
        return .success((contextHash, true))
    }

    /// A hash of everything the layout shows of other pages.
    static func hash(of context: PageContext) -> String {
        var hash = StableHash()
        func combine(_ link: PageLink?) {
            hash.combine(link?.title ?? "")
            hash.combine(link?.href ?? "")
        }
        func combine(_ items: [NavigationItem]) {
            for item in items {
                combine(item.link)
                hash.combine(separator: (item.isFolder ? 1 : 0) | (item.isCurrent ? 2 : 0) | (item.isOpen ? 4 : 0))
                combine(item.children)
                hash.combine(separator: 0xfe)
            }
        }
        combine(context.navigation)
        context.breadcrumbs.forEach(combine)
        combine(context.previous)
        combine(context.next)
        return hash.hex
    }
}
