import Basics
import Site

#if canImport(Glibc)
    import Glibc
#endif

/// Where the tool writes: a file descriptor, or a buffer for tests.
final class OutputStream: Sendable {
    private let write: @Sendable (String) -> Void

    init(_ write: @escaping @Sendable (String) -> Void) {
        self.write = write
    }

    static let standardOutput = OutputStream { writing($0, to: STDOUT_FILENO) }
    static let standardError = OutputStream { writing($0, to: STDERR_FILENO) }

    /// Writes `text` to the open file `descriptor`, all of it unless the file refuses.
    private static func writing(_ text: String, to descriptor: Int32) {
        var text = text
        _ = text.withUTF8 { FileIO.write(UnsafeRawBufferPointer($0), to: descriptor) }
    }

    func print(_ text: String) {
        write(text + "\n")
    }

    func printRaw(_ text: String) {
        write(text)
    }
}
