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

    /// How many consecutive pages a task of a pass takes at a time (see
    /// ``Parallel/map(_:jobs:chunk:_:)``): enough that the two tasks of a two-core build
    /// seldom write into one folder at once.
    static let chunk = 32

    /// The title of the site's home page in the navigation.
    var homeTitle: String { site.config.title.isEmpty ? "Home" : site.config.title }

    /// What a page left out by a cancelled build fails with (``SiteBuilder`` reports the
    /// build as interrupted instead).
    static let interruption = SiteError(file: "", .interrupted(.step))

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
