import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// Reading files: whole, mapped, or at an offset of an open file.
extension FileIO {
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
    /// costs a fault and a page of memory, which for an index of megabytes is more than
    /// reading it. The file must not shrink while the bytes are in use. A small file, or one that
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

    /// Why a file could not be read: the `errno` of the call that failed.
    package struct ReadFailure: Error {
        package var code: Int32

        package init(errno code: Int32) {
            self.code = code
        }

        /// `strerror`'s text for ``code``.
        package var reason: String { String(cString: strerror(code)) }
    }
}
