import Foundation

Allocator.configure()
let tool = CommandLineTool(
    standardOutput: .standardOutput, standardError: .standardError, isTerminal: ProgressLine.standardErrorIsTerminal)
let status = await tool.run(Array(CommandLine.arguments.dropFirst()))
exit(status)
