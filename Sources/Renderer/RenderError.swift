/// A theme that cannot be used: a missing file or a template with a syntax error.
public struct RenderError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The theme file's name, e.g. `page.html`.
    public var file: String
    public var line: Int?
    public var column: Int?
    public var message: String

    public init(file: String, line: Int? = nil, column: Int? = nil, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    public var description: String {
        [file, line.map(String.init), column.map(String.init)].compactMap { $0 }.joined(separator: ":")
            + ": error: " + message
    }
}
