import Foundation

/// A site folder in the temporary directory, removed when the test ends.
public final class TemporarySite {
    public let root: URL

    public init(files: [String: String]) throws {
        root = FileManager.default.temporaryDirectory.appending(path: "foldmark-test-\(UUID().uuidString)")
        for (path, text) in files { try write(path, text) }
    }

    public func write(_ path: String, _ text: String) throws {
        let url = root.appending(path: path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }

    public func write(_ path: String, bytes: [UInt8]) throws {
        let url = root.appending(path: path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: url)
    }

    /// The file's text, read with the C library: Foundation's readers leak a buffer for an
    /// empty file (a lock file is one), which the leak check reports.
    public func read(_ path: String) throws -> String {
        guard let file = fopen(root.appending(path: path).path, "rb") else {
            throw CocoaError(.fileReadNoSuchFile)
        }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = fread(&buffer, 1, buffer.count, file)
            if count == 0 { break }
            bytes += buffer[..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    public func exists(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: root.appending(path: path).path)
    }

    /// Every regular file under `folder`, as sorted relative paths.
    public func files(under folder: String) -> [String] {
        let base = root.appending(path: folder)
        guard let enumerator = FileManager.default.enumerator(atPath: base.path) else { return [] }
        return enumerator.compactMap { $0 as? String }.filter { path in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: base.appending(path: path).path, isDirectory: &isDirectory)
                && !isDirectory.boolValue
        }.sorted()
    }

    /// The text of the theme's stylesheet that a build wrote into `folder` (its name
    /// carries a hash of its content), or "" if there is none or more than one.
    public func themeStylesheet(in folder: String = "_site") -> String {
        let names = files(under: folder).filter { $0.hasPrefix("_foldmark/style-") && $0.hasSuffix(".css") }
        guard names.count == 1 else { return "" }
        return (try? read(folder + "/" + names[0])) ?? ""
    }

    /// The files a build wrote into `folder`, without the theme's two files in `_foldmark/`
    /// (whose names carry a hash), which `themeFileCount` counts instead.
    public func filesWithoutTheme(under folder: String = "_site") -> [String] {
        files(under: folder).filter { !$0.hasPrefix("_foldmark/") }
    }

    public func themeFileCount(under folder: String = "_site") -> Int {
        files(under: folder).filter { $0.hasPrefix("_foldmark/") }.count
    }

    deinit {
        try? FileManager.default.removeItem(at: root)
    }
}
