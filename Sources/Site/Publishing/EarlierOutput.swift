import Basics
import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// What an output folder holds of earlier builds, as far as foldmark can tell: which of its
/// files ``Publisher`` may replace or remove.
///
/// The files that the output's ``Manifest`` lists are foldmark's. An output folder built by
/// a foldmark that kept its manifest and lock inside it still holds them there: that
/// manifest is read as if it were beside the folder, and both files are removed as the new
/// site is published (foldmark wrote them; the new manifest goes beside the folder).
///
/// Without a manifest (the cache folder was deleted, the manifest in it is damaged, the
/// output folder was copied or committed without it, or foldmark never built into it),
/// nothing says which files are foldmark's. The folder is then taken as an earlier build of
/// the site when every file in it is one that this build writes, the theme's files among
/// them (in `_foldmark/`, named after their content, which a folder of someone else's does
/// not hold): what a build left, with pages changed since. Otherwise no file in it counts
/// as foldmark's: a build that would replace one is refused, and a file the build does not
/// write is left alone (and never removed: it may be a page of a removed source, or
/// someone's own).
struct EarlierOutput {
    /// Whether the manifest beside the folder is the new one to the byte: the build makes
    /// the files of the build before, all foldmark's.
    var isSameListing = false
    /// Whether a manifest (beside the folder or inside it) says which files are foldmark's.
    var hasManifest = false
    /// The files of the manifest, but when ``isSameListing``.
    var files: Set<String> = []
    /// Whether the folder holds no file (but those of an older foldmark).
    var isEmpty = false
    /// Whether the folder, without a manifest, is taken as an earlier build of the site.
    var isAdopted = false
    /// The manifest and lock of an older foldmark inside the folder.
    var legacyFiles: [String] = []

    /// What `output` holds, for a build whose manifest is `listing` and which writes
    /// `outputs` (in the same order).
    init(output: URL, listing: [UInt8], outputs: @autoclosure () -> [String]) {
        let outputPath = PagePass.folderPath(output)
        legacyFiles = [Manifest.stagedName, OutputLock.legacyName].filter {
            FileIO.isRegularFileWithoutFollowing(outputPath + $0)
        }
        let previous = Manifest.contents(of: output)
        if !previous.isEmpty, previous == listing {
            isSameListing = true
            hasManifest = true
            return
        }
        // A manifest beside the folder that does not verify counts as missing.
        let lines =
            previous.isEmpty && legacyFiles.contains(Manifest.stagedName)
            ? Manifest.contents(at: output.appending(path: Manifest.stagedName)) : Manifest.verifiedLines(previous)
        hasManifest = lines.map { !$0.isEmpty } ?? false
        files = lines.map { Manifest(parsing: $0).files } ?? []
        guard files.isEmpty else { return }
        // Only without a manifest (or with one listing nothing) is the folder looked through.
        let top = (try? FileManager.default.contentsOfDirectory(atPath: output.path)) ?? []
        isEmpty = top.allSatisfy { legacyFiles.contains($0) }
        isAdopted = !hasManifest && !isEmpty && Self.holdsOnly(outputs(), in: outputPath)
    }

    /// Whether every file under the folder at `outputPath` is one of `outputs`, the
    /// theme's files among them.
    private static func holdsOnly(_ outputs: [String], in outputPath: String) -> Bool {
        let outputs = Set(outputs)
        var foundTheme = false
        let isComplete = forEachFile(in: outputPath, under: "") { path in
            guard !(path == Manifest.stagedName || path == OutputLock.legacyName) else { return true }
            foundTheme = foundTheme || path.hasPrefix(ThemeFiles.folder + "/")
            return outputs.contains(path)
        }
        return isComplete && foundTheme
    }

    /// Calls `body` with the path (after `prefix`) of every entry under the folder at
    /// `folderPath` that is not a folder, symbolic links included and not followed, until
    /// `body` returns false; returns whether it went through every entry of every folder.
    private static func forEachFile(in folderPath: String, under prefix: String, _ body: (String) -> Bool) -> Bool {
        var entries: [(name: String, isFolder: Bool)] = []
        let failure = FileIO.forEachEntry(in: folderPath) { name, type in
            let isDot = name.count <= 2 && name.allSatisfy { $0 == UInt8(ascii: ".") }
            guard !isDot else { return true }
            let text = String(decoding: name, as: UTF8.self)
            let isFolder =
                Int32(type) == Int32(DT_UNKNOWN)
                ? FileIO.isFolder(folderPath + text) && !FileIO.isSymbolicLink(folderPath + text)
                : Int32(type) == Int32(DT_DIR)
            entries.append((text, isFolder))
            return true
        }
        // A folder that cannot be read to its end may hold anything.
        guard failure == 0 else { return false }
        for entry in entries {
            let goesOn =
                entry.isFolder
                ? forEachFile(in: folderPath + entry.name + "/", under: prefix + entry.name + "/", body)
                : body(prefix + entry.name)
            if !goesOn { return false }
        }
        return true
    }
}
