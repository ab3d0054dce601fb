import Basics
import Renderer
import Sections

/// Every setting that reaches a page, from `foldmark.yml` (``SiteConfig``) and the command
/// line (``BuildOptions``), merged here and nowhere else. `build`, `check` and `serve`
/// (through ``SiteBuilder``) and `render` (through ``PageBuilder``) make one from the site
/// and take every page's ``ParseOptions`` and ``PageContext`` from it, so that a setting
/// reaches a page alike whichever command made the page.
public struct PageSettings: Sendable {
    /// Read only here: what a page takes of it goes through the functions below.
    private let config: SiteConfig
    /// `--drafts`: pages with `draft: true` and sections marked `{.draft}` are kept.
    public let includesDrafts: Bool
    /// `--base-url`, else `base_url`, ending in `/`; `nil` when neither gives one (an empty
    /// value is none, so that `--base-url ""` turns off the configuration's).
    public let baseURL: String?

    public init(config: SiteConfig, options: BuildOptions = BuildOptions()) {
        self.config = config
        includesDrafts = options.includesDrafts
        if let base = options.baseURL ?? config.baseURL, !base.isEmpty {
            baseURL = base.hasSuffix("/") ? base : base + "/"
        } else {
            baseURL = nil
        }
    }

    /// How pages are parsed in a layout whose own elements have the ids `layoutIDs`
    /// (``PageRenderer/layoutIDs``): a generated slug steps around them, and a `{#id}` may
    /// not take one.
    func parseOptions(reserving layoutIDs: Set<String>) -> ParseOptions {
        ParseOptions(
            allowsRawHTML: config.allowsRawHTML, foldRules: config.foldRules, includesDrafts: includesDrafts,
            reservedIDs: layoutIDs)
    }

    /// Adds every setting to `hash`, for the build cache's key: a page made under other
    /// settings is not taken from the cache.
    func combine(into hash: inout StableHash) {
        hash.combine(config.cacheKey)
        hash.combine(includesDrafts ? "drafts" : "no drafts")
        hash.combine(baseURL ?? "")
    }

    /// The context of the page at `output` in the site's output folder, made from the
    /// Markdown file `source` under `Content/` (`nil` for a page that foldmark made), whose
    /// bytes hash to `sourceHash` (see ``PageContext/pageHash``). Its links to the site's
    /// root start from `output`; the site's navigation and theme files are the build's to add.
    func context(output: String, source: String?, fallbackTitle: String, sourceHash: String) -> PageContext {
        var context = siteContext(fallbackTitle: fallbackTitle, rootPath: OutputPath.rootPath(of: output))
        context.canonicalURL = baseURL.map { $0 + OutputPath.percentEncoded(output) }
        if let editURL = config.editURL, let source {
            context.editURL = editURL + OutputPath.percentEncoded(source)
        }
        context.hasSearch = config.hasSearch
        context.pageHash = sourceHash
        return context
    }

    /// The context of a page written alone (`foldmark render`), from the Markdown file
    /// `source` under the site's `Content/` if it is one: as ``context(output:source:fallbackTitle:sourceHash:)``
    /// gives the page in the site, but with no search box, as no search index lies beside
    /// it, and its links to the site's root start from where it is written.
    public func standaloneContext(source: String?, fallbackTitle: String, sourceHash: String) -> PageContext {
        guard let source else {
            var context = siteContext(fallbackTitle: fallbackTitle, rootPath: "")
            context.pageHash = sourceHash
            return context
        }
        var context = context(
            output: OutputPath.forSource(source), source: source, fallbackTitle: fallbackTitle, sourceHash: sourceHash)
        context.rootPath = ""
        context.hasSearch = false
        return context
    }

    /// The context of the `404.html` that foldmark makes, which is served at any address:
    /// its links start from the base URL when there is one, and it has no search box.
    func notFoundContext() -> PageContext {
        siteContext(fallbackTitle: "", rootPath: baseURL ?? "")
    }

    /// What every page of the site shows alike.
    private func siteContext(fallbackTitle: String, rootPath: String) -> PageContext {
        var context = PageContext(
            siteTitle: config.title, language: config.language, fallbackTitle: fallbackTitle, rootPath: rootPath,
            tocDepth: config.tocDepth)
        context.remembersFolds = config.remembersFolds
        return context
    }
}
