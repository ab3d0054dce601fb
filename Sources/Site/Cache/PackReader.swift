import Basics
import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// Reads pages' content and search records (see ``CachedPage/content`` and
/// ``CachedPage/search``) from the build cache's packs for one task: each pack is opened
/// once, however many pages are read from it in a row. ``read(_:_:)`` reads into one
/// reused buffer, with no `String` made of it.
///
/// What is read is checked against the location's checksum (see ``ContentLocation``), but
/// in the packs of this build (`written`): those were written by this process a moment
/// ago, from the bytes whose checksum the location holds, and a full build reads every
/// page's content back from them (a hundred megabytes for a large site).
struct PackReader {
    let folder: URL
    private let written: [String]
    private var descriptors: [String: Int32] = [:]
    private var buffer: [UInt8] = []

    init(folder: URL, written: [String] = []) {
        self.folder = folder
        self.written = written
    }

    /// Calls `body` with the bytes at `location`; `false` if they cannot be read, or are not
    /// those that were written there.
    mutating func read(_ location: ContentLocation, _ body: (UnsafeBufferPointer<UInt8>) -> Void) -> Bool {
        guard location.length > 0 else {
            body(UnsafeBufferPointer(start: nil, count: 0))
            return true
        }
        guard let descriptor = descriptor(for: location.pack) else { return false }
        if buffer.count < location.length {
            buffer = [UInt8](repeating: 0, count: max(location.length, 2 * buffer.count))
        }
        let complete = buffer.withUnsafeMutableBytes { raw in
            FileIO.read(descriptor, into: raw.baseAddress!, count: location.length, offset: location.offset)
        }
        guard complete else { return false }
        return buffer.withUnsafeBufferPointer { buffer in
            let bytes = UnsafeBufferPointer(rebasing: buffer[..<location.length])
            guard isIntact(bytes, at: location) else { return false }
            body(bytes)
            return true
        }
    }

    /// The text at `location`, read straight into the string's storage (which checks that
    /// it is UTF-8); `nil` if it cannot be read.
    mutating func text(at location: ContentLocation) -> String? {
        // An empty page has empty content, and its pack may have been removed as empty.
        guard location.length > 0 else { return "" }
        guard let descriptor = descriptor(for: location.pack) else { return nil }
        var complete = true
        let text = String(unsafeUninitializedCapacity: location.length) { buffer in
            complete =
                FileIO.read(descriptor, into: buffer.baseAddress!, count: location.length, offset: location.offset)
                && isIntact(UnsafeBufferPointer(rebasing: buffer[..<location.length]), at: location)
            return complete ? location.length : 0
        }
        return complete ? text : nil
    }

    /// Whether `bytes`, read at `location`, are those that were written there.
    private func isIntact(_ bytes: UnsafeBufferPointer<UInt8>, at location: ContentLocation) -> Bool {
        // (Compared by name with each of this build's few packs: most records name the very
        // string of their pack, which compares at once.)
        if written.contains(location.pack) { return true }
        return Checksum.of(bytes) == location.checksum
    }

    /// The open descriptor of `pack`, opened on first use.
    private mutating func descriptor(for pack: String) -> Int32? {
        if let open = descriptors[pack] { return open }
        let descriptor = Glibc.open(folder.appending(path: pack).path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        descriptors[pack] = descriptor
        return descriptor
    }

    /// Closes the packs.
    mutating func close() {
        for descriptor in descriptors.values { _ = Glibc.close(descriptor) }
        descriptors = [:]
    }
}
