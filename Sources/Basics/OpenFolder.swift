import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// The folder that a task last read or wrote a file in, kept open, so that the next file
/// in the same folder is opened by its name alone (`openat`): `open` with the whole path
/// makes the kernel look up every folder on the way again, for every page. A task takes
/// runs of consecutive pages, which mostly share their folder. Close it when done.
package struct OpenFolder {
    /// The folder's path with its `/`, as bytes, and its descriptor; -1 when none is open.
    private var path: [UInt8] = []
    private var descriptor: Int32 = -1

    package init() {}

    /// Opens the file at `path` (`flags` as for `open`; mode 0644 for a file it creates)
    /// through the open folder, first opening the file's folder instead if that is
    /// another; with `makingFolders`, a missing folder is made first. -1, with `errno`
    /// set, on failure.
    package mutating func open(_ path: String, flags: Int32, makingFolders: Bool = false) -> Int32 {
        var text = path
        return text.withUTF8 { bytes in
            let folderLength = FileIO.folderLength(bytes)
            guard folderLength > 0 else { return Glibc.open(path, flags | O_CLOEXEC, 0o644) }
            let folder = UnsafeBufferPointer(rebasing: bytes[..<folderLength])
            let isOpen =
                descriptor >= 0 && self.path.count == folderLength
                && self.path.withUnsafeBufferPointer { memcmp($0.baseAddress!, bytes.baseAddress!, folderLength) == 0 }
            if !isOpen {
                close()
                guard let opened = Self.openFolder(folder, makingFolders: makingFolders) else { return -1 }
                descriptor = opened
                self.path = Array(folder)
            }
            // The name, with the NUL that `openat` reads up to.
            let name = UnsafeBufferPointer(rebasing: bytes[folderLength...])
            return withUnsafeTemporaryAllocation(of: CChar.self, capacity: name.count + 1) { buffer in
                let cName = buffer.baseAddress!
                UnsafeMutableRawPointer(cName).copyMemory(from: name.baseAddress!, byteCount: name.count)
                cName[name.count] = 0
                return openat(descriptor, cName, flags | O_CLOEXEC, 0o644)
            }
        }
    }

    /// Closes the open folder, if any.
    package mutating func close() {
        if descriptor >= 0 { _ = Glibc.close(descriptor) }
        descriptor = -1
        path = []
    }

    private static func openFolder(_ folder: UnsafeBufferPointer<UInt8>, makingFolders: Bool) -> Int32? {
        let path = String(decoding: folder, as: UTF8.self)
        var descriptor = Glibc.open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if descriptor < 0 && errno == ENOENT && makingFolders {
            try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            descriptor = Glibc.open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        }
        return descriptor >= 0 ? descriptor : nil
    }
}
