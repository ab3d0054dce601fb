import Basics
import Site

#if canImport(Glibc)
    import Glibc
#endif

/// The `foldmark` command: parses arguments, runs a command, prints messages and returns
/// the exit status (0 success, 1 content errors, 2 usage errors, 130 a build interrupted).
struct CommandLineTool {
    static let version = SiteBuilder.version
    /// Every command, in the order `foldmark --help` lists them.
    static let commands: [CommandHelp] = [
        BuildArguments.build.help, BuildArguments.check.help, RenderArguments.render.help,
        ServeArguments.serve.help, InitArguments.initialize.help,
    ]

    /// What `foldmark --help` prints: each command with its summary, from the declarations.
    static var usage: String {
        let width = commands.map(\.name.count).max() ?? 0
        let rows = commands.map { (command: CommandHelp) -> String in
            let padding = String(repeating: " ", count: width + 3 - command.name.count)
            return "  " + command.name + padding + command.summary
        }
        return """
            foldmark \(version): Markdown folders to static sites of collapsible sections

            USAGE:
              foldmark COMMAND [ARGUMENTS] [OPTIONS]
              foldmark help COMMAND       a command's arguments, options and examples
              foldmark --help | --version

            COMMANDS:
            \(rows.joined(separator: "\n"))

            Run 'foldmark help CMD' (or 'foldmark CMD --help') for the options of CMD.
            A site is a folder with Content/ (Markdown pages and assets), an optional Templates/
            (overriding the default theme file by file) and an optional foldmark.yml.
            Exit status: 0 success, 1 content errors, 2 usage errors, 130 interrupted (Ctrl-C).
            """
    }

    /// The help of the command named `name`: a usage error if there is none.
    static func help(of name: String) throws(UsageError) -> String {
        guard let command = commands.first(where: { $0.name == name }) else {
            throw unknownCommand(name)
        }
        return command.text
    }

    /// "unknown command 'bild' (did you mean 'build'?)": the suggestion only when a command
    /// is near enough (``EditDistance``).
    static func unknownCommand(_ name: String) -> UsageError {
        let suggestion = EditDistance.suggestion(for: name, among: commands.map(\.name) + ["help", "version"])
        return UsageError("unknown command '\(name)'" + EditDistance.didYouMean(suggestion))
    }

    /// Whether `arguments` (those after a command's name) ask for its help.
    static func asksForHelp(_ arguments: [String]) -> Bool {
        arguments.contains { $0 == "--help" || $0 == "-h" }
    }

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
    /// Where the files named in messages are printed from: the folder the `foldmark`
    /// process runs in (``workingFolder()``). Tests that run the command inside their own
    /// process, whose folder is not where a user would stand, keep the paths as the site
    /// names them.
    var pathsFrom = ProblemPaths.Origin.site

    /// The folder the process runs in, as the system gives it (free of symbolic links), or
    /// `.unknown` when it cannot (the folder was removed, or a folder above it cannot be
    /// read).
    static func workingFolder() -> ProblemPaths.Origin {
        guard let path = getcwd(nil, 0) else { return .unknown }
        defer { free(path) }
        return .folder(String(cString: path))
    }

    func run(_ arguments: [String]) async -> Int32 {
        do {
            guard let command = arguments.first else { throw UsageError("no command given") }
            let rest = Array(arguments.dropFirst())
            switch command {
            case "-h", "--help":
                standardOutput.print(Self.usage)
                return 0
            case "help":
                guard rest.count <= 1 else { throw UsageError("help takes one command, got \(rest.count)") }
                standardOutput.print(try rest.first.map(Self.help(of:)) ?? Self.usage)
                return 0
            case _ where Self.asksForHelp(rest) && Self.commands.contains { $0.name == command }:
                standardOutput.print(try Self.help(of: command))
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
                throw Self.unknownCommand(command)
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
