import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Reads pages' search records (see ``CachedPage/search``) from the build cache's packs for
/// one task: each pack is opened once, and each record read into one reused buffer, with
/// no `String` made of it; thousands of records are read in a row.
struct SearchRecordReader {
    let folder: URL
    private var descriptors: [String: Int32] = [:]
    private var buffer: [UInt8] = []

    init(folder: URL) { self.folder = folder }

    /// Calls `body` with the bytes at `location`; `false` if they cannot be read.
    mutating func read(_ location: ContentLocation, _ body: (UnsafeBufferPointer<UInt8>) -> Void) -> Bool {
        guard location.length > 0 else {
            body(UnsafeBufferPointer(start: nil, count: 0))
            return true
        }
        let descriptor: Int32
        if let open = descriptors[location.pack] {
            descriptor = open
        } else {
            descriptor = Glibc.open(folder.appending(path: location.pack).path, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else { return false }
            descriptors[location.pack] = descriptor
        }
        if buffer.count < location.length {
            buffer = [UInt8](repeating: 0, count: max(location.length, 2 * buffer.count))
        }
        let complete = buffer.withUnsafeMutableBytes { raw in
            FileIO.read(descriptor, into: raw.baseAddress!, count: location.length, offset: location.offset)
        }
        guard complete else { return false }
        buffer.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[..<location.length])) }
        return true
    }

    /// Closes the packs.
    mutating func close() {
        for descriptor in descriptors.values { _ = Glibc.close(descriptor) }
        descriptors = [:]
    }
}
