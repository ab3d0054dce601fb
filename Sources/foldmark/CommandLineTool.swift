import Basics
import FoundationEssentials
import Site

#if canImport(Glibc)
    import Glibc
#endif

/// The `foldmark` command: parses arguments, runs a command, prints messages and returns
/// the exit status (0 success, 1 content errors, 2 usage errors, 130 a build interrupted).
struct CommandLineTool {
    static let version = SiteBuilder.version
    static let usage = """
        foldmark \(version): Markdown folders to static sites of collapsible sections

        USAGE:
          foldmark build [SITE] [--out DIR] [--base-url URL] [--drafts] [--strict] [--json] [--quiet] [--jobs N]
                                   build SITE/Content into SITE/_site (SITE: the current folder)
          foldmark check [SITE] [--drafts] [--strict] [--json]
                                   build into a temporary folder, report problems, keep nothing
          foldmark render FILE.md  write one standalone page to standard output
          foldmark serve [SITE] [--port 8000] [--host 127.0.0.1] [--out DIR] [--drafts]
                                   build SITE, serve it with live reload, rebuild on every change
          foldmark init DIR [--force]
                                   create a new site in DIR (an empty or new folder)
          foldmark --help | --version

        OPTIONS:
          --out DIR        the output folder (default: SITE/_site)
          --base-url URL   where the site is published: canonical links, sitemap.xml, 404.html
          --drafts         include pages with 'draft: true' and sections marked {.draft}
          --strict         treat warnings (such as broken links) as errors
          --json           print the build report as JSON on standard output
          --quiet          print nothing but errors
          --jobs N         build N pages at once (default: one per core)

        A site is a folder with Content/ (Markdown pages and assets), an optional Templates/
        (overriding the default theme file by file) and an optional foldmark.yml.
        Exit status: 0 success, 1 content errors, 2 usage errors, 130 interrupted (Ctrl-C).
        """

    /// The exit status of a build stopped by Ctrl-C or SIGTERM, as a shell reports a
    /// command ended by SIGINT.
    static let interruptedStatus: Int32 = 130

    var standardOutput: OutputStream
    var standardError: OutputStream
    /// Whether standard error is a terminal, where a build shows a progress line.
    var isTerminal = false
    /// Whether Ctrl-C and SIGTERM stop a build cleanly (see ``build(_:keepsOutput:)``): set
    /// by the `foldmark` process, not by tests that run the command inside theirs, where a
    /// signal would stop every build of the process (``BuildInterruption`` is one flag).
    var stopsBuildsOnInterrupt = false

    func run(_ arguments: [String]) async -> Int32 {
        do {
            guard let command = arguments.first else { throw UsageError("no command given") }
            let rest = Array(arguments.dropFirst())
            switch command {
            case "-h", "--help", "help":
                standardOutput.print(Self.usage)
                return 0
            case "--version", "version":
                standardOutput.print("foldmark \(Self.version) (\(Allocator.name))")
                return 0
            case "build":
                return await build(try BuildArguments(parsing: rest), keepsOutput: true)
            case "check":
                return await build(try BuildArguments(parsing: rest, allowsOutput: false), keepsOutput: false)
            case "render":
                return try render(rest)
            case "serve":
                return await serve(try ServeArguments(parsing: rest))
            case "init":
                return try initialize(rest)
            default:
                throw UsageError("unknown command '\(command)'")
            }
        } catch let error as UsageError {
            standardError.print("foldmark: error: \(error.message)\nRun 'foldmark --help' for usage.")
            return 2
        } catch {
            standardError.print("foldmark: error: \(error)")
            return 1
        }
    }

    private func build(_ arguments: BuildArguments, keepsOutput: Bool) async -> Int32 {
        let root = URL(fileURLWithPath: arguments.site, isDirectory: true)
        // `check` builds into a folder of its own, its build cache beside it, and removes both.
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
        let site: SiteFolder
        do {
            site = try SiteFolder(at: root)
        } catch {
            return fail(BuildReport(warnings: [], errors: error.allProblems), arguments)
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
        let report: BuildReport
        switch outcome {
        case .success(let built): report = built
        case .failure(let failure) where failure.isInterrupted:
            if arguments.printsJSON { standardOutput.print(failure.report.json) }
            standardError.print(keepsOutput ? "Interrupted; the output folder was not changed." : "Interrupted.")
            return Self.interruptedStatus
        case .failure(let failure): return fail(failure.report, arguments)
        }
        if arguments.printsJSON {
            standardOutput.print(report.json)
        }
        if !arguments.isQuiet {
            report.warnings.forEach { standardError.print($0.description) }
        }
        if !arguments.printsJSON && !arguments.isQuiet {
            let summary = keepsOutput ? report.summary + " → " + output.path : "Checked: " + report.summary
            standardOutput.print(summary)
        }
        return 0
    }

    private func fail(_ report: BuildReport, _ arguments: BuildArguments) -> Int32 {
        if arguments.printsJSON { standardOutput.print(report.json) }
        if !arguments.isQuiet { report.warnings.forEach { standardError.print($0.description) } }
        report.errors.forEach { standardError.print($0.description) }
        let count = report.errors.count
        standardError.print(
            "Build failed with \(count) error\(count == 1 ? "" : "s"); the output folder was not changed.")
        return 1
    }

    /// `foldmark render FILE.md`: the page with the current folder's theme and configuration.
    private func render(_ arguments: [String]) throws(UsageError) -> Int32 {
        guard arguments.count == 1, let file = arguments.first, !file.hasPrefix("-") || file == "-" else {
            throw UsageError("render takes exactly one Markdown file")
        }
        do throws(SiteError) {
            let site = try SiteFolder(
                at: URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true))
            let data: Data
            switch file == "-" ? FileIO.readStandardInput() : FileIO.read(file) {
            case .success(let read): data = read
            case .failure(let failure): throw SiteError(file: file, message: "cannot read the file: \(failure.reason)")
            }
            let builder = PageBuilder(config: site.config, renderer: try site.makeRenderer())
            let source = SourceText(decoding: data)
            source.warnings(file: file).forEach { standardError.print($0.description) }
            let (_, html) = try builder.page(markdown: source.text, file: file, rootPath: "")
            standardOutput.printRaw(html)
            return 0
        } catch {
            error.allProblems.forEach { standardError.print($0.description) }
            return 1
        }
    }

    private func initialize(_ arguments: [String]) throws(UsageError) -> Int32 {
        let force = arguments.contains("--force")
        let folders = arguments.filter { $0 != "--force" }
        if let option = folders.first(where: { $0.hasPrefix("-") }) { throw UsageError("unknown option '\(option)'") }
        guard folders.count == 1, let folder = folders.first else { throw UsageError("init takes one folder") }
        do throws(SiteError) {
            let created = try SiteInitializer.create(at: URL(fileURLWithPath: folder, isDirectory: true), force: force)
            created.forEach { standardOutput.print("created \(folder)/\($0)") }
            standardOutput.print("Build it with: foldmark build \(folder)")
            return 0
        } catch {
            standardError.print(error.description)
            return 1
        }
    }
}
