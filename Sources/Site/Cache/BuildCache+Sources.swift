import Basics
import FoundationEssentials

extension BuildCache.Sources {
    /// The sources that `file` names, if it was written under `key`. One that does not
    /// verify is noted in `damage`.
    init?(reading file: URL, key: String, damage: CacheDamage) {
        guard
            let lines = ChecksummedFile.lines(
                of: file, format: Self.version, separator: UInt8(ascii: " "), ifDamaged: damage.dropWholeCache)
        else { return nil }
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

    /// Writes the sources to `file` under `key` (the cache's, which names these sources);
    /// if it cannot, or a path holds a line break, which the file could not tell from the
    /// next path, removes the file.
    func write(to file: URL, key: String) {
        guard (pages + assets + folders).allSatisfy({ !$0.utf8Contains(UInt8(ascii: "\n")) }) else {
            return ChecksummedFile.remove(file)
        }
        var lines = ChecksummedFile(format: Self.version, separator: UInt8(ascii: " "), key: key)
        for (kind, paths) in [
            (UInt8(ascii: "p"), pages), (UInt8(ascii: "a"), assets), (UInt8(ascii: "f"), folders),
        ] {
            for path in paths {
                lines.appendLine { bytes in
                    bytes.append(kind)
                    path.withUTF8Bytes { bytes.append(contentsOf: $0) }
                }
            }
        }
        lines.write(to: file)
    }
}
