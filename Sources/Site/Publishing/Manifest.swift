import Basics
import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// The list of files foldmark wrote into an output folder, kept in the folder itself.
///
/// Pruning deletes only files named here, so a file that someone else put into the
/// output folder is never touched. The files are listed one per line in the order the
/// build made them, which is the same from one build to the next: a build that makes the
/// same files finds the manifest's bytes unchanged, without reading it into a set.
struct Manifest {
    static let fileName = ".foldmark-manifest"

    let files: Set<String>

    /// The files that `contents` lists. Lines that are not plain relative paths inside the
    /// folder are ignored, so a tampered manifest cannot reach outside it.
    init(parsing contents: [UInt8]) {
        var files: Set<String> = []
        // Split on bytes: the manifest of a large site has tens of thousands of lines.
        for line in contents.split(separator: UInt8(ascii: "\n")) {
            guard Self.isInside(line), let path = String(validating: line, as: UTF8.self), path != Self.fileName
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

    /// The bytes of the manifest in `output`; empty when there is none.
    static func contents(of output: URL) -> [UInt8] {
        guard case .success(let data) = FileIO.read(output.appending(path: fileName).path) else { return [] }
        return [UInt8](data)
    }

    /// The manifest that lists `files`, in their order.
    static func contents(listing files: [String]) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(files.reduce(0) { $0 + $1.utf8.count + 1 })
        for file in files {
            bytes += file.utf8
            bytes.append(UInt8(ascii: "\n"))
        }
        return bytes
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
