import Foundation

let status = await CommandLineTool(standardOutput: .standardOutput, standardError: .standardError)
    .run(Array(CommandLine.arguments.dropFirst()))
exit(status)
