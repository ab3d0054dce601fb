@testable import foldmark
import Synchronization

/// Collects what the tool prints, for assertions.
final class CapturedOutput: Sendable {
    private let buffer = Mutex("")

    var stream: OutputStream {
        OutputStream { text in self.buffer.withLock { $0 += text } }
    }

    var text: String { buffer.withLock { $0 } }
}

struct ToolRun {
    var status: Int32
    var output: String
    var errors: String

    static func run(_ arguments: [String]) async -> ToolRun {
        let output = CapturedOutput()
        let errors = CapturedOutput()
        let status = await CommandLineTool(standardOutput: output.stream, standardError: errors.stream).run(arguments)
        return ToolRun(status: status, output: output.text, errors: errors.text)
    }
}
