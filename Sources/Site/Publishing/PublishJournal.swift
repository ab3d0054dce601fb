import Basics
import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// What publishing a build does to the output folder, written into the staging folder
/// before the first file moves: so that a build killed while its files move into place
/// (`kill -9`, a second Ctrl-C, a power cut of the runner) leaves a publishing that the
/// next build into the folder completes before it does anything else.
///
/// Publishing is then all or nothing for every foldmark command: the output is the
/// previous site until the journal is written, and the new site once it has been applied,
/// by the build that wrote it or by the next one (see ``completeInterrupted(beside:output:)``).
/// Applying is idempotent: a file already moved is not in the staging folder any more, a
/// file already removed is not in the output, so a journal can be applied again after a
/// kill in the middle of applying it.
///
/// The file (`.foldmark-journal` in the staging folder) is written whole or not at all
/// (``AtomicFile``): a line `foldmark-publish 1`, then a line per step, `m <path>` (move
/// the staged file or folder at `path` into the output), `r <path>` (remove the output's
/// file at `path`), `M` (move the new manifest into place beside the output folder, last),
/// and `end`.
struct PublishJournal: Equatable {
    static let fileName = ".foldmark-journal"
    private static let header = "foldmark-publish 1"

    /// Paths relative to the staging and output folders.
    var moves: [String] = []
    var removals: [String] = []
    var movesManifest = false

    var isEmpty: Bool { moves.isEmpty && removals.isEmpty && !movesManifest }

    init(moves: [String] = [], removals: [String] = [], movesManifest: Bool = false) {
        self.moves = moves
        self.removals = removals
        self.movesManifest = movesManifest
    }

    /// The journal in `staging`; `nil` if there is none or it is not one whole journal
    /// (then the build that wrote it was killed before its first move).
    init?(in staging: URL) {
        guard case .success(let data) = FileIO.read(staging.appending(path: Self.fileName).path) else { return nil }
        var lines = data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        guard lines.count >= 3, lines.removeLast().isEmpty, lines.removeLast().elementsEqual("end".utf8),
            lines.removeFirst().elementsEqual(Self.header.utf8)
        else { return nil }
        for line in lines {
            guard let path = String(validating: line.dropFirst(2), as: UTF8.self) else { return nil }
            switch (line.first, line.dropFirst().first) {
            case (UInt8(ascii: "m"), UInt8(ascii: " ")) where Manifest.isInside(path.utf8): moves.append(path)
            case (UInt8(ascii: "r"), UInt8(ascii: " ")) where Manifest.isInside(path.utf8): removals.append(path)
            case (UInt8(ascii: "M"), nil): movesManifest = true
            default: return nil
            }
        }
    }

    /// Writes the journal into `staging`.
    func write(in staging: URL) throws {
        var bytes = Array((Self.header + "\n").utf8)
        bytes.reserveCapacity(
            moves.reduce(64) { $0 + $1.utf8.count + 3 } + removals.reduce(0) { $0 + $1.utf8.count + 3 })
        for path in moves { bytes += Array("m \(path)\n".utf8) }
        for path in removals { bytes += Array("r \(path)\n".utf8) }
        if movesManifest { bytes += Array("M\n".utf8) }
        bytes += Array("end\n".utf8)
        try AtomicFile.write(bytes, to: staging.appending(path: Self.fileName))
    }

    /// What applying a journal did.
    struct Applied {
        var written: [String] = []
        var removed: [String] = []
    }

    /// Moves the staged files into `output`, removes the files to remove and moves the
    /// manifest into place (``Manifest/file(for:)``), then removes the journal. A move
    /// whose staged file is gone was done already; a removal applies only to a regular file
    /// reached through no symbolic link.
    /// `stoppingAfter` moves, for tests: as if the process were killed there.
    func apply(staging: URL, output: URL, stoppingAfter limit: Int? = nil) throws(WriteFailure) -> Applied {
        var applied = Applied()
        let stagingPath = PagePass.folderPath(staging)
        let outputPath = PagePass.folderPath(output)
        var folders: Set<String> = []
        for path in moves {
            if let limit, applied.written.count == limit { return applied }
            let folder = OutputPath.folder(of: path)
            if !folder.isEmpty, folders.insert(folder).inserted {
                guard FileIO.makeFolders(outputPath + folder) else { throw WriteFailure(path: outputPath + folder) }
            }
            guard rename(stagingPath + path, outputPath + path) == 0 else {
                let code = errno
                if code == ENOENT && !FileIO.existsWithoutFollowing(stagingPath + path) { continue }
                throw WriteFailure(path: outputPath + path, code: code)
            }
            applied.written.append(path)
        }
        var links = LinkedFolders(outputPath: outputPath)
        for path in removals where links.first(on: path) == nil {
            guard FileIO.isRegularFileWithoutFollowing(outputPath + path) else { continue }
            guard unlink(outputPath + path) == 0 else { throw WriteFailure(path: outputPath + path) }
            applied.removed.append(path)
            Self.removeEmptyFolders(above: path, in: outputPath)
        }
        if movesManifest { try Self.moveManifest(stagingPath + Manifest.stagedName, to: Manifest.file(for: output)) }
        guard unlink(stagingPath + Self.fileName) == 0 || errno == ENOENT else {
            throw WriteFailure(path: stagingPath + Self.fileName)
        }
        return applied
    }

    /// Completes the publishing of every build into `output` that was killed while it
    /// published (its staging folder beside `output` holds a whole journal), and returns
    /// the files it moved or removed. The caller holds the output's lock, so no other build
    /// into it is running. A journal is applied only while the output folder exists: one
    /// whose output was deleted since would make a folder of a part of a site.
    static func completeInterrupted(beside output: URL, prefix: String) throws(WriteFailure) -> Applied {
        var applied = Applied()
        guard FileIO.isFolder(output.path) else { return applied }
        for staging in stagingFolders(beside: output, prefix: prefix) {
            guard let journal = PublishJournal(in: staging) else { continue }
            let done = try journal.apply(staging: staging, output: output)
            applied.written += done.written
            applied.removed += done.removed
        }
        return applied
    }

    /// The staging folders beside `output` whose names start with `prefix` and go on with
    /// a process number: only names that ``SiteBuilder`` makes.
    static func stagingFolders(beside output: URL, prefix: String) -> [URL] {
        let parent = output.deletingLastPathComponent()
        let names = (try? FileManager.default.contentsOfDirectory(atPath: parent.path)) ?? []
        let digits = UInt8(ascii: "0")...UInt8(ascii: "9")
        return names.sorted().compactMap { name in
            guard name.hasPrefix(prefix) else { return nil }
            let number = name.utf8.dropFirst(prefix.utf8.count)
            guard !number.isEmpty, number.allSatisfy({ digits.contains($0) }) else { return nil }
            return parent.appending(path: name)
        }
    }

    /// Moves the staged manifest at `staged` to `destination`, beside the output folder:
    /// one `rename`, as the staging folder and the cache folder are both in the output's
    /// parent; when the cache folder is on another file system (a link to elsewhere), a
    /// copy written whole (``AtomicFile``), then the staged one removed. A staged manifest
    /// that is gone was moved already.
    private static func moveManifest(_ staged: String, to destination: URL) throws(WriteFailure) {
        if rename(staged, destination.path) == 0 { return }
        let code = errno
        guard FileIO.existsWithoutFollowing(staged) else { return }
        let folder = destination.deletingLastPathComponent().path
        // The cache folder was deleted since this build, or the one killed, took its lock.
        if code == ENOENT, FileIO.makeFolders(folder), rename(staged, destination.path) == 0 { return }
        guard code == EXDEV, case .success(let data) = FileIO.read(staged) else {
            throw WriteFailure(path: destination.path, code: code)
        }
        do {
            try AtomicFile.write([UInt8](data), to: destination)
        } catch {
            throw WriteFailure(path: destination.path)
        }
        guard unlink(staged) == 0 || errno == ENOENT else { throw WriteFailure(path: staged) }
    }

    /// Removes the folders that held `path` while they are empty, up to the output folder.
    private static func removeEmptyFolders(above path: String, in outputPath: String) {
        var folder = OutputPath.folder(of: path)
        while !folder.isEmpty {
            guard rmdir(outputPath + folder) == 0 else { return }
            folder = OutputPath.parent(of: folder)
        }
    }
}
