import Renderer
import Sections

#if canImport(Glibc)
    import Glibc
#endif

/// A problem with one file of a site, located as precisely as it is known.
///
/// Printed as `Content/guide.md:12:3: error: message`, the form compilers use, so that
/// editors and CI logs link to the place.
public struct SiteError: LocatedProblem, Hashable, Sendable, CustomStringConvertible {
    public enum Severity: String, Sendable { case error, warning }

    /// The path relative to the site's folder (or as given on the command line).
    public var file: String
    public var line: Int?
    public var column: Int?
    public var message: String
    public var severity: Severity
    /// The `errno` of the failed system call, for a problem that is the file system's (a
    /// full disk, a name too long), not the site's: see ``collapsingDiskFailures(_:)``.
    var systemCode: Int32?
    /// See ``LocatedProblem``: a front matter or `foldmark.yml` with several wrong keys
    /// names them all in one run.
    public var otherProblems: [SiteError]

    public init(file: String, line: Int? = nil, column: Int? = nil, message: String, severity: Severity = .error) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
        self.severity = severity
        otherProblems = []
    }

    /// `what` could not be done to `file`, for the system's reason `code` (an `errno`).
    init(file: String, cannot what: String, code: Int32 = errno) {
        self.init(file: file, message: "cannot \(what): \(String(cString: strerror(code)))")
        systemCode = code
    }

    /// `errors` with those caused by a full disk or quota, or a read-only or failing file
    /// system, reduced to the first of each reason: every file written after the disk
    /// filled fails the same way, and thousands of such lines hide the one that matters.
    static func collapsingDiskFailures(_ errors: [SiteError]) -> [SiteError] {
        let wholeDisk: Set<Int32> = [ENOSPC, EDQUOT, EROFS, EIO]
        var kept: [SiteError] = []
        var firstOfCode: [Int32: Int] = [:]
        var more: [Int32: Int] = [:]
        for error in errors {
            guard let code = error.systemCode, wholeDisk.contains(code) else {
                kept.append(error)
                continue
            }
            if firstOfCode[code] == nil {
                firstOfCode[code] = kept.count
                kept.append(error)
            } else {
                more[code, default: 0] += 1
            }
        }
        for (code, count) in more {
            kept[firstOfCode[code]!].message += " (and \(count) more \(count == 1 ? "file" : "files") for the same reason)"
        }
        return kept
    }

    /// `error` and its ``SectionsError/otherProblems``, in `file`.
    init(file: String, _ error: SectionsError) {
        self.init(file: file, line: error.line, column: error.column, message: error.message)
        otherProblems = error.otherProblems.map { SiteError(file: file, $0) }
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
