import Basics
import FoundationEssentials

/// `foldmark init`: a new site that builds at once, with every setting listed, a home page
/// that says what to do next, and a `.gitignore` for what builds write beside `Content/`.
public enum SiteInitializer {
    /// What ``create(at:force:)`` did to one file, named by its path in the site's folder.
    public enum Change: Equatable, Sendable {
        case created(String)
        /// An existing file that got these lines at its end.
        case extended(String, lines: [String])
    }

    static let gitignore = ".gitignore"

    /// What `git init` or a new repository's first clone leaves in a folder: a folder that
    /// holds only these is a place to start a site, not someone's files to be kept apart.
    static let gitFiles: Set<String> = [".git", gitignore, ".gitattributes"]

    /// The lines of `.gitignore` for the output folder and the build cache beside it.
    static let ignoredFolders = ["_site/", BuildCache.folderName + "/"]

    static var files: [(path: String, text: String)] {
        [
            (SiteConfig.fileName, configuration),
            (SiteFolder.contentFolder + "/index.md", homePage),
            (gitignore, ignoredFolders.joined(separator: "\n") + "\n"),
        ]
    }

    /// Writes the starter files into `folder`. A folder that already has files (but those of
    /// ``gitFiles``) is refused unless `force` is set; even then no existing file is overwritten, except that a
    /// `.gitignore` that lacks a line of ``ignoredFolders`` gets it at its end.
    public static func create(at folder: URL, force: Bool) throws(SiteError) -> [Change] {
        let existing = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        if !existing.allSatisfy(gitFiles.contains) && !force {
            throw SiteError(file: folder.path, .output(.folderNotEmpty))
        }
        var changes: [Change] = []
        for (path, text) in files {
            let url = folder.appending(path: path)
            if FileManager.default.fileExists(atPath: url.path) {
                if path == gitignore, let change = try extendIgnoreFile(at: url) { changes.append(change) }
                continue
            }
            do {
                try FileManager.default.createDirectory(
                    at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(text.utf8).write(to: url, options: .withoutOverwriting)
            } catch {
                throw SiteError(file: url.path, cannot: .write, error)
            }
            changes.append(.created(path))
        }
        return changes
    }

    /// Adds to the `.gitignore` at `url` each line of ``ignoredFolders`` that it lacks,
    /// leaving the rest as it is; `nil` if it lacks none.
    private static func extendIgnoreFile(at url: URL) throws(SiteError) -> Change? {
        let data: Data
        switch FileIO.read(url.path) {
        case .success(let read): data = read
        case .failure(let failure): throw SiteError(file: url.path, cannot: .readFile, code: failure.code)
        }
        let missing = missingLines(in: SiteFolder.decode(data))
        guard !missing.isEmpty else { return nil }
        let separator = data.isEmpty || data.last == UInt8(ascii: "\n") ? "" : "\n"
        let failure = FileIO.append(separator + missing.joined(separator: "\n") + "\n", toPath: url.path)
        guard failure == 0 else { throw SiteError(file: url.path, cannot: .write, code: failure) }
        return .extended(gitignore, lines: missing)
    }

    /// The lines of ``ignoredFolders`` that the `.gitignore` text `text` lacks. A line
    /// counts as there in any of the forms that ignore the same folder of the site: with
    /// or without a leading or a trailing `/`.
    static func missingLines(in text: String) -> [String] {
        let present = Set(
            text.split(whereSeparator: \.isNewline).map { line in
                var line = line.drop(while: \.isWhitespace)
                while line.last?.isWhitespace == true { line = line.dropLast() }
                if line.hasPrefix("/") { line = line.dropFirst() }
                if line.hasSuffix("/") { line = line.dropLast() }
                return String(line)
            })
        return ignoredFolders.filter { !present.contains(String($0.dropLast())) }
    }
}
