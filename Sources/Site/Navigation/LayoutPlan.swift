import Basics

/// Which pages of a build the layout has to lay out again, and the navigation it lays
/// them out with (see ``PagePass/planLayout(_:)``).
struct LayoutPlan: Sendable {
    /// Whether each page's output is in place as an earlier build laid it out under the
    /// same navigation: such a page needs no layout.
    var upToDate: [Bool]
    /// Each page's index among the navigable pages: all but the 404 page.
    var positions: [Int?]
    /// The site's navigation, prepared for the pages that are not up to date; `nil` when
    /// every page is.
    var navigation: Navigation?
    /// The folders of the output, as they were when each page was looked for.
    var folders: OutputFolderCheck
    /// The time it took, as part of the layout's.
    var report: StageReport
}

extension PagePass {
    /// Finds the pages of `site` that need laying out, and makes the navigation for them.
    ///
    /// Under the navigation of the last build, a page taken from the cache, or a folder's
    /// generated index, is laid out as it was then: if its output is still in place, it
    /// needs no navigation, and when no page does, the navigation is not made.
    func planLayout(_ site: ResolvedSite) async -> LayoutPlan {
        let start = ContinuousClock.now
        let pages = site.table.pages
        let records = site.table.records
        let reused = site.table.isReused
        let navigationUnchanged = cache.siteState?.navigation == site.state.navigation
        let folders = OutputFolderCheck(
            pages: pages, outputPath: outputPath, cache: cache, looksForPages: navigationUnchanged)
        let upToDate = await Parallel.map(pages.count, jobs: options.jobs) { index in
            guard navigationUnchanged else { return false }
            if case .markdown = pages[index].kind {
                guard reused[index], records[index]?.contextHash.isEmpty == false else { return false }
            }
            return folders.exists(index, output: pages[index].output)
        }
        var positions: [Int?] = []
        positions.reserveCapacity(pages.count)
        var navigableCount = 0
        for index in pages.indices {
            let isNotFound = Self.isNotFoundPage(pages[index])
            positions.append(isNotFound ? nil : navigableCount)
            if !isNotFound { navigableCount += 1 }
        }
        var navigation: Navigation?
        if upToDate.contains(false) {
            var made = Navigation(
                pages: pages, leavingOut: pages.firstIndex(where: Self.isNotFoundPage), homeTitle: homeTitle)
            made.prepare(forPages: positions.indices.compactMap { upToDate[$0] ? nil : positions[$0] })
            navigation = made
        }
        return LayoutPlan(
            upToDate: upToDate, positions: positions, navigation: navigation, folders: folders,
            report: StageReport(step: "layout", seconds: (ContinuousClock.now - start).seconds))
    }
}
