import Basics
import FoundationEssentials

/// How the files of a site's problems are named where they are printed: a build names
/// them relative to the site's folder (or absolute, outside it), and a person who ran
/// `foldmark build mydocs` from the folder above needs `mydocs/Content/guide.md:12:3` to
/// open the place from the terminal or the editor.
public struct ProblemPaths: Sendable {
    /// Where the paths are read from.
    public enum Origin: Sendable {
        /// The site's folder: paths as the build names them.
        case site
        /// The absolute folder the command ran in: each path from there, or absolute when
        /// that is shorter (``PathFromFolder/shortest(to:from:)``).
        case folder(String)
        /// Unknown (the system could not give the working folder): paths absolute.
        case unknown
    }

    private let site: String
    private let origin: Origin

    /// The paths of problems of the site at `site` (an absolute file URL), from `origin`.
    public init(site: URL, from origin: Origin) {
        self.site = site.standardizedFileURL.path
        self.origin = origin
    }

    /// `file`, a problem's (relative to the site's folder, or absolute), from the origin;
    /// `""` (a problem of no one file) stays so.
    public func path(_ file: String) -> String {
        if case .site = origin { return file }
        guard !file.isEmpty else { return file }
        let absolute = file.hasPrefix("/") ? file : site + "/" + file
        guard case .folder(let folder) = origin else { return PathFromFolder.absolute(absolute) }
        return PathFromFolder.shortest(to: absolute, from: folder)
    }
}

extension SiteError {
    /// The error with its file, those of its ``otherProblems`` and the site folder its
    /// reason names, as `paths` prints them.
    public func placed(by paths: ProblemPaths) -> SiteError {
        var placed = self
        placed.file = paths.path(file)
        placed.otherProblems = otherProblems.map { $0.placed(by: paths) }
        switch reason {
        case .sources(.noSiteFolder(let site)): placed.reason = .sources(.noSiteFolder(site: paths.path(site)))
        case .sources(.noContentFolder(let site)): placed.reason = .sources(.noContentFolder(site: paths.path(site)))
        default: break
        }
        return placed
    }
}

extension SiteWarning {
    /// The warning with its file as `paths` prints it.
    public func placed(by paths: ProblemPaths) -> SiteWarning {
        var placed = self
        placed.file = paths.path(file)
        return placed
    }
}

extension BuildReport {
    /// The report with the files of its warnings and errors as `paths` prints them, for
    /// its messages and its JSON alike.
    public func placed(by paths: ProblemPaths) -> BuildReport {
        var placed = self
        placed.warnings = warnings.map { $0.placed(by: paths) }
        placed.errors = errors.map { $0.placed(by: paths) }
        return placed
    }
}
