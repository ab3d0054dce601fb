import Renderer
import Sections

/// A problem with one file of a site, located as precisely as it is known.
///
/// Printed as `Content/guide.md:12:3: error: message`, the form compilers use, so that
/// editors and CI logs link to the place.
public struct SiteError: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Severity: String, Sendable { case error, warning }

    /// The path relative to the site's folder (or as given on the command line).
    public var file: String
    public var line: Int?
    public var column: Int?
    public var message: String
    public var severity: Severity

    public init(file: String, line: Int? = nil, column: Int? = nil, message: String, severity: Severity = .error) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
        self.severity = severity
    }

    init(file: String, _ error: SectionsError) {
        self.init(file: file, line: error.line, column: error.column, message: error.message)
    }

    init(themeFolder: String, _ error: RenderError) {
        self.init(file: themeFolder + error.file, line: error.line, column: error.column, message: error.message)
    }

    public var description: String {
        var location = file
        if let line { location += ":\(line)" }
        if let column { location += ":\(column)" }
        return "\(location): \(severity.rawValue): \(message)"
    }
}
