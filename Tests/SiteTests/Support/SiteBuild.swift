import FoldmarkTestSupport
import FoundationEssentials
import Sections
import Site

/// A build of a ``TemporarySite`` through ``SiteBuilder``, as `foldmark build` runs one but
/// without the command line: the report of the build, whether it succeeded or failed.
struct SiteBuild {
    var report: BuildReport
    /// Whether the build published the site (`foldmark build` exits with 0).
    var succeeded: Bool
    /// Whether the build stopped because its task was cancelled.
    var isInterrupted = false

    var written: [String] { report.written }
    var cached: Int { report.cached }
    /// Each warning as `foldmark build` prints it: `Content/a.md:3:1: warning: message`.
    var warnings: [String] { report.warnings.map(\.description) }
    /// Each error as `foldmark build` prints it: `Content/a.md:3:1: error: message`.
    var errors: [String] { report.errors.map(\.description) }
}

extension TemporarySite {
    /// Builds the site into `folder`, a path relative to its root.
    func build(into folder: String = "_site", _ options: BuildOptions = BuildOptions()) async -> SiteBuild {
        await build(output: root.appending(path: folder, directoryHint: .isDirectory), options)
    }

    /// Builds the site into `output`, which may be anywhere.
    func build(output: URL, _ options: BuildOptions = BuildOptions()) async -> SiteBuild {
        let folder: SiteFolder
        do {
            folder = try SiteFolder(at: root)
        } catch {
            return SiteBuild(report: BuildReport(errors: error.allProblems), succeeded: false)
        }
        do throws(BuildFailure) {
            let report = try await SiteBuilder(site: folder, output: output, options: options).build()
            return SiteBuild(report: report, succeeded: true)
        } catch {
            return SiteBuild(report: error.report, succeeded: false, isInterrupted: error.isInterrupted)
        }
    }
}
