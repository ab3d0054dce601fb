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

    /// Adds `text` at the end of the existing file at `path`, leaving what it holds as it
    /// is: 0, or the `errno` of the call that failed.
    package static func append(_ text: String, toPath path: String) -> Int32 {
        let descriptor = open(path, O_WRONLY | O_APPEND | O_CLOEXEC)
        guard descriptor >= 0 else { return errno }
        defer { close(descriptor) }
        var text = text
        return text.withUTF8 { write(UnsafeRawBufferPointer($0), to: descriptor) } ? 0 : errno
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
    /// Foundation's `copyItem`, with the date set after it, looks up every folder of both
    /// paths several times, for every asset of a build.
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
    package static func write(_ buffer: UnsafeRawBufferPointer, toPath path: String, in folder: inout OpenFolder)
        -> Bool
    {
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
