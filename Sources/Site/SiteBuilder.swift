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
        let clock = ContinuousClock()
        let start = clock.now
        // Taken before any source is looked at (see ``SourceIdentity``).
        let settledBefore = SourceIdentity.settledTime()
        progress?.start(.listing, pages: 0)
        var report = BuildReport()
        report.warnings = site.warnings
        func fail(_ errors: [SiteError]) -> BuildFailure {
            report.errors = SiteError.collapsingDiskFailures(errors.sorted(by: Self.inFileOrder))
            report.warnings.sort(by: Self.inFileOrder)
            return BuildFailure(report: report)
        }

        var lock: OutputLock?
        defer { withExtendedLifetime(lock) {} }
        let sources: SourceTree
        let renderer: PageRenderer
        // The cache of an earlier build is read while the sources are listed, under that
        // build's lock: the lock file is already there, so a build that fails before it
        // would have taken the lock leaves nothing new behind.
        let hasEarlierBuild = FileIO.exists(output.appending(path: OutputLock.fileName).path)
        var reading: Background<BuildCache.Reading>?
        // What is found damaged in the cache, from the stamp on (see ``BuildCache``).
        let damage = CacheDamage()
        let stampFile = BuildCache.folder(for: output).appending(path: BuildStamp.fileName)
        let contentPath = PagePass.folderPath(site.content)
        let settings = PageSettings(config: site.config, options: options)
        let settingsKey = BuildCache.settingsKey(site: site, settings: settings, version: Self.version)
        var key: String?
        do {
            try checkOutputLocation()
            var stamp: BuildStamp?
            if hasEarlierBuild {
                lock = try OutputLock(output: output)
                try completeInterruptedPublishing()
                // A build with a stamp most often has nothing to do, which it knows once the
                // sources are listed: then the cache is read only if something changed,
                // rather than beside the listing, which would slow it down. A page edited
                // again since the last build tells at once.
                stamp = BuildStamp(reading: stampFile, damage: damage)
                if stamp?.unsettledPagesAreUnchanged(contentPath: contentPath) == false { stamp = nil }
                if stamp == nil {
                    reading = Background { [output, options] in
                        BuildCache.read(output: output, jobs: options.jobs, damage: damage)
                    }
                }
            }
            sources = try SourceTree(content: site.content, jobs: options.jobs)
            // Before the templates are compiled: a build with nothing to do needs no renderer
            // (their text is part of the key).
            if let stamp, sources.errors.isEmpty {
                let stampKey = BuildCache.key(settingsKey: settingsKey, sources: sources)
                var listed = report
                listed.warnings += sources.warnings
                if var unchanged = unchangedBuild(
                    stamp, sources: sources, key: stampKey, contentPath: contentPath, report: listed, damage: damage)
                {
                    unchanged.seconds = (clock.now - start).seconds
                    unchanged.timings = [("check", unchanged.seconds)]
                    return unchanged
                }
                key = stampKey
                reading = Background { [output, options] in
                    BuildCache.read(output: output, jobs: options.jobs, damage: damage)
                }
            }
            renderer = try site.makeRenderer()
            if lock == nil { lock = try OutputLock(output: output) }
        } catch {
            throw fail([error])
        }
        report.warnings += sources.warnings
        if !sources.errors.isEmpty { throw fail(sources.errors) }
        let cacheKey = key ?? BuildCache.key(settingsKey: settingsKey, sources: sources)

        let staging = output.deletingLastPathComponent()
            .appending(path: stagingPrefix + "\(ProcessInfo.processInfo.processIdentifier)")
        if !hasEarlierBuild { removeStaleStaging() }
        defer { FileIO.removeTree(staging.path) }
        do {
            try FileManager.default.createDirectory(at: staging, withIntermediateDirectories: true)
        } catch {
            throw fail([
                SiteError(
                    file: staging.path,
                    message: "cannot make the build's staging folder beside the output folder: "
                        + FileIO.describe(error, withPath: false))
            ])
        }

        let cache = BuildCache(
            await reading?.value ?? BuildCache.read(output: output, jobs: options.jobs, damage: damage), key: cacheKey,
            settingsKey: settingsKey,
            sources: BuildCache.Sources(pages: sources.pages, assets: sources.assets, folders: sources.folders))
        do {
            try FileManager.default.createDirectory(at: cache.packFolder, withIntermediateDirectories: true)
        } catch {
            throw fail([
                SiteError(
                    file: cache.folder.path,
                    message: "cannot create the build cache: \(FileIO.describe(error, withPath: false))")
            ])
        }
        let pass = PagePass(
            site: site, sources: sources, renderer: renderer, staging: staging, options: options, settings: settings,
            cache: cache, output: output, progress: progress, settledBefore: settledBefore)
        var result = await pass.run()
        // The pass's packs are of no use unless the build is published and its cache index
        // written: a failed or interrupted build removes them (the next build that is
        // published would, but a large site's are a gigabyte or more).
        var keepsPacks = false
        defer {
            if !keepsPacks {
                for name in result.packs {
                    try? FileManager.default.removeItem(at: cache.packFolder.appending(path: name))
                }
            }
        }
        // Interrupted (Ctrl-C, see ``build(progress:)``): the pass stopped at the next page,
        // and nothing is published. Once publishing has begun, the build goes to its end.
        if BuildInterruption.isRequested {
            var failure = fail([SiteError(file: output.path, message: "the build was interrupted")])
            failure.isInterrupted = true
            throw failure
        }
        // The search index's state is written while the build is published (whatever then
        // happens: it describes the index it was made with), and done when the build ends.
        let searchState = result.searchState
        async let searchStateWritten: Void = searchState?.write() ?? ()
        report.timings = result.timings
        report.warnings += result.warnings
        report.drafts = result.drafts
        report.cached = result.cached
        if options.isStrict {
            result.errors += report.warnings.map { warning in
                var error = warning
                error.severity = .error
                return error
            }
            report.warnings = []
        }
        // A damaged cache is said once, but not counted by --strict: it is a fault of the
        // disk or of whatever changed the cache, not of the site, whose pages it built again
        // from their sources. The same site built again with nothing damaged passes.
        if let warning = damage.warning(pages: sources.pages.count, folder: cache.folder) {
            report.warnings.append(warning)
        }
        guard result.errors.isEmpty else {
            await searchStateWritten
            throw fail(result.errors)
        }

        let publishStart = clock.now
        // From here on the output may change: the last build's stamp no longer holds.
        BuildStamp.remove(stampFile)
        let publisher = Publisher(output: output, staging: staging, content: site.content)
        // The cache's new index is made while the output is published, and written only
        // once it is: a cache that describes pages not in place would skip them next time.
        // The pass started making it as soon as its layout had the records; only a pass
        // that failed, which returned above, has not.
        let records = result.records
        let save =
            result.pendingSave
            ?? Task { [cache, state = result.state] in await cache.prepareSave(records, state: state) }
        // Made while the build is published, and written once it is (with the manifest and
        // the cache's files as they then are).
        let newStamp = Task {
            [
                sources, unsettled = result.unsettled, warnings = result.warnings,
                counts = (result.pageCount, result.drafts, result.markdownPages)
            ] in
            BuildStamp(
                key: cacheKey, sources: sources, unsettled: unsettled, pages: counts.0, drafts: counts.1,
                cached: counts.2, warnings: warnings)
        }
        var stampWritten: Task<Void, Never>?
        do {
            let published = try publisher.publish(
                staged: result.staged, outputs: result.outputs, assets: sources.assets)
            report.written = published.written
            report.unchanged = published.unchanged + result.skipped
            report.removed = published.removed
            await cache.finishSave(await save.value)
            keepsPacks = true
            OutputFolders.unchanged(result.outputFolders, in: output.path + "/").write(
                to: cache.folder.appending(path: OutputFolders.fileName), key: cache.key)
            // Written while the report is made, as the search index's state is.
            stampWritten = Task { [cache, manifest = published.manifestHash] in
                guard var stamp = await newStamp.value else { return }
                stamp.manifest = manifest
                stamp.cacheFiles = BuildCache.filesIdentity(in: cache.folder)
                stamp.write(to: stampFile)
            }
        } catch let refusal as Publisher.Refusal {
            await searchStateWritten
            let error =
                switch refusal {
                case .foreignFile(let path):
                    SiteError(
                        file: output.appending(path: path).path,
                        message: "foldmark did not write this file and will not replace it; move it, or build into "
                            + "another folder")
                case .linkedFolder(let path):
                    SiteError(
                        file: output.appending(path: path).path,
                        message: "is a symbolic link, and foldmark writes only inside the output folder; remove the "
                            + "link, or build into another folder")
                case .unreadableAsset(let path, let code):
                    SiteError(file: SiteFolder.contentFolder + "/" + path, cannot: "read the file", code: code)
                }
            throw fail([error])
        } catch {
            await searchStateWritten
            throw fail([SiteError(file: output.path, message: "cannot write the output: \(FileIO.describe(error))")]
            )
        }
        report.timings.append(("publish", (clock.now - publishStart).seconds))
        await searchStateWritten
        report.pages = result.pageCount
        // Freeing the pages' records and paths, the cache that was read and the list of
        // sources takes tens of milliseconds on a large site: another thread does it while
        // the report goes out.
        let leftovers = (result, records, cache, reading, sources, pass)
        result = PagePass.Result()
        Leftovers.free(leftovers)
        report.assets = sources.assets.count
        report.warnings.sort(by: Self.inFileOrder)
        await stampWritten?.value
        report.seconds = (clock.now - start).seconds
        return report
    }

    /// The report of a build that finds nothing to do: `sources` are those `stamp` was made
    /// from (see ``BuildStamp``), with the same `key` (its pages that were not settled were
    /// found unchanged before the listing); every asset's copy is current; and
    /// every file the output's manifest lists, which is the one the last build left, is in
    /// place. `nil` if any of that does not hold, or if the build is strict and would fail
    /// on a warning: the build then goes through the pages, as it would without a stamp.
    /// `report` holds the warnings about the site and its files; `contentPath` is the path of
    /// `Content/`, ending in `/`. What is found damaged in the cache is noted in `damage`,
    /// and said in the report.
    private func unchangedBuild(
        _ stamp: BuildStamp, sources: SourceTree, key: String, contentPath: String, report: BuildReport,
        damage: CacheDamage
    ) -> BuildReport? {
        guard !(options.isStrict && !(report.warnings.isEmpty && stamp.warnings.isEmpty)) else { return nil }
        let outputPath = PagePass.folderPath(output)
        guard stamp.matches(key: key, sources: sources),
            sources.assets.allSatisfy({ Publisher.isCopyCurrent(source: contentPath + $0, copy: outputPath + $0) })
        else { return nil }
        let cacheFolder = BuildCache.folder(for: output)
        let manifest = Manifest.contents(of: output)
        guard !manifest.isEmpty, BuildStamp.manifestHash(manifest) == stamp.manifest,
            BuildCache.filesIdentity(in: cacheFolder) == stamp.cacheFiles
        else { return nil }
        let files = manifest.split(separator: UInt8(ascii: "\n")).map { String(decoding: $0, as: UTF8.self) }
        let folders = OutputFolderCheck(
            outputs: files, outputPath: outputPath, cacheFolder: cacheFolder, key: key, looksForPages: true,
            damage: damage)
        guard files.indices.allSatisfy({ folders.exists($0, output: files[$0]) }) else { return nil }
        // As after any build: the folders found complete are trusted by the next.
        OutputFolders.unchanged(folders.inPlace(Array(repeating: true, count: files.count)), in: outputPath).write(
            to: cacheFolder.appending(path: OutputFolders.fileName), key: key)
        var report = report
        report.pages = stamp.pages
        report.drafts = stamp.drafts
        report.cached = stamp.cached
        report.assets = sources.assets.count
        report.unchanged = files.count
        report.warnings += stamp.warnings
        // (Not counted by --strict, as in a build that goes through the pages.)
        if let warning = damage.warning(pages: stamp.pages, folder: cacheFolder) { report.warnings.append(warning) }
        report.warnings.sort(by: Self.inFileOrder)
        return report
    }

    /// The start of the names of this output's staging folders, which go on with the
    /// number of the build's process.
    private var stagingPrefix: String { ".\(output.lastPathComponent).foldmark-staging-" }

    /// Completes the publishing of an earlier build that was killed while its files moved
    /// into place (see ``PublishJournal``), then removes the staging folders that earlier
    /// builds left: under the output's lock, before anything else looks at the output, so
    /// that every build (one with nothing to do included) starts from a whole site.
    private func completeInterruptedPublishing() throws(SiteError) {
        do {
            let applied = try PublishJournal.completeInterrupted(beside: output, prefix: stagingPrefix)
            if !applied.written.isEmpty || !applied.removed.isEmpty {
                // The last build's stamp (if any) describes the output before it.
                BuildStamp.remove(BuildCache.folder(for: output).appending(path: BuildStamp.fileName))
            }
        } catch {
            throw SiteError(
                file: error.path,
                message: "cannot complete the publishing of an interrupted build: \(FileIO.describe(error, withPath: false))")
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
    private func checkOutputLocation() throws(SiteError) {
        guard Self.isOutputLocationAllowed(output, root: site.root, content: site.content) else {
            throw SiteError(
                file: output.path.trimmingSuffix("/"),
                message: "the output folder must not be the site folder, be inside Content/ or contain it")
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

    static func inFileOrder(_ a: SiteError, _ b: SiteError) -> Bool {
        (a.file, a.line ?? 0, a.column ?? 0, a.message) < (b.file, b.line ?? 0, b.column ?? 0, b.message)
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
