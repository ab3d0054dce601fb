import Foundation

/// The list of files foldmark wrote into an output folder, kept in the folder itself.
///
/// Pruning deletes only files named here, so a file that someone else put into the
/// output folder is never touched.
struct Manifest {
    static let fileName = ".foldmark-manifest"

    var files: Set<String>

    /// The manifest of `output`, or an empty one. Lines that are not plain relative paths
    /// inside the folder are ignored, so a tampered manifest cannot reach outside it.
    init(readingFrom output: URL) {
        files = []
        guard case .success(let data) = FileIO.read(output.appending(path: Self.fileName).path),
            let text = String(data: data, encoding: .utf8)
        else { return }
        // Split on bytes: the manifest of a large site has tens of thousands of lines.
        for line in text.utf8.split(separator: UInt8(ascii: "\n")) {
            // Only a line with two dots in a row can have a `..` part: split just those.
            let hasDots = zip(line, line.dropFirst()).contains { $0 == UInt8(ascii: ".") && $1 == UInt8(ascii: ".") }
            let isInside = line.first != UInt8(ascii: "/")
                && !(hasDots
                    && line.split(separator: UInt8(ascii: "/")).contains { $0.elementsEqual("..".utf8) })
            guard isInside, let path = String(line), path != Self.fileName else { continue }
            files.insert(path)
        }
    }

    init(files: Set<String>) {
        self.files = files
    }

    func write(to output: URL) throws {
        let text = files.sorted().joined(separator: "\n") + "\n"
        try AtomicFile.write(text, to: output.appending(path: Self.fileName))
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

    private static func write(_ buffer: UnsafeRawBufferPointer, to url: URL) throws {
        let temporary = url.deletingLastPathComponent().appending(path: ".\(url.lastPathComponent).foldmark-tmp")
        guard FileIO.write(buffer, toPath: temporary.path) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
        }
        guard rename(temporary.path, url.path) == 0 else {
            try? FileManager.default.removeItem(at: temporary)
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
        }
    }
}
