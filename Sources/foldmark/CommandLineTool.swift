import Site

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
                return await build(try BuildArguments(parsing: rest, as: BuildArguments.check), keepsOutput: false)
            case "render":
                return render(try RenderArguments(parsing: rest))
            case "serve":
                return await serve(try ServeArguments(parsing: rest))
            case "init":
                return initialize(try InitArguments(parsing: rest))
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
}
