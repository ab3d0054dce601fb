import Basics
import FoundationEssentials

extension BuildCache.Sources {
    /// The sources that `file` names, if it was written under `key`. One that does not
    /// verify is noted in `damage`.
    init?(reading file: URL, key: String, damage: CacheDamage) {
        guard case .success(let data) = FileIO.read(file.path) else { return nil }
        let read = [UInt8](data)
        // The checksum's line ends the file.
        guard read.last == UInt8(ascii: "\n"),
            let bytes = read.dropLast().withUnsafeBufferPointer({
                Checksum.verified($0, separator: UInt8(ascii: "\n")).map(Array.init)
            })
        else {
            // Another foldmark's list is of no use, but not damaged.
            let otherVersion =
                read.starts(with: "foldmark-sources ".utf8) && !read.starts(with: (Self.version + " ").utf8)
            if !otherVersion { damage.dropWholeCache() }
            return nil
        }
        let lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        guard String(decoding: lines[0], as: UTF8.self) == Self.version + " " + key else { return nil }
        for line in lines.dropFirst() {
            guard let kind = line.first else { return nil }
            let path = String(decoding: line.dropFirst(), as: UTF8.self)
            switch kind {
            case UInt8(ascii: "p"): pages.append(path)
            case UInt8(ascii: "a"): assets.append(path)
            case UInt8(ascii: "f"): folders.append(path)
            default: return nil
            }
        }
    }

    /// The file's bytes, under `key` (the cache's, which names these sources); `nil` if a
    /// path holds a line break, which the file could not tell from the next path.
    func encoded(key: String) -> [UInt8]? {
        guard (pages + assets + folders).allSatisfy({ !$0.utf8Contains(UInt8(ascii: "\n")) }) else { return nil }
        var bytes = Array((Self.version + " " + key).utf8)
        for (kind, paths) in [
            (UInt8(ascii: "p"), pages), (UInt8(ascii: "a"), assets), (UInt8(ascii: "f"), folders),
        ] {
            for path in paths {
                bytes.append(UInt8(ascii: "\n"))
                bytes.append(kind)
                path.withUTF8Bytes { bytes.append(contentsOf: $0) }
            }
        }
        Checksum.append(to: &bytes, separator: UInt8(ascii: "\n"))
        bytes.append(UInt8(ascii: "\n"))
        return bytes
    }
}
