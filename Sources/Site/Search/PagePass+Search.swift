import Basics
import FoundationEssentials

extension PagePass {
    /// The search index's files, and the state to keep for the next build.
    struct SearchOutcome {
        var outputs: [String] = []
        var staged: [String] = []
        var state: SearchStateWrite?
    }

    /// Writes the site's ``SearchIndex`` into the staging folder, from the cache records
    /// of `pages` (`records[i]` is that of `pages[i]`, `reused[i]` whether it was taken
    /// from the cache as it was), unless the site has no search. Returns every file of the
    /// index (for the manifest) and those staged: none when the index in the output folder
    /// was made from the same pages, which a no-op build finds by reading one line;
    /// otherwise those that differ from the files in place, when the output folder holds
    /// the index that the cache's ``SearchIndexState`` describes. The state for the next
    /// build is returned, to be written while the build is published. A page whose terms
    /// do not read back from the cache has them made again from its source, parsed with
    /// `resolver`'s links. `ownPacks` are the packs this build wrote.
    func writeSearchIndex(
        _ pages: [SitePage], records: [CachedPage?], reused: [Bool], resolver: LinkResolver, ownPacks: [String]
    ) async throws(SiteError) -> SearchOutcome {
        guard site.config.hasSearch else { return SearchOutcome() }
        if BuildInterruption.isRequested { throw Self.interruption }
        let (order, hash) = searchOrder(of: pages, records: records)
        let inPlace = searchIndexInPlace()
        if let inPlace, inPlace.hash == hash, inPlace.paths.allSatisfy({ FileIO.exists(outputPath + $0) }) {
            return SearchOutcome(outputs: inPlace.paths)
        }
        let indexed = order.map { position in
            let record = records[position]!
            var page = SearchIndex.Page(
                output: pages[position].output, sourceHash: record.sourceHash, title: record.title,
                headings: record.storedHeadings, search: record.search, hasPageEntry: record.searchHasPageEntry,
                source: record.source)
            if !reused[position], case .markdown(let source) = pages[position].kind,
                let old = cache.record(source, hint: position), old.sourceHash != record.sourceHash,
                let location = old.search
            {
                page.replaced = (old.sourceHash, location)
            }
            return page
        }
        // Read only for a build that does not find its index in place: from the moment the
        // first pass parsed a page (see ``SearchStatePrefetch``), or now.
        let previous = await searchStatePrefetch.state()
        // The files of the index in the output folder, if it is the one the state describes.
        var unchanged: [String: UInt64] = [:]
        if let previous, previous.hash == inPlace?.hash {
            unchanged = previous.files.filter { path, _ in
                FileIO.exists(outputPath + path)
            }
        }
        let (index, next) = await SearchIndex.make(
            pages: indexed, hash: hash, previous: previous, inPlace: unchanged, packs: cache.packFolder,
            written: ownPacks, jobs: options.jobs,
            recover: { [self] page in searchTerms(fromSource: page.source, title: page.title, resolver: resolver) },
            write: { path, bytes in FileIO.write(bytes, toPath: staging.appending(path: path).path) })
        // Cancelled (Ctrl-C): the last state stays for the next build.
        if BuildInterruption.isRequested { throw Self.interruption }
        let state = SearchStateWrite(
            state: next, file: cache.folder.appending(path: SearchIndexState.fileName), key: cache.key)
        if let failure = index.failure {
            state.write()
            throw SiteError(file: outputPath + failure.path, cannot: .writeSearchIndex, code: failure.code)
        }
        return SearchOutcome(outputs: index.paths, staged: index.staged, state: state)
    }

    /// The positions in `pages` of the pages the index holds, in the order of their outputs,
    /// and the hash of an index made from them: of the format, the cache key, and each
    /// page's output and source.
    ///
    /// (Their positions, not sorted copies of the pages, and their fields read in place: a
    /// copy of a page would retain all it holds. The list of their fields is made only when
    /// the index is not in place.)
    private func searchOrder(of pages: [SitePage], records: [CachedPage?]) -> (order: [Int], hash: String) {
        var hash = StableHash(SearchIndex.formatVersion)
        hash.combine(cache.key)
        let order = pages.indices.sorted(by: { pages[$0].output < pages[$1].output }).filter { position in
            guard case .markdown = pages[position].kind, !Self.isNotFoundPage(pages[position]) else { return false }
            return records[position] != nil
        }
        for position in order {
            hash.combine(pages[position].output)
            hash.combine(records[position]!.sourceHash)
        }
        return (order, hash.hex)
    }

    /// The hash and the files of the index in the output folder, as the first line of its
    /// `index.js` names them; `nil` if there is none of ours.
    private func searchIndexInPlace() -> (hash: String, paths: [String])? {
        let indexPath = SearchIndex.folder + "/index.js"
        guard case .success(let data) = FileIO.read(output.appending(path: indexPath).path),
            let line = String(decoding: data.prefix(200), as: UTF8.self).split(separator: "\n").first
        else { return nil }
        return SearchIndex.files(fromHeader: line)
    }
}
