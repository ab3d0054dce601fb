import Basics
import FoundationEssentials
import Renderer
import Sections

/// What the stages over the pages of a build (see ``SiteBuilder/build(progress:)``) work
/// with: the sources, the templates, the cache and the staging folder they write into.
/// Each page goes through two parallel passes: the first parses it (``firstPass``), the
/// second lays it out (``secondPass``).
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

        /// Takes in the warnings, errors and times of the stages' `reports`.
        mutating func add(_ reports: [StageReport]) {
            for report in reports {
                warnings += report.warnings
                errors += report.errors
                timings += report.timings
            }
        }
    }

    /// Runs the stages over the pages, one after the other; the search index is written
    /// while the links are checked and the pages laid out.
    func run() async -> Result {
        let parsed = await parsePages()
        var result = Result()
        (result.packs, result.unsettled, result.records) = (parsed.packs, parsed.unsettled, parsed.drafts.records)
        (result.drafts, result.cached) = (parsed.drafts.sources.count, parsed.table.reusedCount)
        result.markdownPages = parsed.table.markdownCount
        guard parsed.report.errors.isEmpty else {
            result.add([parsed.report])
            return result
        }
        async let searchIndex = writeSearchIndex(parsed)
        let resolved = await resolveSite(parsed)
        result.state = resolved.state
        let theme = writeThemeFiles()
        guard theme.report.errors.isEmpty else {
            result.add([parsed.report, resolved.report, theme.report])
            return result
        }
        let plan = await planLayout(resolved)
        var laidOut = await layOutPages(resolved, plan: plan, theme: theme.theme, parsed: parsed)
        let extras = writeExtras(resolved.table.pages)
        let search = await searchIndex
        await forgetDamagedTerms(in: &laidOut.save)
        result.add(
            [parsed.report, resolved.report, theme.report, plan.report, laidOut.report, extras.report, search.report])
        let files = StagedFiles(joining: [search.files, theme.files, laidOut.files, extras.files])
        (result.outputs, result.staged, result.skipped) = (files.outputs, files.staged, files.unchanged)
        (result.records, result.pendingSave) = (laidOut.save.records, laidOut.save.pending)
        (result.outputFolders, result.searchState) = (laidOut.outputFolders, search.state)
        result.pageCount = parsed.table.count
        Leftovers.free((parsed, resolved, laidOut))
        return result
    }

    /// How many consecutive pages a task of a pass takes at a time (see
    /// ``Parallel/map(_:jobs:chunk:_:)``): enough that the two tasks of a two-core build
    /// seldom write into one folder at once.
    static let chunk = 32

    /// The title of the site's home page in the navigation.
    var homeTitle: String { site.config.title.isEmpty ? "Home" : site.config.title }

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
