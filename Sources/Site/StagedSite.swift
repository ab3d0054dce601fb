import Basics

/// A build's site in the staging folder (see ``SiteBuilder/stageSite(_:pass:)``): what
/// publishing moves into place, and what it saves in the cache.
struct StagedSite: Sendable {
    /// Every file of the output, and those staged, in the order the manifest lists them:
    /// the search index, the theme's files, the pages, the extra files.
    var files = StagedFiles()
    /// The cache records of the pages and the drafts, to save once the build is published.
    var save: LaidOutPages.CacheSave
    /// The folders of the output whose every page was in place (see ``OutputFolders``).
    var outputFolders: [String: SourceIdentity] = [:]
    /// The search index's state for the next build, written while the build is published.
    var searchState: SearchStateWrite?
    /// The reports of the stages that ran, in their order, from the parse's on.
    var reports: [StageReport]
}

extension SiteBuilder {
    /// Makes the site of the `parsed` pages of `pass` in the staging folder: resolves the
    /// pages' links, writes the theme's files, plans and lays out the pages, and writes the
    /// extra files. The search index is written meanwhile: it needs nothing of those stages
    /// (not the records' link warnings), and its steps that run on one core leave the other
    /// to them.
    ///
    /// A theme file that cannot be written stops the stages before any page is laid out.
    /// The search index, cancelled then, has ended when this returns (an `async let` is
    /// awaited at the end of its scope), so that the build's report has all it found.
    func stageSite(_ parsed: ParsedPages, pass: PagePass) async -> StagedSite {
        async let searchIndex = pass.writeSearchIndex(parsed)
        let resolved = await pass.resolveSite(parsed)
        let theme = pass.writeThemeFiles()
        guard theme.report.errors.isEmpty else {
            return StagedSite(
                save: LaidOutPages.CacheSave(state: resolved.state),
                reports: [parsed.report, resolved.report, theme.report])
        }
        let plan = await pass.planLayout(resolved)
        var laidOut = await pass.layOutPages(resolved, plan: plan, theme: theme.theme, parsed: parsed)
        let extras = pass.writeExtras(resolved.table.pages)
        let search = await searchIndex
        await pass.forgetDamagedTerms(in: &laidOut.save)
        let staged = StagedSite(
            files: StagedFiles(joining: [search.files, theme.files, laidOut.files, extras.files]),
            save: laidOut.save, outputFolders: laidOut.outputFolders, searchState: search.state,
            reports: [
                parsed.report, resolved.report, theme.report, plan.report, laidOut.report, extras.report,
                search.report,
            ])
        // The pages' tables and the navigation go on another thread, or are kept to the
        // exit (see ``Leftovers``), rather than keep the build waiting while they are freed.
        Leftovers.free((resolved, plan, laidOut))
        return staged
    }
}
