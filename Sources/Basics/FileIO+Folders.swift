import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// What is at a path, folders and their entries: each answered with one system call where
/// Foundation would make several.
extension FileIO {
    /// Whether a file (or folder) is at `path`, following symbolic links as
    /// `FileManager.fileExists` does, without its cost: one `stat`.
    package static func exists(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0
    }

    /// The folder part of `path`, up to and with its last `/`; `""` for a bare name.
    package static func folder(of path: String) -> String {
        String(utf8Prefix: path.withUTF8Bytes(folderLength), of: path)
    }

    /// The length of the folder part of the UTF-8 path `bytes`, up to and with its last
    /// `/`; 0 for a bare name.
    package static func folderLength(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var index = bytes.count
        while index > 0 && bytes[index - 1] != UInt8(ascii: "/") { index -= 1 }
        return index
    }

    /// Whether anything, a symbolic link included, is at `path` itself: one `lstat`.
    package static func existsWithoutFollowing(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0
    }

    /// Whether a regular file, not a symbolic link to one, is at `path`: one `lstat`.
    package static func isRegularFileWithoutFollowing(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFREG
    }

    /// Whether a symbolic link is at `path` itself: one `lstat`.
    package static func isSymbolicLink(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFLNK
    }

    /// Makes the folder at `path` and those missing above it; `true` if it is there.
    package static func makeFolders(_ path: String) -> Bool {
        if isFolder(path) { return true }
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return isFolder(path)
    }

    /// Whether a folder is at `path`, following symbolic links: one `stat`.
    package static func isFolder(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
    }

    /// The name of the file at `path` without its extension: `a/b.md` gives `b`, and a
    /// name whose only dot comes first (`.notes`) is kept whole.
    package static func stem(of path: String) -> String {
        let name = path.split(separator: "/").last ?? ""
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return String(name) }
        return String(name[..<dot])
    }

    /// The size in bytes of the file at `path`, or `nil` if `stat` fails. (Foundation's
    /// `attributesOfItem` also looks up the owner's and group's names, reading
    /// `/etc/passwd` and `/etc/group`.)
    package static func size(_ path: String) -> Int? {
        var status = stat()
        return stat(path, &status) == 0 ? Int(status.st_size) : nil
    }

    /// Calls `body` with the name (its bytes, without the terminating NUL) and `readdir`'s
    /// type (`DT_REG`, `DT_DIR`, …, or `DT_UNKNOWN` where the file system does not say) of
    /// each entry of the folder at `path`, `.` and `..` included, until `body` returns
    /// false. Returns `errno` if the folder cannot be opened or read to its end, else 0.
    package static func forEachEntry(in path: String, _ body: (UnsafeRawBufferPointer, UInt8) -> Bool) -> Int32 {
        forEachEntry(in: path) { name, type, _ in body(name, type) }
    }

    /// ``forEachEntry(in:_:)``, also handing over the open folder's descriptor, for calls
    /// such as `fstatat` that name an entry relative to it (the kernel then looks up one
    /// name, not the whole path again); it is valid only during the call.
    package static func forEachEntry(
        in path: String, _ body: (UnsafeRawBufferPointer, UInt8, Int32) -> Bool
    ) -> Int32 {
        guard let directory = opendir(path) else { return errno }
        defer { closedir(directory) }
        let descriptor = dirfd(directory)
        while true {
            errno = 0
            guard let entry = readdir(directory) else { return errno }
            let goesOn = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                body(UnsafeRawBufferPointer(rebasing: raw.prefix(while: { $0 != 0 })), entry.pointee.d_type, descriptor)
            }
            if !goesOn { return 0 }
        }
    }

    /// The names of the regular files in the folder at `path`: one listing for a folder's
    /// thousands of files instead of a `stat` each. `nil` if the folder cannot be listed
    /// or the file system does not tell an entry's type.
    package static func regularFiles(in path: String) -> NameSet? {
        var names = NameSet()
        var isComplete = true
        let failure = forEachEntry(in: path) { name, type in
            switch Int32(type) {
            case Int32(DT_REG): names.insert(name.assumingMemoryBound(to: UInt8.self))
            case Int32(DT_UNKNOWN): isComplete = false
            default: break
            }
            return isComplete
        }
        return failure == 0 && isComplete ? names : nil
    }

    /// Removes the file or folder at `path` with all it holds, as far as it can; a symbolic
    /// link is removed, not followed. For the build's own staging folder: a `readdir` and an
    /// `unlink` or `rmdir` per entry, without Foundation's `stat` of each.
    package static func removeTree(_ path: String) {
        if unlink(path) == 0 || errno == ENOENT { return }
        var children: [String] = []
        _ = forEachEntry(in: path) { name, _ in
            let isDot = name.count <= 2 && name.allSatisfy { $0 == UInt8(ascii: ".") }
            if !isDot { children.append(String(decoding: name, as: UTF8.self)) }
            return true
        }
        for child in children { removeTree(path + "/" + child) }
        rmdir(path)
    }
}
