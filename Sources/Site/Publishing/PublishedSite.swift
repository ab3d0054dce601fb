import Basics
import FoundationEssentials

/// A build moved into its output folder, with its cache saved (see
/// ``SiteBuilder/publish(_:parsed:warnings:pass:_:)``).
struct PublishedSite {
    /// The files that moved into place, stayed as they were, or went.
    var files: Publisher.Result
    /// The time it took, the cache's new index included.
    var seconds: Double
    /// The build's new stamp (see ``BuildStamp``), being written.
    var stampWritten: Task<Void, Never>
}

extension SiteBuilder {
    /// Moves the files of the `staged` site into the output folder, then writes the cache's
    /// new index of its pages, the output folders found whole, and a stamp of the build of
    /// the `parsed` pages with the `warnings` about them. The search index's state is
    /// written meanwhile (whatever happens: it describes the index it was made with).
    func publish(
        _ staged: StagedSite, parsed: ParsedPages, warnings: [SiteWarning], pass: PagePass, _ run: BuildRun
    ) async throws(BuildFailure) -> PublishedSite {
        async let searchStateWritten: Void = staged.searchState?.write() ?? ()
        let start = run.clock.now
        // From here on the output may change: the last build's stamp no longer holds.
        BuildStamp.remove(stampFile)
        let publisher = Publisher(output: output, staging: pass.staging, content: site.content)
        let cache = pass.cache
        // The cache's new index is made while the output is published, and written only
        // once it is: a cache that describes pages not in place would skip them next time.
        let save = staged.save.prepared(in: cache)
        let stamp = newStamp(of: parsed, warnings: warnings, pass: pass)
        do throws(SiteError) {
            let published = try publisher.publish(
                staged: staged.files.staged, outputs: staged.files.outputs, assets: pass.sources.assets)
            await cache.finishSave(await save.value)
            OutputFolders.unchanged(staged.outputFolders, in: output.path + "/").write(
                to: cache.folder.appending(path: OutputFolders.fileName), key: cache.key)
            // Written while the report is made, as the search index's state is.
            let stampWritten = Task { [stampFile, manifest = published.manifestHash] in
                guard var stamp = await stamp.value else { return }
                stamp.manifest = manifest
                stamp.cacheFiles = BuildCache.filesIdentity(in: cache.folder)
                stamp.write(to: stampFile)
            }
            let seconds = (run.clock.now - start).seconds
            await searchStateWritten
            return PublishedSite(files: published, seconds: seconds, stampWritten: stampWritten)
        } catch {
            await searchStateWritten
            throw run.fail([error])
        }
    }

    /// The stamp of the build of the `parsed` pages, made while the build is published,
    /// and written once it is (with the manifest and the cache's files as they then are).
    private func newStamp(
        of parsed: ParsedPages, warnings: [SiteWarning], pass: PagePass
    ) -> Task<BuildStamp?, Never> {
        Task {
            [
                key = pass.cache.key, sources = pass.sources, unsettled = parsed.unsettled,
                counts = (parsed.table.count, parsed.drafts.sources.count, parsed.table.markdownCount)
            ] in
            BuildStamp(
                key: key, sources: sources, unsettled: unsettled, pages: counts.0, drafts: counts.1,
                cached: counts.2, warnings: warnings)
        }
    }
}
