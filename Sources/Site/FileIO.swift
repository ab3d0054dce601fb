import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Plain, fast file writes for the staging folder: one `open`, `write`s, `close`, no
/// temporary file and no sync (Foundation's `createFile` writes atomically through a
/// temporary file, which costs more than the page itself). Atomicity comes from the
/// staging folder and the final `rename`, not from here.
enum FileIO {
    /// Writes `text` to `path`, replacing its content, and creates missing folders on the
    /// way. Returns `false` on any error.
    static func write(_ text: String, toPath path: String) -> Bool {
        var text = text
        return text.withUTF8 { buffer in
            var descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
            if descriptor < 0 && errno == ENOENT {
                let folder = (path as NSString).deletingLastPathComponent
                try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
                descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
            }
            guard descriptor >= 0 else { return false }
            defer { close(descriptor) }
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                offset += written
            }
            return true
        }
    }
}
