/// Why the preview server or its watcher could not start.
///
/// Printed as `foldmark: error: <message>`, like other errors that belong to no file.
public struct ServerError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
