import Basics
import CExitHelper
import Site

#if canImport(Glibc)
    import Glibc
#endif

Allocator.configure()
// A build or check is all this process does: what the build leaves is kept to the end.
let command = CommandLine.arguments.dropFirst().first
let endsWithBuild = command == "build" || command == "check"
if endsWithBuild { Leftovers.keepUntilExit() }
let tool = CommandLineTool(
    standardOutput: .standardOutput, standardError: .standardError, isTerminal: ProgressLine.standardErrorIsTerminal,
    stopsBuildsOnInterrupt: true, pathsFrom: CommandLineTool.workingFolder())
let status = await tool.run(Array(CommandLine.arguments.dropFirst()))
// Its outputs are written and published: the kernel frees its memory after the caller has
// seen it end (see CExitHelper). Not under a sanitizer, whose checks run at exit.
#if !FOLDMARK_SANITIZED
    if endsWithBuild { _ = foldmark_exit_helper_start() }
#endif
exit(status)
