import Basics
import FoundationEssentials
import Site

extension CommandLineTool {
    /// `foldmark build`, and `foldmark check` when `keepsOutput` is false: `check` builds
    /// into a temporary folder, its build cache beside it, and removes both.
    func build(_ arguments: BuildArguments, keepsOutput: Bool) async -> Int32 {
        let root = URL(fileURLWithPath: arguments.site, isDirectory: true)
        let temporary = FileManager.default.temporaryDirectory.appending(path: "foldmark-check-\(UUID().uuidString)")
        let output =
            keepsOutput
            ? arguments.output.map { URL(fileURLWithPath: $0, isDirectory: true) }
                ?? root.appending(path: "_site", directoryHint: .isDirectory)
            : temporary.appending(path: "site")
        defer { if !keepsOutput { try? FileManager.default.removeItem(at: temporary) } }
        let options = BuildOptions(
            includesDrafts: arguments.includesDrafts, isStrict: arguments.isStrict, baseURL: arguments.baseURL,
            jobs: arguments.jobs)
        let paths = ProblemPaths(site: root, from: pathsFrom)
        let site: SiteFolder
        do {
            site = try SiteFolder(at: root)
        } catch {
            return fail(BuildReport(warnings: [], errors: error.allProblems).placed(by: paths), arguments, keepsOutput)
        }
        let progress = BuildProgress()
        let line = ProgressLine(
            stream: standardError, isTerminal: !arguments.isQuiet && !arguments.printsJSON && isTerminal)
        // Ctrl-C (or SIGTERM) stops the build at its next page: the staging folder (and for
        // `check`, the temporary folder) is removed and the output folder stays as it was.
        // A second one ends the process at once.
        if stopsBuildsOnInterrupt { InterruptSignals.interruptBuilds(exitingWith: Self.interruptedStatus) }
        let outcome = await line.run(progress) { () async -> Result<BuildReport, BuildFailure> in
            do throws(BuildFailure) {
                return .success(
                    try await SiteBuilder(site: site, output: output, options: options).build(progress: progress))
            } catch {
                return .failure(error)
            }
        }
        if stopsBuildsOnInterrupt { InterruptSignals.restoreDefaultAction() }
        switch outcome {
        case .success(let report):
            return succeed(report.placed(by: paths), arguments, summary: keepsOutput ? " → " + output.path : nil)
        case .failure(let failure) where failure.isInterrupted:
            if arguments.printsJSON { standardOutput.print(failure.report.placed(by: paths).json) }
            standardError.print(keepsOutput ? "Interrupted; the output folder was not changed." : "Interrupted.")
            return Self.interruptedStatus
        case .failure(let failure): return fail(failure.report.placed(by: paths), arguments, keepsOutput)
        }
    }

    /// Prints what a build that succeeded reports; `output` follows the summary of `build`,
    /// `nil` for `check`.
    private func succeed(_ report: BuildReport, _ arguments: BuildArguments, summary output: String?) -> Int32 {
        if arguments.printsJSON {
            standardOutput.print(report.json)
        }
        if !arguments.isQuiet {
            report.warnings.forEach { standardError.print($0.description) }
        }
        if !arguments.printsJSON && !arguments.isQuiet {
            standardOutput.print(output.map { report.summary + $0 } ?? report.checkSummary)
        }
        return 0
    }

    /// Prints what a build that failed reports, and the line that ends it: for `build`
    /// (`keepsOutput`), that its output folder is as it was; `check` has none.
    private func fail(_ report: BuildReport, _ arguments: BuildArguments, _ keepsOutput: Bool) -> Int32 {
        if arguments.printsJSON { standardOutput.print(report.json) }
        if !arguments.isQuiet { report.warnings.forEach { standardError.print($0.description) } }
        report.errors.forEach { standardError.print($0.description) }
        let errors = NumberText.counted(report.errors.count, "error")
        standardError.print(
            keepsOutput
                ? "Build failed with \(errors); the output folder was not changed." : "Check failed with \(errors).")
        return 1
    }
}
