import Basics
import Sections

#if canImport(Glibc)
    import Glibc
#endif

/// What `stat` says of a source file: its size, modification and change times (in
/// nanoseconds), inode and device. A page's cache record keeps the identity its source
/// had when it was last hashed, so that a build that finds the same identity trusts the
/// recorded hash without reading the file.
///
/// Any write to a file changes its change time (`ctime`), which no one can set back, so an
/// edit that keeps the size and restores the modification time (`touch -d`) is still seen;
/// a copied or checked-out file has another inode or device and is read and hashed.
///
/// What remains is the "racily clean" file of git: one edited within the same tick of the
/// file system's clock as the stat that recorded it, so that the edit leaves every field
/// as it was. A build therefore records an identity only when it is ``isSettled(before:)``
/// the moment the build started: a later edit then gets a later time.
struct SourceIdentity: Sendable, Equatable {
    var size: UInt64
    var modified: Int64
    var changed: Int64
    var inode: UInt64
    var device: UInt64

    init(size: UInt64, modified: Int64, changed: Int64, inode: UInt64, device: UInt64) {
        self.size = size
        self.modified = modified
        self.changed = changed
        self.inode = inode
        self.device = device
    }

    /// The identity of the regular file at `path`, following symbolic links as a read
    /// does; `nil` if it cannot be had (then the file is read, and fails there if it must).
    init?(path: String) {
        self.init(path: path, type: S_IFREG)
    }

    /// The identity of the folder at `path` (see ``OutputFolders``): any entry made,
    /// removed or renamed in it changes its modification and change times.
    init?(folder path: String) {
        self.init(path: path, type: S_IFDIR)
    }

    private init?(path: String, type: mode_t) {
        var status = stat()
        guard stat(path, &status) == 0, status.st_mode & S_IFMT == type else { return nil }
        self.init(status)
    }

    /// The identity in what `stat` (or `lstat`, `fstatat`) filled in.
    init(_ status: stat) {
        size = UInt64(status.st_size)
        modified = Int64(status.st_mtim.tv_sec) * 1_000_000_000 + Int64(status.st_mtim.tv_nsec)
        changed = Int64(status.st_ctim.tv_sec) * 1_000_000_000 + Int64(status.st_ctim.tv_nsec)
        inode = UInt64(status.st_ino)
        device = UInt64(status.st_dev)
    }

    /// Whether both times of the file are strictly older than `start` (see
    /// ``settledTime()``): then an edit made after the file was looked at gets other times.
    func isSettled(before start: Int64) -> Bool {
        modified < start && changed < start
    }

    /// The time, in nanoseconds, before which a file's times count as settled for a build
    /// starting now: the coarse clock that file systems stamp files with (a file can be
    /// stamped a little earlier than the precise clock reads), rounded down to an even
    /// second for file systems that keep times in whole seconds or two.
    static func settledTime() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME_COARSE, &now)
        return Int64(now.tv_sec & ~1) * 1_000_000_000
    }
}

extension SourceIdentity {
    /// The identity as one field of a cache record: five hexadecimal numbers, split by
    /// `separator`.
    func encoded(separator: UInt8) -> [UInt8] {
        var bytes = UniqueBuffer<UInt8>(capacity: 5 * 17)
        append(encodedWith: separator, to: &bytes)
        return bytes.array
    }

    /// Appends ``encoded(separator:)`` to `bytes`, digit by digit: no string per number
    /// (a build writes one identity per page).
    func append(encodedWith separator: UInt8, to bytes: inout UniqueBuffer<UInt8>) {
        Digits.hex(size) { bytes.append(contentsOf: $0) }
        bytes.append(separator)
        Digits.hex(UInt64(bitPattern: modified)) { bytes.append(contentsOf: $0) }
        bytes.append(separator)
        Digits.hex(UInt64(bitPattern: changed)) { bytes.append(contentsOf: $0) }
        bytes.append(separator)
        Digits.hex(inode) { bytes.append(contentsOf: $0) }
        bytes.append(separator)
        Digits.hex(device) { bytes.append(contentsOf: $0) }
    }

    /// Reads what ``encoded(separator:)`` wrote; `nil` if it is malformed.
    init?(decoding field: UnsafeBufferPointer<UInt8>, separator: UInt8) {
        // One pass over the bytes, number by number: no array per record (every page's
        // record holds one identity).
        var index = 0
        guard let size = Digits.hexNumber(field, at: &index, until: separator),
            let modified = Digits.hexNumber(field, at: &index, until: separator),
            let changed = Digits.hexNumber(field, at: &index, until: separator),
            let inode = Digits.hexNumber(field, at: &index, until: separator),
            let device = Digits.hexNumber(field, at: &index, until: separator),
            // Five numbers and no more: the last ended at the end of the field.
            index == field.count + 1
        else { return nil }
        self.init(
            size: size, modified: Int64(bitPattern: modified), changed: Int64(bitPattern: changed), inode: inode,
            device: device)
    }
}

extension StableHash {
    /// Mixes in every field of `identity`.
    mutating func combine(_ identity: SourceIdentity) {
        var numbers = (identity.size, identity.modified, identity.changed, identity.inode, identity.device)
        withUnsafeBytes(of: &numbers) { combine($0) }
    }
}
