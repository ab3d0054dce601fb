import Basics
import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// The records that later builds changed, appended to `index-journal` beside the build
/// cache's index instead of rewriting the whole index (megabytes for a large site) for a
/// one-page edit (see ``BuildCache``).
///
/// Each entry is the length of its payload and the ``Checksum`` of the payload, as 16
/// hexadecimal digits each, then the payload: a header like the index's (format, key,
/// site state, the generation of the index it applies to, the number of records), then the
/// changed records, each after a record separator. Entries apply in order, over the index
/// whose generation they name; entries of another generation, or of another foldmark's
/// format, are left from before the index was last rewritten, and are ignored. An entry
/// cut short or damaged makes the whole cache unusable (and is reported as damage): the
/// output on disk may have been laid out by the build that wrote it, and the records the
/// entry replaced would describe the output before that build.
enum CacheJournal {
    static let fileName = "index-journal"
    private static let prefixLength = 32

    /// The bytes of one entry with `payload`.
    static func entry(payload: [UInt8]) -> [UInt8] {
        let hash = payload.withUnsafeBytes { Checksum.of($0) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(prefixLength + payload.count)
        bytes.appendHex(UInt64(payload.count), digits: 16)
        bytes.appendHex(hash, digits: 16)
        bytes += payload
        return bytes
    }

    /// The payloads of the entries in `journal`, as ranges of it; `nil` if one is cut short
    /// or damaged.
    static func payloads(of journal: UnsafeRawBufferPointer) -> [Range<Int>]? {
        var payloads: [Range<Int>] = []
        var start = 0
        while start < journal.count {
            guard journal.count - start >= prefixLength,
                let length = number(journal, start..<(start + 16)),
                let expected = number(journal, (start + 16)..<(start + 32)),
                length <= UInt64(journal.count - start - prefixLength)
            else { return nil }
            let payload = (start + prefixLength)..<(start + prefixLength + Int(length))
            guard Checksum.of(UnsafeRawBufferPointer(rebasing: journal[payload])) == expected
            else { return nil }
            payloads.append(payload)
            start = payload.upperBound
        }
        return payloads
    }

    /// Appends `entry` to the journal at `path` with one write; `false` if it could not
    /// be written whole.
    static func append(_ entry: [UInt8], to path: String) -> Bool {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        return entry.withUnsafeBytes { FileIO.write($0, to: descriptor) }
    }

    private static func number(_ bytes: UnsafeRawBufferPointer, _ range: Range<Int>) -> UInt64? {
        Digits.hexNumber(UnsafeRawBufferPointer(rebasing: bytes[range]).assumingMemoryBound(to: UInt8.self))
    }
}
