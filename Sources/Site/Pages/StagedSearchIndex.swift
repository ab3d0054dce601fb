import Basics

/// The site's search index, written into the staging folder (see
/// ``PagePass/writeSearchIndex(_:)``), and its state to keep for the next build.
struct StagedSearchIndex: Sendable {
    /// Every file of the index (for the manifest) and those staged: none when the index in
    /// the output folder was made from the same pages; otherwise those that differ from
    /// the files in place.
    var files = StagedFiles()
    /// To be written while the build is published.
    var state: SearchStateWrite?
    /// The index that could not be written, and the time it took.
    var report = StageReport()
}

extension PagePass {
    /// Writes the site's ``SearchIndex`` into the staging folder from the cache records of
    /// the `parsed` pages (see ``writeSearchIndex(_:records:reused:resolver:ownPacks:)``),
    /// unless the site has no search. It needs nothing of the stages after the parse (not
    /// the records' link warnings), so it runs beside them.
    func writeSearchIndex(_ parsed: ParsedPages) async -> StagedSearchIndex {
        let start = ContinuousClock.now
        var index = StagedSearchIndex()
        do throws(SiteError) {
            let table = parsed.table
            let outcome = try await writeSearchIndex(
                table.pages, records: table.records, reused: table.isReused, resolver: resolver,
                ownPacks: parsed.packs)
            index.files = StagedFiles(outputs: outcome.outputs, staged: outcome.staged)
            index.state = outcome.state
        } catch {
            index.report.errors.append(error)
        }
        index.report.timings.append(("search", (ContinuousClock.now - start).seconds))
        return index
    }
}
