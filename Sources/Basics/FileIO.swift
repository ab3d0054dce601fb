import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// Plain, fast file writes for the staging folder: one `open`, `write`s, `close`, no
/// temporary file and no sync (Foundation's `createFile` writes atomically through a
/// temporary file, which costs more than the page itself). Atomicity comes from the
/// staging folder and the final `rename`, not from here.
package enum FileIO {
    /// Writes `text` to `path`, replacing its content, and creates missing folders on the
    /// way. Returns `false` on any error.
    package static func write(_ text: String, toPath path: String) -> Bool {
        var text = text
        return text.withUTF8 { write(UnsafeRawBufferPointer($0), toPath: path) }
    }

    /// ``write(_:toPath:)`` for bytes.
    package static func write(_ buffer: UnsafeRawBufferPointer, toPath path: String) -> Bool {
        let descriptor = create(path)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        return write(buffer, to: descriptor)
    }

    /// `path` opened for writing, emptied or created, with the folders missing on the way;
    /// -1 (and `errno`) if it cannot be.
    private static func create(_ path: String) -> Int32 {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor < 0 && errno == ENOENT else { return descriptor }
        try? FileManager.default.createDirectory(atPath: FileIO.folder(of: path), withIntermediateDirectories: true)
        return open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    }

    /// Copies the file at `source` to `destination` (replacing it, and making missing folders
    /// on the way) with the source's permissions and modification time: two `open`s, the
    /// kernel's `sendfile` (the bytes do not pass through foldmark) and `futimens`.
    /// Foundation's `copyItem`, with the date set after it, looked up every folder of both
    /// paths several times (`fstatat` and `openat` took 40 % of that build's samples): a full
    /// build of 1,000 pages with 20,000 images took 0.62 s with it, 0.41 s without.
    package static func copy(_ source: String, toPath destination: String) throws(WriteFailure) {
        // Not through a symbolic link, and only a regular file, as the sources were listed
        // (one swapped since then fails the build).
        let input = open(source, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard input >= 0 else { throw WriteFailure(path: source) }
        defer { close(input) }
        var info = stat()
        guard fstat(input, &info) == 0 else { throw WriteFailure(path: source) }
        guard info.st_mode & S_IFMT == S_IFREG else { throw WriteFailure(path: source, code: EINVAL) }
        let output = create(destination)
        guard output >= 0 else { throw WriteFailure(path: destination) }
        defer { close(output) }
        var copying = true
        while copying {
            let copied = sendfile(output, input, nil, 1 << 30)
            if copied < 0 && errno == EINTR { continue }
            guard copied >= 0 else {
                // A file system that cannot: by hand.
                guard errno == EINVAL || errno == ENOSYS || errno == EOPNOTSUPP, copyByReading(input, to: output)
                else { throw WriteFailure(path: destination) }
                break
            }
            copying = copied > 0
        }
        let times = [info.st_atim, info.st_mtim]
        guard fchmod(output, info.st_mode & 0o7777) == 0, futimens(output, times) == 0 else {
            throw WriteFailure(path: destination)
        }
    }

    /// The rest of `input` appended to `output`, read into a buffer.
    private static func copyByReading(_ input: Int32, to output: Int32) -> Bool {
        withUnsafeTemporaryAllocation(byteCount: 1 << 16, alignment: 16) { buffer in
            while true {
                let count = Glibc.read(input, buffer.baseAddress, buffer.count)
                if count < 0 && errno == EINTR { continue }
                guard count >= 0 else { return false }
                if count == 0 { return true }
                guard write(UnsafeRawBufferPointer(rebasing: buffer[..<count]), to: output) else { return false }
            }
        }
    }

    /// ``write(_:toPath:)`` through `folder`, which stays open for the next file.
    package static func write(_ buffer: UnsafeRawBufferPointer, toPath path: String, in folder: inout OpenFolder) -> Bool {
        let descriptor = folder.open(path, flags: O_WRONLY | O_CREAT | O_TRUNC, makingFolders: true)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        return write(buffer, to: descriptor)
    }

    /// Writes all of `buffer` to the open file `descriptor`, with `write` until done;
    /// whether it all went. (Retries after a signal.)
    package static func write(_ buffer: UnsafeRawBufferPointer, to descriptor: Int32) -> Bool {
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

    /// Reads `count` bytes at `offset` of the open file `descriptor` into `buffer`, with
    /// `pread` until done; whether they were all there. (Retries after a signal.)
    package static func read(
        _ descriptor: Int32, into buffer: UnsafeMutableRawPointer, count: Int, offset: Int
    ) -> Bool {
        var done = 0
        while done < count {
            let got = pread(descriptor, buffer + done, count - done, off_t(offset + done))
            if got < 0 && errno == EINTR { continue }
            guard got > 0 else { return false }
            done += got
        }
        return true
    }

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

    /// What went wrong in `error`, for a message: the system's words for the failed call
    /// (`No such file or directory`), after the path it concerned when `withPath` and the
    /// error tells it; the error as Swift prints it when it is none of ours or Foundation's.
    package static func describe(_ error: any Error, withPath: Bool = true) -> String {
        let path: String?
        let code: Int32?
        switch error {
        case let failure as WriteFailure:
            (path, code) = (failure.path, failure.code)
        case let cocoa as CocoaError:
            path = cocoa.filePath
            code = (cocoa.underlying as? POSIXError).map { $0.code.rawValue }
        case let posix as POSIXError:
            (path, code) = (nil, posix.code.rawValue)
        default:
            return "\(error)"
        }
        let reason = code.map { String(cString: strerror($0)) } ?? "the file system refused"
        guard withPath, let path else { return reason }
        return path + ": " + reason
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

    /// Whether the files at `a` and `b` hold the same bytes; `false` if one cannot be read.
    /// Files of different sizes are told apart by `stat` alone.
    package static func contentsEqual(_ a: String, _ b: String) -> Bool {
        var first = stat()
        var second = stat()
        guard stat(a, &first) == 0, stat(b, &second) == 0, first.st_size == second.st_size else { return false }
        guard case .success(let x) = read(a), case .success(let y) = read(b) else { return false }
        return x == y
    }

    /// The bytes of the file at `path`, followed by `tail` if given, or the system's reason
    /// why they cannot be read (`Permission denied`, `Is a directory`), for messages. (With
    /// the tail in the same buffer from the start, a large file is not copied to add it.)
    package static func read(_ path: String, then tail: Data = Data()) -> Result<Data, ReadFailure> {
        read(opened: open(path, O_RDONLY | O_CLOEXEC), then: tail)
    }

    /// The bytes of standard input, to its end, or the system's reason why not.
    package static func readStandardInput() -> Result<Data, ReadFailure> {
        read(opened: fcntl(STDIN_FILENO, F_DUPFD_CLOEXEC, 0))
    }

    /// The bytes of the file at `path` followed by `tail`, as ``read(_:then:)`` gives them,
    /// but mapped from the file rather than copied into fresh memory, for a large file that
    /// is only ever replaced, never rewritten in place (the build cache's index and the
    /// search state, which a build writes to a new file and renames): each page of a copy
    /// costs a fault and a page of memory, which on a 3.7 MB index is more than reading
    /// it. The file must not shrink while the bytes are in use. A small file, or one that
    /// cannot be mapped, is read.
    package static func map(_ path: String, then tail: Data = Data()) -> Result<Data, ReadFailure> {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return .failure(ReadFailure(errno: errno)) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG,
            Int(status.st_size) >= Self.smallestMapped
        else { return read(opened: descriptor, then: tail) }
        defer { close(descriptor) }
        let size = Int(status.st_size)
        let count = size + tail.count
        // The whole length is reserved first, so that the tail can follow the file's bytes:
        // the file is mapped over the start of it (a private mapping: the tail is written
        // into a copy of the file's last page), the tail copied behind.
        let reserved = mmap(nil, count, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
        guard let reserved, reserved != MAP_FAILED else { return read(path, then: tail) }
        guard mmap(reserved, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_FIXED, descriptor, 0) != MAP_FAILED else {
            munmap(reserved, count)
            return read(path, then: tail)
        }
        if !tail.isEmpty {
            tail.copyBytes(to: (reserved + size).assumingMemoryBound(to: UInt8.self), count: tail.count)
        }
        return .success(Data(bytesNoCopy: reserved, count: count, deallocator: .unmap))
    }

    /// The size from which ``map(_:then:)`` maps a file.
    package static let smallestMapped = 256 << 10

    /// ``read(_:then:)`` through `folder`, which stays open for the next file.
    package static func read(_ path: String, in folder: inout OpenFolder) -> Result<Data, ReadFailure> {
        read(opened: folder.open(path, flags: O_RDONLY))
    }

    /// ``read(_:then:)`` of the file just opened as `descriptor` (-1 with `errno` set if it
    /// could not be), which it closes.
    private static func read(opened descriptor: Int32, then tail: Data = Data()) -> Result<Data, ReadFailure> {
        guard descriptor >= 0 else { return .failure(ReadFailure(errno: errno)) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return .failure(ReadFailure(errno: errno)) }
        guard status.st_mode & S_IFMT != S_IFDIR else { return .failure(ReadFailure(errno: EISDIR)) }
        // One spare byte, so that the read that finds the end needs no larger buffer; a
        // file that grew since `fstat` (or reports no size, like those in /proc) doubles it.
        var capacity = max(Int(status.st_size), 0) + tail.count + 1
        guard var buffer = malloc(capacity) else { return .failure(ReadFailure(errno: ENOMEM)) }
        var length = 0
        while true {
            if length == capacity {
                capacity *= 2
                guard let larger = realloc(buffer, capacity) else {
                    free(buffer)
                    return .failure(ReadFailure(errno: ENOMEM))
                }
                buffer = larger
            }
            let got = Glibc.read(descriptor, buffer + length, capacity - length)
            if got < 0 {
                if errno == EINTR { continue }
                let failure = errno
                free(buffer)
                return .failure(ReadFailure(errno: failure))
            }
            if got == 0 { break }
            length += got
        }
        if !tail.isEmpty {
            if length + tail.count > capacity {
                capacity = length + tail.count
                guard let larger = realloc(buffer, capacity) else {
                    free(buffer)
                    return .failure(ReadFailure(errno: ENOMEM))
                }
                buffer = larger
            }
            tail.copyBytes(to: (buffer + length).assumingMemoryBound(to: UInt8.self), count: tail.count)
            length += tail.count
        }
        guard length > 0 else {
            free(buffer)
            return .success(Data())
        }
        return .success(Data(bytesNoCopy: buffer, count: length, deallocator: .free))
    }

    /// Why a file could not be read: `strerror`'s text.
    package struct ReadFailure: Error {
        package var reason: String

        package init(errno code: Int32) {
            reason = String(cString: strerror(code))
        }
    }
}

/// A file that could not be written: its path, and `errno` after the call that failed.
package struct WriteFailure: Error {
    package var path: String
    package var code: Int32

    package init(path: String, code: Int32 = errno) {
        self.path = path
        self.code = code
    }
}
