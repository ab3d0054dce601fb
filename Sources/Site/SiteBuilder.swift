import Basics
import FoundationEssentials
import Renderer
import Sections

#if canImport(Glibc)
    import Glibc
#endif

/// Builds a whole site into an output folder.
///
/// Every file is first written into a staging folder beside the output; only when the
/// whole build succeeded are the files moved into place, each with one `rename`, and the
/// files of earlier builds that lost their source removed (those named in the
/// ``Manifest``, never anything else). A failed build leaves the previous output exactly
/// as it was.
///
/// A build goes through stages, each a function that returns a value of its own (see
/// ``build(progress:)``): it lists the sources (``SourceListing``; a build that finds
/// nothing changed ends there), parses the pages (``ParsedPages``), stages the site
/// (``StagedSite``: it resolves the pages' links, ``ResolvedSite``; writes the theme's
/// files, ``StagedTheme``; plans and lays out the pages, ``LayoutPlan`` and
/// ``LaidOutPages``; writes the extra files, ``SiteExtras``; and meanwhile the search
/// index, ``StagedSearchIndex``), and publishes it (``PublishedSite``).
///
/// Pages are built in two parallel passes. The first parses each page and writes its
/// content; the second, once every title and section id is known, wraps each page's
/// content in the layout with its navigation. Only titles and ids stay in memory between
/// the passes, so memory does not grow with the size of the pages.
public struct SiteBuilder: Sendable {
    /// Part of the build cache's key: a new foldmark never trusts an older one's cache.
    public static let version = "0.2.0"

    public var site: SiteFolder
    public var output: URL
    public var options: BuildOptions

    public init(site: SiteFolder, output: URL, options: BuildOptions = BuildOptions()) {
        self.site = site
        self.output = output.standardizedFileURL
        self.options = options
    }

    /// Builds the site. `progress`, if given, starts at ``BuildProgress/Step/listing`` and is
    /// advanced as pages are done: one progress can follow build after build (`foldmark
    /// serve`'s).
    ///
    /// Cancelling the calling task, or ``BuildInterruption/request()``, stops the build
    /// within a page or so of each core's work (not while the output is being published): it
    /// fails with ``BuildFailure/isInterrupted``, its staging folder removed and the output
    /// folder as it was.
    public func build(progress: BuildProgress? = nil) async throws(BuildFailure) -> BuildReport {
        var run = BuildRun(self, progress: progress)
        let listing: SourceListing
        switch try listSources(&run) {
        case .unchanged(let report): return report
        case .changed(let changed): listing = changed
        }
        defer { withExtendedLifetime(listing.lock) {} }
        let staging = try makeStagingFolder(for: listing, run)
        defer { FileIO.removeTree(staging.path) }
        let pass = try await openPagePass(listing, staging: staging, run)
        let parsed = await pass.parsePages()
        // The packs are of no use unless the build is published and its cache index
        // written: a failed or interrupted build removes them (the next build that is
        // published would, but a large site's are a gigabyte or more).
        var isPublished = false
        defer { if !isPublished { parsed.removePacks(from: pass.cache) } }
        try run.stopIfFailed(parsed, in: pass)
        let staged = await stageSite(parsed, pass: pass)
        let pages = try run.endPages(staged.reports, of: parsed, in: pass, searchState: staged.searchState)
        let published = try await publish(staged, parsed: parsed, warnings: pages.warnings, pass: pass, run)
        isPublished = true
        // Freeing the pages' records and paths, the cache that was read and the list of
        // sources takes tens of milliseconds on a large site: another thread does it while
        // the report goes out.
        Leftovers.free((listing.sources, listing.cache.reading, pass, parsed, staged))
        return await run.finish(published, unchanged: staged.files.unchanged)
    }

    /// Makes the build's staging folder beside the output folder. The staging folders that
    /// stopped builds into it left go first; when the output held an earlier build,
    /// ``completeInterruptedPublishing()`` removed them already, under its lock.
    private func makeStagingFolder(for listing: SourceListing, _ run: BuildRun) throws(BuildFailure) -> URL {
        let staging = output.deletingLastPathComponent()
            .appending(path: stagingPrefix + "\(ProcessInfo.processInfo.processIdentifier)")
        if !listing.followsEarlierBuild { removeStaleStaging() }
        do {
            try FileManager.default.createDirectory(at: staging, withIntermediateDirectories: true)
        } catch {
            FileIO.removeTree(staging.path)
            throw run.fail([SiteError(file: staging.path, cannot: .makeStagingFolder, error)])
        }
        return staging
    }

    /// The pass over the pages of `listing` into `staging`, with the build cache: the last
    /// build's, read while the sources were listed or now, under this build's key, with a
    /// folder for this build's packs.
    private func openPagePass(
        _ listing: SourceListing, staging: URL, _ run: BuildRun
    ) async throws(BuildFailure) -> PagePass {
        let sources = listing.sources
        let earlier = await listing.cache.reading?.value
        let cache = BuildCache(
            earlier ?? BuildCache.read(output: output, jobs: options.jobs, damage: run.damage),
            key: listing.cache.key, settingsKey: listing.cache.settingsKey,
            sources: BuildCache.Sources(pages: sources.pages, assets: sources.assets, folders: sources.folders))
        do {
            try FileManager.default.createDirectory(at: cache.packFolder, withIntermediateDirectories: true)
        } catch {
            throw run.fail([SiteError(file: cache.folder.path, cannot: .createBuildCache, error)])
        }
        return PagePass(
            site: site, sources: sources, renderer: listing.renderer, staging: staging, options: options,
            settings: run.settings, cache: cache, output: output, progress: run.progress,
            settledBefore: run.settledBefore)
    }

    /// The file of the last build's stamp (see ``BuildStamp``), in the build cache.
    var stampFile: URL { BuildCache.folder(for: output).appending(path: BuildStamp.fileName) }

    /// The start of the names of this output's staging folders, which go on with the
    /// number of the build's process.
    private var stagingPrefix: String { ".\(output.lastPathComponent).foldmark-staging-" }

    /// Completes the publishing of an earlier build that was killed while its files moved
    /// into place (see ``PublishJournal``), then removes the staging folders that earlier
    /// builds left: under the output's lock, before anything else looks at the output, so
    /// that every build (one with nothing to do included) starts from a whole site.
    func completeInterruptedPublishing() throws(SiteError) {
        do {
            let applied = try PublishJournal.completeInterrupted(beside: output, prefix: stagingPrefix)
            if !applied.written.isEmpty || !applied.removed.isEmpty {
                // The last build's stamp (if any) describes the output before it.
                BuildStamp.remove(stampFile)
            }
        } catch {
            throw SiteError(file: error.path, cannot: .completeInterruptedPublishing, error)
        }
        removeStaleStaging()
    }

    /// Removes the staging folders of earlier builds into `output` that were stopped before
    /// they could (killed, or interrupted with Ctrl-C): under the output's lock, no other
    /// build into it is running, so every staging folder of its name is stale.
    private func removeStaleStaging() {
        for folder in PublishJournal.stagingFolders(beside: output, prefix: stagingPrefix) {
            FileIO.removeTree(folder.path)
        }
    }

    /// The output may not be the site folder, lie inside `Content/`, or contain `Content/`:
    /// pages would mix with sources. Compared by path components, with symbolic links
    /// followed, so that neither `/` nor a link to `Content/` gets through.
    func checkOutputLocation() throws(SiteError) {
        guard Self.isOutputLocationAllowed(output, root: site.root, content: site.content) else {
            throw SiteError(file: output.path.trimmingSuffix("/"), .output(.insideSite))
        }
    }

    /// Whether a build of the site at `root`, with its sources in `content`, may write into
    /// `output` (see ``checkOutputLocation()``).
    static func isOutputLocationAllowed(_ output: URL, root: URL, content: URL) -> Bool {
        let out = resolvedComponents(output)
        let content = resolvedComponents(content)
        return !(out == resolvedComponents(root) || out.starts(with: content) || content.starts(with: out))
    }

    /// The components of `url`'s absolute path, with every symbolic link on the part of it
    /// that exists resolved: an output folder is often not made yet.
    static func resolvedComponents(_ url: URL) -> [String] {
        var existing = url.standardizedFileURL
        var rest: [String] = []
        while existing.pathComponents.count > 1, !FileManager.default.fileExists(atPath: existing.path) {
            rest.insert(existing.lastPathComponent, at: 0)
            existing.deleteLastPathComponent()
        }
        let resolved = realpath(existing.path, nil).map { pointer in
            defer { free(pointer) }
            return String(cString: pointer)
        }
        return (resolved ?? existing.path).split(separator: "/").map(String.init) + rest
    }
}

extension Duration {
    var seconds: Double {
        let (whole, attoseconds) = components
        return Double(whole) + Double(attoseconds) / 1e18
    }
}

extension String {
    func trimmingSuffix(_ suffix: String) -> String {
        hasSuffix(suffix) && count > suffix.count ? String(dropLast(suffix.count)) : self
    }
}
