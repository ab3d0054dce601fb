import Basics
import FoundationEssentials
import Sections

/// Where a source file of `Content/` lands in the output folder.
enum OutputPath {
    static let markdownExtensions: Set<String> = ["md", "markdown"]
    /// The bytes of `markdown`, read as one word as ``ByteChunk`` reads text.
    private static let markdownWord = ByteChunk.load(("markdown" as StaticString).utf8Start, count: 8)

    static func isMarkdown(_ relativePath: String) -> Bool {
        markdownDot(in: relativePath) != nil
    }

    /// `guide/setup.md` → `guide/setup.html`; any other file keeps its path.
    static func forSource(_ relativePath: String) -> String {
        guard let dot = markdownDot(in: relativePath) else { return relativePath }
        return String(utf8Prefix: dot, of: relativePath, then: ".html")
    }

    /// Where the extension of a Markdown path starts in its UTF-8; `nil` for any other
    /// path. Runs for every file of the site and every link on every build: a path whose
    /// extension is ASCII is read as bytes in place.
    static func markdownDot(in path: String) -> Int? {
        let ascii: Int?? = path.withUTF8Bytes { bytes in
            guard let base = bytes.baseAddress else { return .some(nil) }
            var dot = bytes.count
            repeat {
                guard dot > 0 else { return .some(nil) }
                dot -= 1
            } while base[dot] != UInt8(ascii: ".")
            // ASCII letters: OR-ing 0x20 lowercases them (and no other byte becomes one).
            switch bytes.count - dot - 1 {
            case 2:
                guard base[dot + 1] < 0x80 && base[dot + 2] < 0x80 else { return .none }
                let isMarkdown = base[dot + 1] | 0x20 == UInt8(ascii: "m") && base[dot + 2] | 0x20 == UInt8(ascii: "d")
                return .some(isMarkdown ? dot : nil)
            case 8:
                let suffix = UnsafeRawPointer(base + dot + 1).loadUnaligned(as: UInt64.self)
                guard suffix & 0x8080_8080_8080_8080 == 0 else { return .none }
                return .some(suffix | 0x2020_2020_2020_2020 == Self.markdownWord ? dot : nil)
            default:
                // Another extension, unless a letter that is not ASCII lowercases to one of those.
                for byte in bytes[(dot + 1)...] where byte >= 0x80 { return .none }
                return .some(nil)
            }
        }
        if let ascii { return ascii }
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/"),
            markdownExtensions.contains(path[path.index(after: dot)...].lowercased())
        else { return nil }
        return path.utf8.distance(from: path.startIndex, to: dot)
    }

    /// The folder that holds `path`, with its trailing `/` (`a/b/` for `a/b/c.html`), or
    /// `""` at the top. Read as bytes: it runs for every link and navigation entry.
    static func folder(of path: String) -> String {
        FileIO.folder(of: path)
    }

    /// The length of the folder part of the UTF-8 path `bytes` (see ``FileIO/folderLength(_:)``).
    static func folderLength(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        FileIO.folderLength(bytes)
    }

    /// The folder above `folder` (which ends in `/`), or `""` at the top.
    static func parent(of folder: String) -> String {
        folder.isEmpty ? "" : Self.folder(of: String(folder.utf8.dropLast())!)
    }

    /// `""` for a page at the top, `"../"` one folder down, and so on.
    static func rootPath(of relativePath: String) -> String {
        String(repeating: "../", count: depth(of: relativePath))
    }

    /// How many folders down `relativePath` is: the `../` of ``rootPath(of:)``.
    static func depth(of relativePath: String) -> Int {
        relativePath.withUTF8Bytes { $0.count(where: { $0 == UInt8(ascii: "/") }) }
    }
}

extension OutputPath {
    /// The relative path from a page in folder `from` (`""` or `a/b/`) to the output file
    /// `to`. Give both percent-encoded (``percentEncoded(_:)``) to get a URL.
    ///
    /// A path whose first segment holds a `:` (`javascript:alert(1).html`, `c:d.html`)
    /// would be read by a browser as a URL with that scheme, so it gets a `./` in front:
    /// no link foldmark makes from a file name can run script or lead off the site.
    static func relative(from: String, to: String) -> String {
        // On the UTF-8 bytes in place, and made in one allocation: this runs for every link
        // of every page's navigation.
        let slash = UInt8(ascii: "/")
        return from.withUTF8Bytes { fromBytes in
            to.withUTF8Bytes { toBytes in
                var common = 0  // the bytes of both up to and with their last shared `/`
                var index = 0
                while index < fromBytes.count, index < toBytes.count, fromBytes[index] == toBytes[index] {
                    index += 1
                    if fromBytes[index - 1] == slash { common = index }
                }
                var ups = 0
                for byte in fromBytes[common...] where byte == slash { ups += 1 }
                let rest = UnsafeBufferPointer(rebasing: toBytes[common...])
                let dotSlash = ups == 0 && hasSchemeLikeStart(rest) ? 2 : 0
                return String(unsafeUninitializedCapacity: dotSlash + 3 * ups + rest.count) { out in
                    if dotSlash > 0 {
                        out[0] = UInt8(ascii: ".")
                        out[1] = slash
                    }
                    for up in 0..<ups {
                        out[3 * up] = UInt8(ascii: ".")
                        out[3 * up + 1] = UInt8(ascii: ".")
                        out[3 * up + 2] = slash
                    }
                    _ = UnsafeMutableBufferPointer(rebasing: out[(dotSlash + 3 * ups)...]).initialize(from: rest)
                    return dotSlash + 3 * ups + rest.count
                }
            }
        }
    }

    /// Whether the relative URL `path` would be read as having a scheme: a `:` before its
    /// first `/` (RFC 3986 reads a relative reference's first segment so).
    static func hasSchemeLikeStart(_ path: UnsafeBufferPointer<UInt8>) -> Bool {
        for byte in path {
            if byte == UInt8(ascii: "/") { return false }
            if byte == UInt8(ascii: ":") { return true }
        }
        return false
    }

    /// Escapes what may not appear raw in a URL path (spaces, `#`, `?`, `%`, non-ASCII
    /// stays as UTF-8 percent escapes), keeping `/`.
    static func percentEncoded(_ path: String) -> String {
        PercentEncoding.encoded(path, keeping: plainPathBytes)
    }

    /// The bytes a URL path keeps as they are: letters, digits and `-._~!$&'()*+,=:@/`
    /// (RFC 3986's characters for a path, less `;`). Every other byte, and all of
    /// non-ASCII, is escaped.
    private static let plainPathBytes = PercentEncoding.bytes(keeping: "-._~!$&'()*+,=:@/")
}

/// The folders of output paths, numbered in the order they first come: for the steps
/// that group a site's pages by folder. Pages come in path order, so most are in the
/// folder of the page before, which a look at the bytes of the path tells without making
/// the folder's path and hashing it.
struct FolderNumbers {
    /// The folders (`""` or ending in `/`), by number.
    private(set) var paths: [String] = []
    private var numbers: [String: Int] = [:]
    private var last = -1

    /// The number of the folder of `output`.
    mutating func number(of output: String) -> Int {
        let sameFolder = output.withUTF8Bytes { bytes in
            last >= 0 && OutputPath.folderLength(bytes) == paths[last].utf8.count
                && paths[last].utf8Equals(UnsafeBufferPointer(rebasing: bytes[..<paths[last].utf8.count]))
        }
        if sameFolder { return last }
        let folder = OutputPath.folder(of: output)
        if let number = numbers[folder] {
            last = number
        } else {
            last = paths.count
            numbers[folder] = last
            paths.append(folder)
        }
        return last
    }
}
