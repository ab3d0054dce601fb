import FoldmarkTestSupport
import Testing

@testable import foldmark

@Suite struct HelpTests {
    /// Each command's declared name, positional argument and option names.
    static let declared: [(name: String, words: [String])] = [
        words(BuildArguments.build), words(BuildArguments.check), words(RenderArguments.render),
        words(ServeArguments.serve), words(InitArguments.initialize),
    ]

    static func words<Arguments>(_ command: CommandDeclaration<Arguments>) -> (name: String, words: [String]) {
        let options = command.options.flatMap { $0.names + [$0.summary] + ($0.valueName.map { [$0] } ?? []) }
        return (command.name, [command.positional.name, command.positional.summary] + options + command.examples)
    }

    /// `help CMD`, `CMD --help` and `CMD -h` print the same help, with every declared option,
    /// on standard output, and exit 0.
    @Test(arguments: declared.map(\.name))
    func everyCommandShowsEveryOption(command: String) async throws {
        let words = try #require(Self.declared.first { $0.name == command }).words
        let runs = [
            await ToolRun.run(["help", command]), await ToolRun.run([command, "--help"]),
            await ToolRun.run([command, "x", "-h"]),
        ]
        for run in runs {
            #expect(run.status == 0)
            #expect(run.errors.isEmpty)
            #expect(run.output == runs[0].output)
            #expect(run.output.hasPrefix("foldmark \(command): "))
            #expect(run.output.contains("\nEXAMPLES:\n  foldmark \(command)"))
            for word in words { #expect(run.output.contains(word), "\(command): \(word)") }
        }
    }

    /// The usage line names every option with its value: `[--jobs N]`.
    @Test func usageLineNamesEachOption() {
        #expect(
            BuildArguments.build.usageLine
                == "foldmark build [SITE] [--out DIR] [--base-url URL] [--drafts] [--strict] [--json] [--quiet] [--jobs N]")
        #expect(InitArguments.initialize.usageLine == "foldmark init DIR [--force]")
    }

    /// `--help` lists each command with its summary and points to `help CMD`.
    @Test func overviewListsEveryCommand() async {
        for arguments in [["--help"], ["-h"], ["help"]] {
            let run = await ToolRun.run(arguments)
            #expect(run.status == 0)
            for command in CommandLineTool.commands {
                #expect(run.output.contains("  \(command.name) ") && run.output.contains(command.summary))
            }
            #expect(run.output.contains("foldmark help CMD"))
        }
    }

    @Test(arguments: [["help", "nosuch"], ["help", "build", "check"]])
    func helpOfNoCommandIsAUsageError(arguments: [String]) async {
        let run = await ToolRun.run(arguments)
        #expect(run.status == 2)
        #expect(run.output.isEmpty)
        #expect(run.errors.hasPrefix("foldmark: error: "))
    }
}

@Suite struct ArgumentSuggestionTests {
    @Test(arguments: [
        (["bild"], "unknown command 'bild' (did you mean 'build'?)"),
        (["help", "serv"], "unknown command 'serv' (did you mean 'serve'?)"),
        (["frobnicate"], "unknown command 'frobnicate'"),
        (["build", "--outt", "x"], "unknown option '--outt' (did you mean '--out'?)"),
        (["serve", "--prot", "1"], "unknown option '--prot' (did you mean '--port'?)"),
        (["check", "--out", "x"], "unknown option '--out'"),
        (["build", "--drafts=yes"], "unknown option '--drafts=yes'"),
        (["build", "--zzzzzz"], "unknown option '--zzzzzz'"),
    ])
    func usageErrorsSuggestTheNearName(arguments: [String], message: String) async {
        let run = await ToolRun.run(arguments)
        #expect(run.status == 2)
        #expect(run.errors == "foldmark: error: \(message)\nRun 'foldmark --help' for usage.\n")
    }
}
