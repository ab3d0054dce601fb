import Basics
import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// Where a page's rendered content lies in the build cache: a byte range of a pack file.
///
/// Pages are many and small; creating a file for each would cost more than writing it
/// (file creation dominates a build on a real disk). So each worker of a build appends
/// the content of its pages to one pack file of its own, and the cache records offsets.
///
/// A pack is raw bytes with no header: what it holds is known only from the records that
/// point into it, and each of those carries the location's ``checksum`` (under the index's
/// format version), which ``PackReader`` checks on every read.
struct ContentLocation: Sendable, Equatable {
    var pack: String
    var offset: Int
    var length: Int
    /// The ``Checksum`` of the bytes at the location.
    var checksum: UInt64 = 0
}

/// The pack files that one build appends to, one per worker. A worker only ever writes
/// to its own pack, in order, so no locking is needed.
///
/// Each pack gathers what is appended in a buffer of ``bufferSize`` bytes and writes it
/// out when full: one `write` instead of one per page, and whole pages of the file, which
/// the kernel need not clear first. So a location is only good once ``close()`` says that
/// everything reached the file.
struct ContentPacks: Sendable {
    static let bufferSize = 1 << 20

    let folder: URL
    let names: [String]
    private let writers: [Writer]

    /// One worker's pack: its descriptor, what is not written yet, and how long the file
    /// will be once it is.
    private final class Writer: @unchecked Sendable {
        let descriptor: Int32
        var buffer: [UInt8] = []
        var length = 0
        /// The `errno` of the write that failed, or 0.
        var failure: Int32 = 0
        var failed: Bool { failure != 0 }

        init(descriptor: Int32) {
            self.descriptor = descriptor
            buffer.reserveCapacity(ContentPacks.bufferSize)
        }

        /// Writes out the buffer; false (and from then on) if a write failed.
        func flush() -> Bool {
            guard !failed else { return false }
            if !buffer.withUnsafeBytes({ FileIO.write($0, to: descriptor) }) { failure = errno == 0 ? EIO : errno }
            buffer.removeAll(keepingCapacity: true)
            return !failed
        }

        /// Writes `bytes` to the file as they are, after the buffer; false (and from then
        /// on) if a write failed.
        func writeThrough(_ bytes: UnsafeRawBufferPointer) -> Bool {
            guard flush() else { return false }
            if !FileIO.write(bytes, to: descriptor) { failure = errno == 0 ? EIO : errno }
            return !failed
        }
    }

    /// Opens `workers` new pack files in `folder`, named after `tag` (unique per build).
    init(folder: URL, tag: String, workers: Int) throws {
        self.folder = folder
        names = (0..<workers).map { "\(tag)-\($0).pack" }
        var writers: [Writer] = []
        for name in names {
            let descriptor = open(folder.appending(path: name).path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
            guard descriptor >= 0 else {
                let failure = WriteFailure(path: folder.path)
                writers.forEach { _ = Glibc.close($0.descriptor) }
                throw failure
            }
            writers.append(Writer(descriptor: descriptor))
        }
        self.writers = writers
    }

    /// The `errno` of the write that failed in the pack of `worker`, or 0.
    func failure(worker: Int) -> Int32 {
        writers[worker].failure
    }

    /// The `errno` of the first pack's failed write, or 0.
    var failure: Int32 {
        writers.first(where: \.failed)?.failure ?? 0
    }

    /// Appends `text` to the pack of `worker`; `nil` if an earlier write failed.
    func append(_ text: String, worker: Int) -> ContentLocation? {
        var text = text
        return text.withUTF8 { append(UnsafeRawBufferPointer($0), worker: worker) }
    }

    /// Appends `bytes` (UTF-8) to the pack of `worker`; `nil` if an earlier write failed.
    /// (A large page goes straight to the file, so that a failure names it.)
    func append(_ bytes: UnsafeRawBufferPointer, worker: Int) -> ContentLocation? {
        let writer = writers[worker]
        let location = ContentLocation(
            pack: names[worker], offset: writer.length, length: bytes.count, checksum: Checksum.of(bytes))
        if bytes.count >= Self.bufferSize / 4 {
            guard writer.writeThrough(bytes) else { return nil }
        } else {
            if writer.buffer.count + bytes.count > Self.bufferSize { guard writer.flush() else { return nil } }
            guard !writer.failed else { return nil }
            writer.buffer.append(contentsOf: bytes)
        }
        writer.length += bytes.count
        return location
    }

    /// Writes out what is left and closes the packs, removing those that received nothing
    /// (every page was cached). Whether every byte appended reached its pack: if not, no
    /// location handed out may be used.
    @discardableResult
    func close() -> Bool {
        var complete = true
        for (writer, name) in zip(writers, names) {
            if !writer.flush() { complete = false }
            _ = Glibc.close(writer.descriptor)
            if writer.length == 0 { try? FileManager.default.removeItem(at: folder.appending(path: name)) }
        }
        return complete
    }

    /// The content at `location`, or `nil` if the pack is gone, too short, or holds other
    /// bytes than were written there. (To read many, keep one ``PackReader``.)
    static func read(_ location: ContentLocation, in folder: URL) -> String? {
        var reader = PackReader(folder: folder)
        defer { reader.close() }
        return reader.text(at: location)
    }
}
