/// What ``SiteError`` and ``SiteWarning`` share: a place in one file and a message,
/// printed as `Content/guide.md:12:3: error: message`, the form compilers use, so that
/// editors and CI logs link to the place.
public protocol SiteProblem: CustomStringConvertible, Sendable {
    /// The path relative to the site's folder, or absolute: a file of the output or of the
    /// build cache, or one given on the command line.
    var file: String { get }
    var line: Int? { get }
    var column: Int? { get }
    /// The words after the place and the severity.
    var message: String { get }
    /// `error` or `warning`, printed between the place and the message.
    static var severity: String { get }
}

extension SiteProblem {
    public var description: String {
        var location = file
        if let line { location += ":\(line)" }
        if let column { location += ":\(column)" }
        return "\(location): \(Self.severity): \(message)"
    }

    /// Whether `a` comes before `b` in a report: by file, line and column, then by message
    /// (made only for two problems at one place).
    static func inFileOrder(_ a: Self, _ b: Self) -> Bool {
        let (placeA, placeB) = ((a.file, a.line ?? 0, a.column ?? 0), (b.file, b.line ?? 0, b.column ?? 0))
        guard placeA == placeB else { return placeA < placeB }
        return a.message < b.message
    }
}
