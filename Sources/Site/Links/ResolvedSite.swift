import Basics

/// The pages of a build as a site (see ``PagePass/resolveSite(_:)``): each page's links
/// checked against every other page, and the state of the site that decides which pages
/// an earlier build laid out as they would be now.
struct ResolvedSite: Sendable {
    /// The pages, each record with the warnings about its links.
    var table: PageTable
    /// The state of the site that the records were made under.
    var state: SiteState
    /// The warnings about the pages' links, in page order, and the time it took.
    var report: StageReport
}

extension PagePass {
    /// Checks the links of every page of `parsed` on every core, and keeps the warnings
    /// in each page's record. A page taken from the cache keeps its warnings while no
    /// page's section ids changed.
    func resolveSite(_ parsed: ParsedPages) async -> ResolvedSite {
        let start = ContinuousClock.now
        var table = parsed.table
        let state = SiteState(
            navigation: SiteState.navigationHash(of: table.pages, homeTitle: homeTitle),
            links: SiteState.linkTargetsHash(of: table.pages, drafts: parsed.drafts.sources))
        // (Not from a cache made from other sources: a link to a file may lead somewhere now.)
        let reusesWarnings = cache.earlierSources == nil && cache.siteState?.links == state.links
        let checkedCount =
            reusesWarnings
            ? table.pages.indices.count { index in
                guard case .markdown = table.pages[index].kind else { return false }
                return !table.isReused[index]
            } : table.count
        let linkWarnings = await checkLinks(
            table, reusesWarnings: reusesWarnings, checking: checkedCount, drafts: parsed.drafts.sources)
        var warnings: [SiteWarning] = []
        for (index, pageWarnings) in linkWarnings.enumerated() {
            warnings += pageWarnings
            guard table.records[index] != nil, !(reusesWarnings && table.isReused[index]) else { continue }
            table.records[index]?.linkWarnings = pageWarnings.map(CachedPage.Warning.init)
        }
        let seconds = (ContinuousClock.now - start).seconds
        return ResolvedSite(
            table: table, state: state, report: StageReport(warnings: warnings, timings: [("site", seconds)]))
    }

    /// The warnings about each page's links, in page order, on any core: a page taken from
    /// the cache keeps its own when `reusesWarnings`, the others' links are checked
    /// (`checking` of them). The checker, which holds every page's section ids, is gone
    /// once it returns.
    private func checkLinks(
        _ table: PageTable, reusesWarnings: Bool, checking: Int, drafts: Set<String>
    ) async -> [[SiteWarning]] {
        let pages = table.pages
        let records = table.records
        let reused = table.isReused
        let checker =
            checking > 0 ? LinkChecker(resolver: resolver, pages: pages, drafts: drafts, checking: checking) : nil
        return await Parallel.map(pages.count, jobs: options.jobs, chunk: Self.chunk) { index, _ in
            guard case .markdown(let source) = pages[index].kind else { return [SiteWarning]() }
            // Every Markdown page has a record, with its links.
            guard let record = records[index] else { return [SiteWarning]() }
            if reused[index] && reusesWarnings { return record.warnings() }
            return checker?.warnings(for: record.links, in: source) ?? []
        }
    }
}
