import Foundation

/// Where the tool writes: a file descriptor, or a buffer for tests.
final class OutputStream: Sendable {
    private let write: @Sendable (String) -> Void

    init(_ write: @escaping @Sendable (String) -> Void) {
        self.write = write
    }

    static let standardOutput = OutputStream { FileHandle.standardOutput.write(Data($0.utf8)) }
    static let standardError = OutputStream { FileHandle.standardError.write(Data($0.utf8)) }

    func print(_ text: String) {
        write(text + "\n")
    }

    func printRaw(_ text: String) {
        write(text)
    }
}
