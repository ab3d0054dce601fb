import Basics
import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// A small file of the build cache in lines: a first line with the file's format (such as
/// `foldmark-stamp 2`), a separator and the cache's key, then a line per entry, and a last
/// line with the ``Checksum`` of those before; each line ends with a line break. The list
/// of sources (``BuildCache/Sources``), the stamp (``BuildStamp``) and the record of the
/// output's folders (``OutputFolders``) are such files.
///
/// A file is replaced whole or removed, never left describing what it no longer does; and
/// one that does not verify is not believed. One of another foldmark's version of the
/// format is of no use, but not damaged.
struct ChecksummedFile {
    static let lineBreak = UInt8(ascii: "\n")

    /// The lines so far, without the line break after the last.
    private var bytes: [UInt8]

    /// A file whose first line is `format`, `separator` and `key`.
    init(format: String, separator: UInt8, key: String) {
        bytes = Array(format.utf8)
        bytes.append(separator)
        bytes += key.utf8
    }

    /// Adds a line, whose bytes `write` appends.
    mutating func appendLine(_ write: (inout [UInt8]) -> Void) {
        bytes.append(Self.lineBreak)
        write(&bytes)
    }

    /// Replaces `file` with the lines and their checksum; if it cannot, removes the file.
    consuming func write(to file: URL) {
        var bytes = bytes
        Checksum.append(to: &bytes, separator: Self.lineBreak)
        bytes.append(Self.lineBreak)
        if (try? AtomicFile.write(bytes, to: file)) == nil { Self.remove(file) }
    }

    static func remove(_ file: URL) {
        unlink(file.path)
    }

    /// The lines of `file`, its first included, if it verifies; `nil` if it is missing or
    /// does not verify. `damaged` is called when it does not, unless it starts with the
    /// name of `format` and another version (`format` is a name, a space and a version;
    /// `separator` follows it on the first line).
    static func lines(
        of file: URL, format: String, separator: UInt8, ifDamaged damaged: () -> Void
    ) -> [ArraySlice<UInt8>]? {
        guard case .success(let data) = FileIO.read(file.path) else { return nil }
        let read = [UInt8](data)
        // The checksum's line ends the file.
        guard read.last == lineBreak,
            let bytes = read.dropLast().withUnsafeBufferPointer({
                Checksum.verified($0, separator: lineBreak).map(Array.init)
            })
        else {
            if !isOtherVersion(read, of: format, separator: separator) { damaged() }
            return nil
        }
        return bytes.split(separator: lineBreak, omittingEmptySubsequences: false)
    }

    /// Whether `bytes` start with the name of `format` but not with `format` and `separator`.
    private static func isOtherVersion(_ bytes: [UInt8], of format: String, separator: UInt8) -> Bool {
        let name = format.utf8.lastIndex(of: UInt8(ascii: " ")).map { format.utf8[...$0] } ?? format.utf8[...]
        return bytes.starts(with: name) && !bytes.starts(with: Array(format.utf8) + [separator])
    }
}
