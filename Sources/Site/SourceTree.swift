import Foundation
import Sections

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

    /// `jobs`: how many threads may take the pages' `stat`s (all cores if `nil`).
    init(content: URL, jobs: Int? = nil) throws(SiteError) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: content.path, isDirectory: &isDirectory), isDirectory.boolValue
        else {
            throw SiteError(file: SiteFolder.contentFolder, message: "no Content/ folder in the site")
        }
        var listed: [(page: String, identity: SourceIdentity?)] = []
        var listing = Listing()
        walk(content, relative: "", pages: &listed, listing: &listing)
        for (page, identity) in zip(listing.pages, listing.identities(jobs: jobs)) { listed[page].identity = identity }
        listed.sort { $0.page < $1.page }
        pages = listed.map(\.page)
        identities = listed.map(\.identity)
        assets.sort()
        findCollisions()
    }

    /// The pages whose identity (see ``identities``) is still to be taken, after the walk:
    /// a `stat` each, which is most of the walk's time, spread over threads.
    private struct Listing {
        /// Each folder that holds such pages, as an absolute path with its `/`.
        var folders: [String] = []
        /// Per page: its folder (in ``folders``) and name, and its place in the walk's list.
        var names: [(folder: Int, name: String)] = []
        var pages: [Int] = []

        /// The identities of the pages, in order; `nil` where `stat` fails or finds no
        /// regular file (it changed since it was listed).
        func identities(jobs: Int?) -> [SourceIdentity?] {
            // At least a few hundred `stat`s per thread, or starting one costs more.
            let workers = Parallel.workers(for: names.count / 512 + 1, jobs: jobs)
            let per = (names.count + workers - 1) / workers
            return Parallel.mapOnThreads(workers) { worker in
                identities(of: (worker * per)..<min(names.count, (worker + 1) * per))
            }.flatMap { $0 }
        }

        /// Each folder is opened once per run of its pages, which then are looked up in it
        /// by name (`fstatat`), without following a link (a link is not followed at all; a
        /// regular file's `lstat` is its `stat`).
        private func identities(of range: Range<Int>) -> [SourceIdentity?] {
            var result: [SourceIdentity?] = []
            result.reserveCapacity(range.count)
            var folder = -1
            var descriptor: Int32 = -1
            defer { if descriptor >= 0 { close(descriptor) } }
            for index in range {
                if names[index].folder != folder {
                    if descriptor >= 0 { close(descriptor) }
                    folder = names[index].folder
                    descriptor = open(folders[folder], O_RDONLY | O_DIRECTORY | O_CLOEXEC)
                }
                var status = stat()
                let isFile =
                    descriptor >= 0
                    && names[index].name.withCString { fstatat(descriptor, $0, &status, AT_SYMLINK_NOFOLLOW) } == 0
                    && status.st_mode & S_IFMT == S_IFREG
                result.append(isFile ? SourceIdentity(status) : nil)
            }
            return result
        }
    }

    /// Lists `folder` with `readdir` (``FileIO/forEachEntry(in:_:)``), and `fstatat` where
    /// the file system does not say what an entry is: Foundation's `attributesOfItem` also
    /// looks up each file's owner and group by name, which costs more than the rest of a
    /// no-op build's walk. A page's identity is taken after the walk (``Listing``).
    private mutating func walk(
        _ folder: URL, relative: String, pages: inout [(page: String, identity: SourceIdentity?)],
        listing: inout Listing
    ) {
        let path = folder.path.hasSuffix("/") ? folder.path : folder.path + "/"
        var entries: [(name: String, type: UInt8)] = []
        let failure = FileIO.forEachEntry(in: path) { bytes, type, descriptor in
            guard bytes.first != UInt8(ascii: ".") else { return true }
            let name = String(decoding: bytes, as: UTF8.self)
            var kind = type
            if kind == UInt8(DT_UNKNOWN) {
                // Some file systems do not say what an entry is: ask, without following a link.
                var status = stat()
                guard fstatat(descriptor, name, &status, AT_SYMLINK_NOFOLLOW) == 0 else { return true }
                switch status.st_mode & S_IFMT {
                case S_IFDIR: kind = UInt8(DT_DIR)
                case S_IFREG: kind = UInt8(DT_REG)
                case S_IFLNK: kind = UInt8(DT_LNK)
                default: return true
                }
            }
            entries.append((name, kind))
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
        var folderNumber: Int?
        for (name, kind) in entries {
            let file = String(joining: relative, name)
            switch Int32(kind) {
            case Int32(DT_DIR):
                folders.append(file + "/")
                walk(folder.appending(path: name), relative: file + "/", pages: &pages, listing: &listing)
            case Int32(DT_REG):
                guard OutputPath.isMarkdown(file) else {
                    assets.append(file)
                    continue
                }
                if folderNumber == nil {
                    folderNumber = listing.folders.count
                    listing.folders.append(path)
                }
                listing.names.append((folderNumber!, name))
                listing.pages.append(pages.count)
                pages.append((file, nil))
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
    /// ``OutputHash`` given the output's bytes. An ASCII path, by far the most common, is
    /// lowercased and hashed eight bytes at a time in place, with no string made.
    private static func lowercasedOutputHash(of source: String, isPage: Bool) -> UInt64 {
        var source = source
        let ascii = source.withUTF8 { bytes -> UInt64? in
            guard let base = bytes.baseAddress else { return isPage ? nil : OutputHash().value(count: 0) }
            var end = bytes.count
            if isPage {  // the output ends in `.html` where the Markdown extension started
                while end > 0 && bytes[end - 1] != UInt8(ascii: ".") { end -= 1 }
                end -= 1
            }
            guard end >= 0 else { return nil }
            var hash = OutputHash()
            var index = 0
            while index + 8 <= end {
                let chunk = ByteChunk(base, at: index, end: end)
                guard chunk.nonASCII == 0 else { return nil }
                hash.add(chunk.lowercased)
                index += 8
            }
            let chunk = ByteChunk(base, at: index, end: end)
            guard chunk.nonASCII == 0 else { return nil }
            let rest = end - index
            guard isPage else {
                if rest > 0 { hash.add(chunk.lowercased) }
                return hash.value(count: end)
            }
            // The last bytes of the path, then `.html`, which may go on into one more word.
            hash.add(chunk.lowercased | Self.html << (8 * rest))
            if rest > 3 { hash.add(Self.html >> (8 * (8 - rest))) }
            return hash.value(count: end + 5)
        }
        if let ascii { return ascii }
        var output = lowercased(OutputPath.forSource(source))
        return output.withUTF8 { bytes in
            var hash = OutputHash()
            var index = 0
            while index < bytes.count {
                hash.add(ByteChunk(bytes.baseAddress!, at: index, end: bytes.count).bits)
                index += 8
            }
            return hash.value(count: bytes.count)
        }
    }

    /// The bytes of `.html`, read as ``ByteChunk`` reads text (the rest of the word zeros).
    private static let html = ByteChunk.load((".html" as StaticString).utf8Start, count: 5)

    /// The hash of an output path's bytes that ``findCollisions()`` compares, from its words
    /// of eight bytes (the last padded with zeros) and its length: it stays in memory, so
    /// it need not be a ``StableHash``, which takes a byte at a time.
    private struct OutputHash {
        private var state: UInt64 = 0x243f_6a88_85a3_08d3

        mutating func add(_ word: UInt64) {
            state = (state ^ word) &* 0x9e37_79b9_7f4a_7c15
            state ^= state >> 29
        }

        func value(count: Int) -> UInt64 {
            var state = (self.state ^ UInt64(count)) &* 0xd6e8_feb8_6659_fd93
            state ^= state >> 32
            return state
        }
    }

    private static func lowercased(_ output: String) -> String {
        // Most paths are lowercase ASCII already: no need to make a lowercase copy.
        output.utf8.allSatisfy({ $0 < 0x80 && !(UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) })
            ? output : output.lowercased()
    }
}
