import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The files under `Content/`, as sorted paths relative to it. Hidden files and folders
/// (names starting with `.`) are skipped, and so are symbolic links, which could point
/// outside the site or loop.
struct SourceTree {
    var pages: [String] = []
    /// The identity of each page, in the order of ``pages``, as the listing found it
    /// (`nil` if `stat` failed): taken there, with the folder open, the kernel looks up
    /// one name instead of a page's whole path, and the first pass needs no `stat` of its own.
    var identities: [SourceIdentity?] = []
    var assets: [String] = []
    /// Every folder, with a trailing `/`, and `""` for `Content/` itself.
    var folders: [String] = [""]
    var warnings: [SiteError] = []
    /// Sources that would write the same output file, and folders that cannot be listed
    /// (their pages would silently vanish from the site): each is an error.
    var errors: [SiteError] = []

    init(content: URL) throws(SiteError) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: content.path, isDirectory: &isDirectory), isDirectory.boolValue
        else {
            throw SiteError(file: SiteFolder.contentFolder, message: "no Content/ folder in the site")
        }
        var listed: [(page: String, identity: SourceIdentity?)] = []
        walk(content, relative: "", pages: &listed)
        listed.sort { $0.page < $1.page }
        pages = listed.map(\.page)
        identities = listed.map(\.identity)
        assets.sort()
        findCollisions()
    }

    /// Lists `folder` with `readdir` (``FileIO/forEachEntry(in:_:)``) and `fstatat`:
    /// Foundation's `attributesOfItem` also looks up each file's owner and group by name,
    /// which costs more than the rest of a no-op build's walk. A page's identity is taken
    /// here (see ``identities``).
    private mutating func walk(
        _ folder: URL, relative: String, pages: inout [(page: String, identity: SourceIdentity?)]
    ) {
        let path = folder.path.hasSuffix("/") ? folder.path : folder.path + "/"
        var entries: [(name: String, type: UInt8, identity: SourceIdentity?)] = []
        let failure = FileIO.forEachEntry(in: path) { bytes, type, descriptor in
            guard bytes.first != UInt8(ascii: ".") else { return true }
            let name = String(decoding: bytes, as: UTF8.self)
            var kind = type
            var identity: SourceIdentity?
            if kind == UInt8(DT_UNKNOWN) || (kind == UInt8(DT_REG) && OutputPath.isMarkdown(name)) {
                // Some file systems do not say what an entry is: ask, without following a
                // link (a link is not followed at all; a regular file's `lstat` is its `stat`).
                var status = stat()
                if fstatat(descriptor, name, &status, AT_SYMLINK_NOFOLLOW) == 0 {
                    switch status.st_mode & S_IFMT {
                    case S_IFDIR: kind = UInt8(DT_DIR)
                    case S_IFREG:
                        kind = UInt8(DT_REG)
                        identity = SourceIdentity(status)
                    case S_IFLNK: kind = UInt8(DT_LNK)
                    default: return true
                    }
                } else if kind == UInt8(DT_UNKNOWN) {
                    return true
                }
            }
            entries.append((name, kind, identity))
            return true
        }
        if failure != 0 {
            errors.append(
                SiteError(
                    file: SiteFolder.contentFolder + "/" + relative,
                    message: "cannot list the folder: " + String(cString: strerror(failure))))
            return
        }
        entries.sort { $0.name < $1.name }
        for (name, kind, identity) in entries {
            let file = relative + name
            switch Int32(kind) {
            case Int32(DT_DIR):
                folders.append(file + "/")
                walk(folder.appending(path: name), relative: file + "/", pages: &pages)
            case Int32(DT_REG):
                if OutputPath.isMarkdown(file) { pages.append((file, identity)) } else { assets.append(file) }
            case Int32(DT_LNK):
                warnings.append(
                    SiteError(
                        file: SiteFolder.contentFolder + "/" + file, message: "symbolic link not followed",
                        severity: .warning))
            default:
                continue
            }
        }
    }

    /// Two sources with one output (`a.md` and `a.markdown`, or `a.md` and an asset
    /// `a.html`) are an error; outputs that differ only in case are a warning, since they
    /// collide on case-insensitive file systems.
    private mutating func findCollisions() {
        // Most sites have no two outputs alike even in case, which one set of hashes of the
        // lowercase outputs tells: only a site with two alike (or a rare pair of hashes
        // alike) is looked at closely.
        var seen = Set<UInt64>()
        seen.reserveCapacity(pages.count + assets.count)
        guard
            pages.contains(where: { !seen.insert(Self.lowercasedOutputHash(of: $0, isPage: true)).inserted })
                || assets.contains(where: { !seen.insert(Self.lowercasedOutputHash(of: $0, isPage: false)).inserted })
        else { return }
        var byOutput: [String: String] = [:]
        var byLowercased: [String: String] = [:]
        byOutput.reserveCapacity(pages.count + assets.count)
        byLowercased.reserveCapacity(pages.count + assets.count)
        for source in pages + assets {
            let output = OutputPath.forSource(source)
            if let other = byOutput[output] {
                let pair = [other, source].sorted()
                errors.append(
                    SiteError(
                        file: SiteFolder.contentFolder + "/" + pair[1],
                        message: "writes '\(output)', as does \(SiteFolder.contentFolder)/\(pair[0])"))
                continue
            }
            byOutput[output] = source
            let lowercased = Self.lowercased(output)
            if let other = byLowercased[lowercased] {
                warnings.append(
                    SiteError(
                        file: SiteFolder.contentFolder + "/" + source,
                        message:
                            "output '\(output)' differs only in case from that of \(SiteFolder.contentFolder)/\(other)",
                        severity: .warning))
            }
            byLowercased[lowercased] = source
        }
    }

    /// A hash of the lowercase output of `source`, a page (a Markdown file) or not: that of
    /// `StableHash.combine(_:)` given the output. An ASCII path, by far the most common, is
    /// hashed from its bytes, with no string made.
    private static func lowercasedOutputHash(of source: String, isPage: Bool) -> UInt64 {
        var source = source
        let ascii = source.withUTF8 { bytes -> UInt64? in
            var end = bytes.count
            if isPage {  // the output ends in `.html` where the Markdown extension started
                while end > 0 && bytes[end - 1] != UInt8(ascii: ".") { end -= 1 }
                end -= 1
            }
            guard end >= 0 else { return nil }
            var hash = StableHash()
            for byte in bytes[..<end] {
                guard byte < 0x80 else { return nil }
                hash.combine(separator: byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte)
            }
            if isPage { for byte in ".html".utf8 { hash.combine(separator: byte) } }
            hash.combine(separator: 0xff)  // as `combine(_: String)` ends: both ways hash alike
            return hash.value
        }
        if let ascii { return ascii }
        var hash = StableHash()
        hash.combine(lowercased(OutputPath.forSource(source)))
        return hash.value
    }

    private static func lowercased(_ output: String) -> String {
        // Most paths are lowercase ASCII already: no need to make a lowercase copy.
        output.utf8.allSatisfy({ $0 < 0x80 && !(UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) })
            ? output : output.lowercased()
    }
}
