import Foundation

extension PagePass {
    /// Starts reading the ``SearchIndexState`` kept in the cache, if the site has search.
    func startReadingSearchState() -> Task<SearchIndexState?, Never>? {
        guard site.config.hasSearch else { return nil }
        let file = cache.folder.appending(path: SearchIndexState.fileName)
        let key = cache.key
        return Task { SearchIndexState(reading: file, key: key) }
    }

    /// Writes the site's ``SearchIndex`` into the staging folder, from the cache records
    /// of `pages` (`records[i]` is that of `pages[i]`), unless the site has no search. Returns every file of the index (for the
    /// manifest) and those staged: none when the index in the output folder was made from
    /// the same pages, which a no-op build finds by reading one line; otherwise those that
    /// differ from the files in place, when the output folder holds the index that the
    /// cache's ``SearchIndexState`` describes. `state` is that state being read, if the
    /// caller started reading it; otherwise it is read once it is needed. The state for the
    /// next build is written by the task returned, which the build awaits once published.
    func writeSearchIndex(
        _ pages: [SitePage], records: [CachedPage?], state: Task<SearchIndexState?, Never>? = nil
    ) async throws(SiteError) -> (outputs: [String], staged: [String], stateWrite: Task<Void, Never>?) {
        guard site.config.hasSearch else { return ([], [], nil) }
        let stateFile = cache.folder.appending(path: SearchIndexState.fileName)
        var indexed: [SearchIndex.Page] = []
        var hash = StableHash(SearchIndex.formatVersion)
        hash.combine(cache.key)
        // (The pages' order, not sorted copies of the pages: they are large.)
        for position in pages.indices.sorted(by: { pages[$0].output < pages[$1].output }) {
            let page = pages[position]
            guard case .markdown = page.kind, !Self.isNotFoundPage(page), let record = records[position] else {
                continue
            }
            indexed.append(
                SearchIndex.Page(
                    output: page.output, sourceHash: record.sourceHash, title: record.title,
                    headings: record.storedHeadings, search: record.search,
                    hasPageEntry: record.searchHasPageEntry))
            hash.combine(page.output)
            hash.combine(record.sourceHash)
        }
        let indexPath = SearchIndex.folder + "/index.js"
        var inPlace: String?
        if case .success(let data) = FileIO.read(output.appending(path: indexPath).path),
            let line = String(decoding: data.prefix(200), as: UTF8.self).split(separator: "\n").first,
            let (previous, paths) = SearchIndex.files(fromHeader: line)
        {
            if previous == hash.hex,
                paths.allSatisfy({ FileIO.exists(outputPath + $0) })
            {
                state?.cancel()
                return (paths, [], nil)
            }
            inPlace = previous
        }
        // Read only now if not already: a build that finds its index in place has no use for it.
        let previous: SearchIndexState?
        if let state {
            previous = await state.value
        } else {
            previous = SearchIndexState(reading: stateFile, key: cache.key)
        }
        // The files of the index in the output folder, if it is the one the state describes.
        var unchanged: [String: UInt64] = [:]
        if let previous, previous.hash == inPlace {
            unchanged = previous.files.filter { path, _ in
                FileIO.exists(outputPath + path)
            }
        }
        let (index, next) = await SearchIndex.make(
            pages: indexed, hash: hash.hex, previous: previous, inPlace: unchanged, packs: cache.packFolder,
            jobs: options.jobs
        ) { path, text in
            FileIO.write(text, toPath: staging.appending(path: path).path)
        }
        let key = cache.key
        let stateWrite = Task {
            if next?.write(to: stateFile, key: key) != true { try? FileManager.default.removeItem(at: stateFile) }
        }
        if let failure = index.failure {
            await stateWrite.value
            throw SiteError(file: failure, message: "cannot write the search index")
        }
        return (index.paths, index.staged, stateWrite)
    }
}
