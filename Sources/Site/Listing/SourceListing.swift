import Basics
import FoundationEssentials
import Renderer

/// The first stage of a build (see ``SiteBuilder/listSources(_:)``): the site's sources
/// listed, with the output folder locked and the templates compiled.
struct SourceListing {
    /// What a listing leads to: a build with nothing to do has its report already.
    enum Outcome {
        case unchanged(BuildReport)
        case changed(SourceListing)
    }

    /// The build cache to open: its key and the key of the settings, and the earlier
    /// build's cache as it is being read (`nil`: read it now).
    struct Cache {
        var key: String
        var settingsKey: String
        var reading: Background<BuildCache.Reading>?
    }

    var sources: SourceTree
    var renderer: PageRenderer
    /// Held until the build ends: no other build writes into the output meanwhile.
    var lock: OutputLock
    /// Whether the output folder held an earlier build (its lock file, or the folder itself)
    /// before this one.
    var followsEarlierBuild: Bool
    var cache: Cache
}

extension SiteBuilder {
    /// Locks the output folder and lists the sources. A build that finds nothing changed
    /// since the last one (see ``BuildStamp``) ends here; any other compiles the templates
    /// and reads the last build's cache, beside the listing when it can.
    func listSources(_ run: inout BuildRun) throws(BuildFailure) -> SourceListing.Outcome {
        // The cache of an earlier build is read while the sources are listed, under that
        // build's lock. A first build takes it only once the sources are read, so that one
        // that fails before makes no output folder. With the output folder there but not
        // its lock (its cache folder deleted), a publishing that a killed build left is
        // completed all the same.
        let followsEarlierBuild =
            FileIO.exists(OutputLock.file(for: output).path) || FileIO.isFolder(output.path)
        let settingsKey = BuildCache.settingsKey(site: site, settings: run.settings, version: Self.version)
        var reading: Background<BuildCache.Reading>?
        var key: String?
        let (sources, renderer, lock): (SourceTree, PageRenderer, OutputLock)
        do {
            try checkOutputLocation()
            var earlierLock: OutputLock?
            var stamp: BuildStamp?
            if followsEarlierBuild {
                earlierLock = try OutputLock(output: output)
                try completeInterruptedPublishing()
                // A build with a stamp most often has nothing to do, which it knows once the
                // sources are listed: then the cache is read only if something changed,
                // rather than beside the listing, which would slow it down.
                stamp = currentStamp(damage: run.damage)
                if stamp == nil { reading = readingCache(damage: run.damage) }
            }
            sources = try SourceTree(content: site.content, jobs: options.jobs)
            // Before the templates are compiled: a build with nothing to do needs no renderer
            // (their text is part of the key).
            if let stamp, sources.errors.isEmpty {
                let stampKey = BuildCache.key(settingsKey: settingsKey, sources: sources)
                var listed = run.report
                listed.warnings += sources.warnings
                if var unchanged = unchangedBuild(
                    stamp, sources: sources, key: stampKey, report: listed, damage: run.damage)
                {
                    unchanged.seconds = run.seconds
                    unchanged.timings = [("check", unchanged.seconds)]
                    return .unchanged(unchanged)
                }
                key = stampKey
                reading = readingCache(damage: run.damage)
            }
            renderer = try site.makeRenderer()
            if let earlierLock { lock = earlierLock } else { lock = try OutputLock(output: output) }
        } catch {
            throw run.fail([error])
        }
        run.report.warnings += sources.warnings
        if !sources.errors.isEmpty { throw run.fail(sources.errors) }
        let cache = SourceListing.Cache(
            key: key ?? BuildCache.key(settingsKey: settingsKey, sources: sources), settingsKey: settingsKey,
            reading: reading)
        return .changed(
            SourceListing(
                sources: sources, renderer: renderer, lock: lock, followsEarlierBuild: followsEarlierBuild,
                cache: cache))
    }

    /// The last build's stamp, unless there is none or a page it found unsettled was
    /// edited again since (which tells at once that the build has something to do). A
    /// stamp that does not verify is noted in `damage`.
    private func currentStamp(damage: CacheDamage) -> BuildStamp? {
        let stamp = BuildStamp(reading: stampFile, damage: damage)
        return stamp?.unsettledPagesAreUnchanged(contentPath: PagePass.folderPath(site.content)) == false ? nil : stamp
    }

    /// The last build's cache, read on a thread of its own; what does not verify is noted
    /// in `damage`.
    private func readingCache(damage: CacheDamage) -> Background<BuildCache.Reading> {
        Background { [output, options] in BuildCache.read(output: output, jobs: options.jobs, damage: damage) }
    }

    /// The report of a build that finds nothing to do: `sources` are those `stamp` was made
    /// from (see ``BuildStamp``), with the same `key` (its pages that were not settled were
    /// found unchanged before the listing); every asset's copy is current; and
    /// every file the output's manifest lists, which is the one the last build left, is in
    /// place. `nil` if any of that does not hold, or if the build is strict and would fail
    /// on a warning: the build then goes through the pages, as it would without a stamp.
    /// `report` holds the warnings about the site and its files. What is found damaged in
    /// the cache is noted in `damage`, and said in the report.
    private func unchangedBuild(
        _ stamp: BuildStamp, sources: SourceTree, key: String, report: BuildReport, damage: CacheDamage
    ) -> BuildReport? {
        guard !(options.isStrict && !(report.warnings.isEmpty && stamp.warnings.isEmpty)) else { return nil }
        let contentPath = PagePass.folderPath(site.content)
        let outputPath = PagePass.folderPath(output)
        guard stamp.matches(key: key, sources: sources),
            sources.assets.allSatisfy({ Publisher.isCopyCurrent(source: contentPath + $0, copy: outputPath + $0) })
        else { return nil }
        let cacheFolder = BuildCache.folder(for: output)
        let manifest = Manifest.contents(of: output)
        guard !manifest.isEmpty, BuildStamp.manifestHash(manifest) == stamp.manifest,
            BuildCache.filesIdentity(in: cacheFolder) == stamp.cacheFiles
        else { return nil }
        // The stamp, which verifies, holds the hash of the manifest: its checksum need not
        // be checked again.
        let files = manifest.dropLast(Checksum.digits + 2).split(separator: UInt8(ascii: "\n")).map {
            String(decoding: $0, as: UTF8.self)
        }
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
        report.warnings.sort(by: SiteWarning.inFileOrder)
        return report
    }
}
