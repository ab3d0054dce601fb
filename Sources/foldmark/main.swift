import Site

#if canImport(Glibc)
    import Glibc
#endif

Allocator.configure()
// A build or check is all this process does: what the build leaves is kept to the end.
if let command = CommandLine.arguments.dropFirst().first, command == "build" || command == "check" {
    Leftovers.keepUntilExit()
}
let tool = CommandLineTool(
    standardOutput: .standardOutput, standardError: .standardError, isTerminal: ProgressLine.standardErrorIsTerminal)
let status = await tool.run(Array(CommandLine.arguments.dropFirst()))
exit(status)
