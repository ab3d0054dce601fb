import Basics
import FoundationEssentials

/// A build under way (see ``SiteBuilder/build(progress:)``): when it started, what its
/// pages are made with, and the report it fills in as its stages end.
struct BuildRun {
    let clock = ContinuousClock()
    let start: ContinuousClock.Instant
    /// When the build started, as ``SourceIdentity/settledTime()``: taken before any source
    /// is looked at, so that a source changed during the build is read again by the next.
    let settledBefore: Int64
    let settings: PageSettings
    let progress: BuildProgress?
    /// What is found damaged in the cache, from the last build's stamp on (see
    /// ``BuildCache``): said in one warning at the end of the build.
    let damage = CacheDamage()
    /// The warnings about the site and its sources, then those of every stage; the rest
    /// is filled in once the build is known not to have failed.
    var report = BuildReport()
    private let builder: SiteBuilder

    /// Starts a build of `builder`'s site, at ``BuildProgress/Step/listing``.
    init(_ builder: SiteBuilder, progress: BuildProgress?) {
        start = clock.now
        settledBefore = SourceIdentity.settledTime()
        progress?.start(.listing, pages: 0)
        report.warnings = builder.site.warnings
        settings = PageSettings(config: builder.site.config, options: builder.options)
        self.progress = progress
        self.builder = builder
    }

    /// The seconds since the build started.
    var seconds: Double { (clock.now - start).seconds }

    /// The failure of the build on `errors`, with the report so far (problems in the order
    /// of their files) and the seconds until now.
    func fail(_ errors: [SiteError]) -> BuildFailure {
        var report = report
        report.seconds = seconds
        report.errors = SiteError.collapsingDiskFailures(errors.sorted(by: SiteError.inFileOrder))
        report.warnings.sort(by: SiteWarning.inFileOrder)
        return BuildFailure(report: report)
    }

    /// Fails the build, as ``endPages(_:of:in:searchState:)`` does, if the `parsed` pages'
    /// report holds an error: the stages after the parse are not run.
    mutating func stopIfFailed(_ parsed: ParsedPages, in pass: PagePass) throws(BuildFailure) {
        guard !parsed.report.errors.isEmpty else { return }
        _ = try endPages([parsed.report], of: parsed, in: pass)
    }

    /// Takes into the report what the stages of `pass` over the `parsed` pages found
    /// (`reports`, in the order of the stages): their warnings and times, the numbers of
    /// pages and assets, the drafts left out and the pages taken from the cache. Returns
    /// their reports as one. Fails if the build was interrupted, or if they found an error
    /// (or, for a strict build, a warning); a failed build still writes `searchState` (it
    /// describes the index it was made with).
    mutating func endPages(
        _ reports: [StageReport], of parsed: ParsedPages, in pass: PagePass, searchState: SearchStateWrite? = nil
    ) throws(BuildFailure) -> StageReport {
        // Interrupted (Ctrl-C, see ``SiteBuilder/build(progress:)``): the stages stopped at
        // the next page, and nothing is published. Once publishing has begun, the build goes
        // to its end.
        if BuildInterruption.isRequested {
            var failure = fail([SiteError(file: builder.output.path, .interrupted(.build))])
            failure.isInterrupted = true
            throw failure
        }
        let pages = StageReport(joining: reports)
        report.timings = pages.timings
        report.warnings += pages.warnings
        report.pages = parsed.table.count
        report.assets = pass.sources.assets.count
        report.drafts = parsed.drafts.sources.count
        report.cached = parsed.table.reusedCount
        var errors = pages.errors
        if builder.options.isStrict {
            errors += report.warnings.map(SiteError.init(strict:))
            report.warnings = []
        }
        // A damaged cache is said once, but not counted by --strict: it is a fault of the
        // disk or of whatever changed the cache, not of the site, whose pages it built again
        // from their sources. The same site built again with nothing damaged passes.
        if let warning = damage.warning(pages: pass.sources.pages.count, folder: pass.cache.folder) {
            report.warnings.append(warning)
        }
        guard errors.isEmpty else {
            searchState?.write()
            throw fail(errors)
        }
        return pages
    }

    /// The report of the build, once it is `published`: with the files that its stages
    /// found `unchanged`. Waits for the build's stamp to be written.
    mutating func finish(_ published: PublishedSite, unchanged: Int) async -> BuildReport {
        report.written = published.files.written
        report.unchanged = published.files.unchanged + unchanged
        report.removed = published.files.removed
        report.timings.append(("publish", published.seconds))
        report.warnings.sort(by: SiteWarning.inFileOrder)
        await published.stampWritten.value
        report.seconds = seconds
        return report
    }
}
