import Basics
import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// Moves a finished build from the staging folder into the output folder.
///
/// A staged file that is byte for byte the file already in place is dropped, so an
/// unchanged page keeps its modification time; an asset is copied only when its size or
/// modification time differs from the copy in place. Files that the previous build's
/// ``Manifest`` lists but this build did not make are removed, and nothing else (see
/// ``EarlierOutput`` for a folder without a manifest).
struct Publisher {
    var output: URL
    var staging: URL
    var content: URL

    struct Result {
        var written: [String] = []
        var unchanged = 0
        var removed: [String] = []
        /// ``BuildStamp/manifestHash(_:)`` of the manifest the output now has.
        var manifestHash: UInt64 = 0
    }

    /// Moves the `staged` files into place; `outputs` are all pages of the build (staged or
    /// already up to date), for the manifest.
    ///
    /// Everything that needs disk space (the copies of changed assets, the new manifest) is
    /// written into the staging folder first; only then do files move into place. A full
    /// disk or an unreadable asset therefore fails the build before the output changes:
    /// what is left are renames and removals, which need no space. Those are written down
    /// first as a ``PublishJournal``, which the next build completes if this one is killed
    /// while it applies it.
    ///
    /// - Throws: a ``SiteError/Reason/publishing(_:)`` refusal, an asset that cannot be
    ///   read, or whatever else stops the files from moving into place
    ///   (``SiteError/FileAction/writeOutput``).
    func publish(staged: [String], outputs: [String], assets: [String]) throws(SiteError) -> Result {
        do {
            return try moveIntoPlace(staged: staged, outputs: outputs, assets: assets)
        } catch let error as SiteError {
            throw error
        } catch {
            throw SiteError(file: output.path, cannot: .writeOutput, error, withPath: true)
        }
    }

    /// ``publish(staged:outputs:assets:)``, throwing what the file system throws.
    private func moveIntoPlace(staged: [String], outputs: [String], assets: [String]) throws -> Result {
        var result = Result()
        let stagingPath = PagePass.folderPath(staging)
        let outputPath = PagePass.folderPath(output)
        // Most builds make the files of the build before, in the same order: the two
        // manifests are then the same bytes, and the previous one need not be parsed.
        let listing = Manifest.contents(listing: outputs + assets)
        result.manifestHash = BuildStamp.manifestHash(listing)
        let earlier = EarlierOutput(output: output, listing: listing, outputs: outputs + assets)
        // Into an output folder that holds nothing yet, every staged file is new.
        let isFirstBuild = earlier.isEmpty
        var moves: [String] = []
        for page in staged {
            if !isFirstBuild, FileIO.contentsEqual(stagingPath + page, outputPath + page) {
                result.unchanged += 1
                continue
            }
            moves.append(page)
        }
        try stageChangedAssets(assets, staging: stagingPath, output: outputPath, moves: &moves, result: &result)
        var links = LinkedFolders(outputPath: outputPath)
        if !isFirstBuild { try refuseUnsafeMoves(moves, links: &links, earlier: earlier, output: outputPath) }
        let removable = earlier.files.subtracting(outputs + assets).sorted().filter { links.first(on: $0) == nil }
        if !earlier.isSameListing {
            try AtomicFile.write(listing, to: staging.appending(path: Manifest.stagedName))
        }

        // Into an empty output folder, whole folders move at once.
        let journal = PublishJournal(
            moves: isFirstBuild ? try topLevelEntries() : moves, removals: removable + earlier.legacyFiles,
            movesManifest: !earlier.isSameListing)
        guard !journal.isEmpty else { return result }
        // From the journal's writing on, the build is published: if it is killed now, the
        // next build completes it (see ``PublishJournal``).
        try journal.write(in: staging)
        let applied = try journal.apply(staging: staging, output: output)
        result.written = isFirstBuild ? moves : applied.written
        result.removed = applied.removed.filter { !earlier.legacyFiles.contains($0) }
        return result
    }

    /// Copies into the staging folder (at `staging`) each of `assets` whose copy in the
    /// output folder (at `output`) is not current, and adds it to `moves`; counts the
    /// others as unchanged in `result`.
    private func stageChangedAssets(
        _ assets: [String], staging stagingPath: String, output outputPath: String, moves: inout [String],
        result: inout Result
    ) throws {
        let contentPath = PagePass.folderPath(content)
        for asset in assets {
            // With `stat` alone: Foundation's `attributesOfItem`, asked for every asset, reads
            // the system's lists of users and groups each time.
            if Self.isCopyCurrent(source: contentPath + asset, copy: outputPath + asset) {
                result.unchanged += 1
                continue
            }
            do {
                try FileIO.copy(contentPath + asset, toPath: stagingPath + asset)
            } catch {
                let failure: WriteFailure = error
                guard failure.path != contentPath + asset else {
                    throw SiteError(file: SiteFolder.contentFolder + "/" + asset, cannot: .readFile, code: failure.code)
                }
                throw failure
            }
            moves.append(asset)
        }
    }

    /// Throws the ``SiteError/PublishingRefusal`` of a move that would go through a
    /// symbolic link, out of the output folder (at `output`), or replace a file that is not
    /// foldmark's by what is `earlier` in the folder.
    private func refuseUnsafeMoves(
        _ moves: [String], links: inout LinkedFolders, earlier: EarlierOutput, output outputPath: String
    ) throws(SiteError) {
        // No file goes through a symbolic link, out of the output folder.
        for path in moves {
            if let link = links.first(on: path) { throw refusal(.linkedFolder, at: link) }
        }
        // With the same listing, or in a folder taken as an earlier build, every file in
        // the way is foldmark's.
        guard !earlier.isSameListing, !earlier.isAdopted else { return }
        // A file in the way that no build of foldmark wrote is someone's own: the build
        // fails rather than replace it.
        guard let foreign = moves.first(where: { !earlier.files.contains($0) && FileIO.exists(outputPath + $0) })
        else { return }
        let manifest = "\(BuildCache.folderName)/\(output.lastPathComponent)/\(Manifest.fileName)"
        throw refusal(earlier.hasManifest ? .foreignFile : .unlisted(manifest: manifest), at: foreign)
    }

    /// The error of `refusal`, about `path` in the output folder.
    private func refusal(_ refusal: SiteError.PublishingRefusal, at path: String) -> SiteError {
        SiteError(file: output.appending(path: path).path, .publishing(refusal))
    }

    /// Whether the asset at `source` has its copy at `copy` already: a regular file of the
    /// same size and modification time (to the millisecond: the copy's time may be stored
    /// less precisely).
    static func isCopyCurrent(source: String, copy: String) -> Bool {
        var original = stat()
        var copied = stat()
        guard stat(source, &original) == 0, lstat(copy, &copied) == 0, copied.st_mode & S_IFMT == S_IFREG,
            copied.st_size == original.st_size
        else { return false }
        return abs(SourceIdentity(copied).modified - SourceIdentity(original).modified) < 1_000_000
    }

    /// The files and folders at the top of the staging folder, but the manifest, which
    /// moves last.
    private func topLevelEntries() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: staging.path).filter { $0 != Manifest.stagedName }.sorted()
    }
}

/// The folders inside an output folder that are symbolic links, looked up once each.
struct LinkedFolders {
    let outputPath: String
    private var isLink: [Substring: Bool] = [:]

    init(outputPath: String) {
        self.outputPath = outputPath
    }

    /// The first folder on the way to `path` (relative to the output folder) that is a
    /// symbolic link, if any.
    mutating func first(on path: String) -> String? {
        // Through the UTF-8 view: walking a path's characters would cost more than the
        // look-ups for a build that moves every page.
        for slash in path.utf8.indices where path.utf8[slash] == UInt8(ascii: "/") {
            let folder = path[..<slash]
            let found =
                isLink[folder]
                ?? {
                    var status = stat()
                    let isLink = lstat(outputPath + folder, &status) == 0 && status.st_mode & S_IFMT == S_IFLNK
                    self.isLink[folder] = isLink
                    return isLink
                }()
            if found { return String(folder) }
        }
        return nil
    }
}
