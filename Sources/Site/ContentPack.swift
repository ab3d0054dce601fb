import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Where a page's rendered content lies in the build cache: a byte range of a pack file.
///
/// Pages are many and small; creating a file for each would cost more than writing it
/// (file creation dominates a build on a real disk). So each worker of a build appends
/// the content of its pages to one pack file of its own, and the cache records offsets.
struct ContentLocation: Sendable, Equatable {
    var pack: String
    var offset: Int
    var length: Int
}

/// The pack files that one build appends to, one per worker. A worker only ever writes
/// to its own descriptor, in order, so no locking is needed.
struct ContentPacks: Sendable {
    let folder: URL
    let names: [String]
    private let descriptors: [Int32]

    /// Opens `workers` new pack files in `folder`, named after `tag` (unique per build).
    init(folder: URL, tag: String, workers: Int) throws {
        self.folder = folder
        names = (0..<workers).map { "\(tag)-\($0).pack" }
        var descriptors: [Int32] = []
        for name in names {
            let descriptor = open(folder.appending(path: name).path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
            guard descriptor >= 0 else {
                descriptors.forEach { _ = Glibc.close($0) }
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: folder.path])
            }
            descriptors.append(descriptor)
        }
        self.descriptors = descriptors
    }

    /// Appends `text` to the pack of `worker`; `nil` if the write failed.
    func append(_ text: String, worker: Int) -> ContentLocation? {
        var text = text
        return text.withUTF8 { append(UnsafeRawBufferPointer($0), worker: worker) }
    }

    /// Appends `bytes` (UTF-8) to the pack of `worker`; `nil` if the write failed.
    func append(_ bytes: UnsafeRawBufferPointer, worker: Int) -> ContentLocation? {
        let descriptor = descriptors[worker]
        let offset = Int(lseek(descriptor, 0, SEEK_END))
        var done = 0
        while done < bytes.count {
            let count = write(descriptor, bytes.baseAddress! + done, bytes.count - done)
            if count < 0 {
                if errno == EINTR { continue }
                return nil
            }
            done += count
        }
        guard offset >= 0 else { return nil }
        return ContentLocation(pack: names[worker], offset: offset, length: bytes.count)
    }

    /// Closes the packs, and removes those that received nothing (every page was cached).
    func close() {
        for (descriptor, name) in zip(descriptors, names) {
            let isEmpty = lseek(descriptor, 0, SEEK_END) == 0
            _ = Glibc.close(descriptor)
            if isEmpty { try? FileManager.default.removeItem(at: folder.appending(path: name)) }
        }
    }

    /// The content at `location`, or `nil` if the pack is gone or too short.
    static func read(_ location: ContentLocation, in folder: URL) -> String? {
        // An empty page has empty content, and its pack may have been removed as empty.
        if location.length == 0 { return "" }
        // Joined as a string: `URL.appending(path:)` costs more than the read, which runs
        // for every page a build lays out and every page of the search index.
        let path = folder.path
        let descriptor = open(path + (path.hasSuffix("/") ? "" : "/") + location.pack, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { Glibc.close(descriptor) }
        var complete = true
        // Read straight into the string's storage (which checks that it is UTF-8).
        let text = String(unsafeUninitializedCapacity: location.length) { buffer in
            complete = FileIO.read(descriptor, into: buffer.baseAddress!, count: location.length, offset: location.offset)
            return complete ? location.length : 0
        }
        return complete ? text : nil
    }
}
