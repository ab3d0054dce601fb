import Basics
import Site

#if canImport(Glibc)
    import Glibc
#endif

/// The folders an inotify descriptor watches, by watch descriptor, and the reading of
/// its events.
///
/// The site folder itself is watched only for `foldmark.yml`, `Content` and `Templates`
/// (the output folder and build cache live there too, and change on every build).
/// `Content/` and `Templates/` are watched with every folder in them, not following
/// symbolic links (the build does not follow them either); a folder created or moved in
/// is watched as soon as its event is read, with what it already holds.
struct WatchList: Sendable {
    static let siteEntries: Set<String> = ["foldmark.yml", "Content", "Templates"]
    static let mask: UInt32 =
        UInt32(IN_CREATE | IN_DELETE | IN_CLOSE_WRITE | IN_MOVED_FROM | IN_MOVED_TO | IN_ATTRIB)
        | UInt32(IN_DELETE_SELF | IN_MOVE_SELF | IN_ONLYDIR | IN_DONT_FOLLOW)

    let inotify: Int32
    let root: String
    let warning: @Sendable (String) -> Void
    private(set) var folders: [Int32: String] = [:]
    private var warnedAboutLimit = false

    init(inotify: Int32, root: String, warning: @escaping @Sendable (String) -> Void) {
        self.inotify = inotify
        self.root = root.count > 1 && root.hasSuffix("/") ? String(root.dropLast()) : root
        self.warning = warning
    }

    mutating func watchSite() {
        watch(root)
        watchTree(root + "/Content")
        watchTree(root + "/Templates")
    }

    /// Reads every event waiting; returns whether any of them may change the build.
    mutating func drain(_ buffer: inout [UInt8]) -> Bool {
        var relevant = false
        while true {
            let count = buffer.withUnsafeMutableBytes { read(inotify, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return relevant }
            var offset = 0
            let header = MemoryLayout<inotify_event>.size
            while offset + header <= count {
                let (descriptor, mask, length) = buffer.withUnsafeBytes { bytes in
                    (
                        bytes.loadUnaligned(fromByteOffset: offset, as: Int32.self),
                        bytes.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self),
                        Int(bytes.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
                    )
                }
                let nameBytes = buffer[(offset + header)..<min(count, offset + header + length)]
                let name = String(decoding: nameBytes.prefix { $0 != 0 }, as: UTF8.self)
                offset += header + length
                if handle(descriptor, mask, name) { relevant = true }
            }
        }
    }

    private mutating func handle(_ descriptor: Int32, _ mask: UInt32, _ name: String) -> Bool {
        if mask & UInt32(IN_Q_OVERFLOW) != 0 {
            // Events were lost: watch everything again (known folders keep their watch).
            watchSite()
            return true
        }
        if mask & UInt32(IN_IGNORED) != 0 {
            folders.removeValue(forKey: descriptor)
            return false
        }
        guard let folder = folders[descriptor], !name.isEmpty else { return false }
        if folder == root {
            guard Self.siteEntries.contains(name) else { return false }
        } else if name.hasPrefix(".") {
            return false
        }
        let path = folder + "/" + name
        if mask & UInt32(IN_ISDIR) != 0 {
            if mask & UInt32(IN_MOVED_FROM) != 0 { unwatchTree(path) }
            if mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0 { watchTree(path) }
        }
        return true
    }

    private mutating func watch(_ path: String) {
        let descriptor = inotify_add_watch(inotify, path, Self.mask)
        if descriptor >= 0 {
            folders[descriptor] = path
        } else if errno == ENOSPC && !warnedAboutLimit {
            warnedAboutLimit = true
            warning(
                "cannot watch every folder: the limit of inotify watches is reached "
                    + "(raise fs.inotify.max_user_watches); changes in some folders are not seen")
        }
    }

    /// Watches `path` and every folder below it, skipping hidden folders and links.
    private mutating func watchTree(_ path: String) {
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else { return }
        watch(path)
        var children: [String] = []
        _ = FileIO.forEachEntry(in: path) { name, type in
            if name.first != UInt8(ascii: "."), type == UInt8(DT_DIR) || type == UInt8(DT_UNKNOWN) {
                children.append(path + "/" + String(decoding: name, as: UTF8.self))
            }
            return true
        }
        for child in children { watchTree(child) }
    }

    private mutating func unwatchTree(_ path: String) {
        for (descriptor, folder) in folders where folder == path || folder.hasPrefix(path + "/") {
            inotify_rm_watch(inotify, descriptor)
            folders.removeValue(forKey: descriptor)
        }
    }
}
