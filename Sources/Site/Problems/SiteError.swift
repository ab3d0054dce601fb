import Basics
import Renderer
import Sections

#if canImport(Glibc)
    import Glibc
#endif

/// A problem with one file of a site that stops a build (or `render`, or `init`), located
/// as precisely as it is known. Its ``Reason`` is what went wrong; its ``message`` is made
/// from the reason in one place (``Reason/message``).
public struct SiteError: LocatedProblem, SiteProblem, Hashable, Sendable {
    public static let severity = "error"

    /// The path relative to the site's folder, or absolute: a file of the output or of the
    /// build cache, or one given on the command line.
    public var file: String
    public var line: Int?
    public var column: Int?
    public var reason: Reason
    /// How many other files failed for the same reason of the whole disk, said in this
    /// error's message instead of one error each (see ``collapsingDiskFailures(_:)``).
    var sameFailures = 0
    /// See ``LocatedProblem``: a front matter or `foldmark.yml` with several wrong keys
    /// names them all in one run.
    public var otherProblems: [SiteError]

    public init(file: String, line: Int? = nil, column: Int? = nil, _ reason: Reason) {
        self.file = file
        self.line = line
        self.column = column
        self.reason = reason
        otherProblems = []
    }

    /// `action` could not be done to `file`, for the system's reason `code` (an `errno`).
    public init(file: String, cannot action: FileAction, code: Int32 = errno) {
        self.init(file: file, .fileSystem(action, .code(code)))
    }

    /// `action` could not be done to `file`: Foundation's (or ``WriteFailure``'s) `error`,
    /// described with the path it names when `withPath`.
    init(file: String, cannot action: FileAction, _ error: any Error, withPath: Bool = false) {
        self.init(file: file, .fileSystem(action, .described(FileIO.describe(error, withPath: withPath))))
    }

    /// `error` and its ``SectionsError/otherProblems``, in `file`.
    init(file: String, _ error: SectionsError) {
        self.init(file: file, line: error.line, column: error.column, .sections(error.reason))
        otherProblems = error.otherProblems.map { SiteError(file: file, $0) }
    }

    /// `error` in a template of the theme in `themeFolder` (ending in `/`).
    init(themeFolder: String, _ error: RenderError) {
        self.init(file: themeFolder + error.file, line: error.line, column: error.column, .theme(error))
    }

    /// `warning`, which a strict build counts as an error.
    init(strict warning: SiteWarning) {
        self.init(file: warning.file, line: warning.line, column: warning.column, .strict(warning.reason))
    }

    public var message: String {
        guard sameFailures > 0 else { return reason.message }
        return reason.message + " (and " + NumberText.counted(sameFailures, "more file")
            + " for the same reason)"
    }

    /// `errors` with those caused by a full disk or quota, or a read-only or failing file
    /// system, reduced to the first of each reason: every file written after the disk
    /// filled fails the same way, and thousands of such lines hide the one that matters.
    static func collapsingDiskFailures(_ errors: [SiteError]) -> [SiteError] {
        let wholeDisk: Set<Int32> = [ENOSPC, EDQUOT, EROFS, EIO]
        var kept: [SiteError] = []
        var firstOfCode: [Int32: Int] = [:]
        for error in errors {
            guard case .fileSystem(let action, .code(let code)?) = error.reason, action.isWrite,
                wholeDisk.contains(code)
            else {
                kept.append(error)
                continue
            }
            if let first = firstOfCode[code] {
                kept[first].sameFailures += 1
            } else {
                firstOfCode[code] = kept.count
                kept.append(error)
            }
        }
        return kept
    }
}
