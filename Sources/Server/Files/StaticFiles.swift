import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// Finds the file that answers a ``RequestPath`` in the served folder, and never one
/// outside it.
///
/// A path is resolved with `realpath`, which follows every symbolic link, and the result
/// must still lie inside the folder's own real path: a link that points outside is not
/// found. Names starting with `.` (editors' files, an older foldmark's manifest) are not
/// served. A folder answers with its `index.html` and never with a listing; an address
/// that names nothing answers with the page of that name and `.html` (see ``resolve(_:)``).
struct StaticFiles: Sendable {
    /// An open regular file, ready to send; the receiver owns the descriptor.
    struct File: Sendable {
        var descriptor: Int32
        /// Relative to the served folder, after links are followed: `guide/setup.html`.
        var path: String
        var size: UInt64
        var modified: timespec
    }

    enum Resolution: Sendable {
        case file(File)
        /// A folder asked for without its trailing `/`: relative links in its index page
        /// only work from the address with the `/`.
        case addSlash
        case notFound
    }

    /// The real path of the served folder, without a trailing `/`.
    let root: String

    init(root: URL) throws(ServerError) {
        guard let real = Self.realPath(root.path) else {
            throw ServerError("cannot serve \(root.path): \(String(cString: strerror(errno)))")
        }
        self.root = real
    }

    /// What answers `path`, in this order: the file or folder of that name (a folder
    /// without the trailing `/` is redirected to the address with it, even when a page of
    /// the same name exists beside it); then, for an address without the trailing `/`,
    /// the page of that name with `.html` added, as the hosts that sites are published to
    /// do (`/guide/install` answers with `guide/install.html`). `/guide/install/` does not.
    func resolve(_ path: RequestPath) -> Resolution {
        guard !path.segments.contains(where: { $0.hasPrefix(".") }) else { return .notFound }
        guard let (real, info) = locate(path.relativePath) else { return page(path) }
        switch info.st_mode & S_IFMT {
        case S_IFREG:
            return path.hasTrailingSlash ? .notFound : open(real, info)
        case S_IFDIR:
            guard path.hasTrailingSlash else { return .addSlash }
            let index = path.relativePath.isEmpty ? "index.html" : path.relativePath + "/index.html"
            guard let (indexReal, indexInfo) = locate(index), indexInfo.st_mode & S_IFMT == S_IFREG else {
                return .notFound
            }
            return open(indexReal, indexInfo)
        default:
            return .notFound
        }
    }

    /// The page `path.html`, for a `path` that names nothing and has no trailing `/`. The
    /// page is looked up as any file is, so it too must lie inside the folder.
    private func page(_ path: RequestPath) -> Resolution {
        guard !path.segments.isEmpty, !path.hasTrailingSlash,
            let (real, info) = locate(path.relativePath + ".html"), info.st_mode & S_IFMT == S_IFREG
        else { return .notFound }
        return open(real, info)
    }

    /// The real path and status of `relative` if it exists inside the folder.
    private func locate(_ relative: String) -> (String, stat)? {
        let candidate = relative.isEmpty ? root : root + "/" + relative
        guard let real = Self.realPath(candidate), real == root || real.hasPrefix(root + "/") else { return nil }
        var info = stat()
        guard stat(real, &info) == 0 else { return nil }
        return (real, info)
    }

    private func open(_ real: String, _ checked: stat) -> Resolution {
        // O_NOFOLLOW: the last name may not have turned into a link since `realpath`.
        // O_NONBLOCK: nor into a FIFO that would block the thread.
        let descriptor = Glibc.open(real, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard descriptor >= 0 else { return .notFound }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_ino == checked.st_ino else {
            close(descriptor)
            return .notFound
        }
        let relative = real == root ? "" : String(real.dropFirst(root.count + 1))
        return .file(File(descriptor: descriptor, path: relative, size: UInt64(info.st_size), modified: info.st_mtim))
    }

    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Reads the rest of an open file; nil on a read error.
    static func readAll(_ descriptor: Int32, size: UInt64) -> [UInt8]? {
        var bytes = [UInt8](repeating: 0, count: Int(size))
        var filled = 0
        while filled < bytes.count {
            let count = bytes.withUnsafeMutableBytes { buffer in
                read(descriptor, buffer.baseAddress! + filled, buffer.count - filled)
            }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            filled += count
        }
        guard filled == bytes.count else { return nil }
        return bytes
    }
}
