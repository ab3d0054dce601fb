import Basics
import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// The list of files foldmark wrote into an output folder, kept beside it in the output's
/// cache folder (``BuildCache/folder(for:)``), so that the output holds only what the site
/// serves.
///
/// Pruning deletes only files named here, so a file that someone else put into the
/// output folder is never touched. The files are listed one per line in the order the
/// build made them, which is the same from one build to the next: a build that makes the
/// same files finds the manifest's bytes unchanged, without reading it into a set.
///
/// A build writes the new manifest into its staging folder (as ``stagedName``) and moves
/// it into the cache folder last (see ``PublishJournal``). The staging folder and the
/// cache folder are both in the output's parent, so that move is one `rename`.
struct Manifest {
    /// Its name in the cache folder.
    static let fileName = "manifest"
    /// Its name in the staging folder, and inside the output folders of the foldmark
    /// versions that kept it there (see ``EarlierOutput``).
    static let stagedName = ".foldmark-manifest"

    let files: Set<String>

    /// The files that `contents` lists. Lines that are not plain relative paths inside the
    /// folder are ignored, so a tampered manifest cannot reach outside it.
    init(parsing contents: [UInt8]) {
        var files: Set<String> = []
        // Split on bytes: the manifest of a large site has tens of thousands of lines.
        for line in contents.split(separator: UInt8(ascii: "\n")) {
            guard Self.isInside(line), let path = String(validating: line, as: UTF8.self), path != Self.stagedName
            else { continue }
            files.insert(path)
        }
        self.files = files
    }

    /// Whether the path `bytes` is a plain relative path that stays inside its folder: not
    /// empty, no leading `/`, no `..` part. For every line of the manifest and of a
    /// ``PublishJournal``, which name what a build may move or remove.
    static func isInside(_ bytes: some Collection<UInt8>) -> Bool {
        guard let first = bytes.first, first != UInt8(ascii: "/") else { return false }
        // Only a line with two dots in a row can have a `..` part: split just those.
        let hasDots = zip(bytes, bytes.dropFirst()).contains { $0 == UInt8(ascii: ".") && $1 == UInt8(ascii: ".") }
        return !(hasDots && bytes.split(separator: UInt8(ascii: "/")).contains { $0.elementsEqual("..".utf8) })
    }

    /// The file of the manifest of `output`.
    static func file(for output: URL) -> URL {
        BuildCache.folder(for: output).appending(path: fileName)
    }

    /// The bytes of the manifest of `output`; empty when there is none.
    static func contents(of output: URL) -> [UInt8] {
        contents(at: file(for: output))
    }

    /// The bytes of the file at `url`; empty when there is none.
    static func contents(at url: URL) -> [UInt8] {
        guard case .success(let data) = FileIO.read(url.path) else { return [] }
        return [UInt8](data)
    }

    /// The manifest that lists `files`, in their order, then the ``Checksum`` of those
    /// lines on a line of its own.
    static func contents(listing files: [String]) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(files.reduce(Checksum.digits + 2) { $0 + $1.utf8.count + 1 })
        for (index, file) in files.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: "\n")) }
            bytes += file.utf8
        }
        Checksum.append(to: &bytes, separator: UInt8(ascii: "\n"))
        bytes.append(UInt8(ascii: "\n"))
        return bytes
    }

    /// The lines of the manifest `contents` but its checksum's, if that checksum is the
    /// one of the lines; `nil` if it is not (a damaged manifest is not believed: it says
    /// which files a build may replace or remove).
    static func verifiedLines(_ contents: [UInt8]) -> [UInt8]? {
        guard contents.last == UInt8(ascii: "\n") else { return nil }
        return contents.dropLast().withUnsafeBufferPointer {
            Checksum.verified($0, separator: UInt8(ascii: "\n")).map(Array.init)
        }
    }
}

/// Writing a file so that readers see the old or the new content, never a mix.
enum AtomicFile {
    static func write(_ text: String, to url: URL) throws {
        var text = text
        try text.withUTF8 { try write(UnsafeRawBufferPointer($0), to: url) }
    }

    static func write(_ bytes: [UInt8], to url: URL) throws {
        try bytes.withUnsafeBytes { try write($0, to: url) }
    }

    /// Writes `parts` one after the other, without joining them in memory first.
    static func write(parts: [[UInt8]], to url: URL) throws {
        try write(to: url) { temporary in
            let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
            guard descriptor >= 0 else { return false }
            defer { close(descriptor) }
            return parts.allSatisfy { part in part.withUnsafeBytes { FileIO.write($0, to: descriptor) } }
        }
    }

    private static func write(_ buffer: UnsafeRawBufferPointer, to url: URL) throws {
        try write(to: url) { temporary in FileIO.write(buffer, toPath: temporary) }
    }

    /// Has `fill` write the temporary file beside `url`, then renames it into place.
    private static func write(to url: URL, filling fill: (_ temporary: String) -> Bool) throws {
        let temporary = url.deletingLastPathComponent().appending(path: ".\(url.lastPathComponent).foldmark-tmp")
        guard fill(temporary.path) else {
            let failure = WriteFailure(path: url.path)
            try? FileManager.default.removeItem(at: temporary)
            throw failure
        }
        guard rename(temporary.path, url.path) == 0 else {
            let failure = WriteFailure(path: url.path)
            try? FileManager.default.removeItem(at: temporary)
            throw failure
        }
    }
}
