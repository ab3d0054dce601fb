import Basics
import Dispatch
import FoundationEssentials
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
    var warnings: [SiteWarning] = []
    /// Sources that would write the same output file, and folders that cannot be listed
    /// (their pages would silently vanish from the site): each is an error.
    var errors: [SiteError] = []

    /// `jobs`: how many threads may list folders and take the pages' `stat`s (all cores if
    /// `nil`). `takesIdentities`: whether the pages' `stat`s are taken at all; only a build's
    /// cache needs them (without, every identity is `nil`), and on a large site they are
    /// most of the listing's time.
    init(content: URL, jobs: Int? = nil, takesIdentities: Bool = true) throws(SiteError) {
        guard FileIO.isFolder(content.path) else {
            throw SiteError(file: ".", .sources(.noContentFolder(site: ".")))
        }
        let path = content.path.hasSuffix("/") ? content.path : content.path + "/"
        let root = Walk.run(
            FolderListing(path: path, relative: ""), threads: max(1, jobs ?? Parallel.cores),
            takesIdentities: takesIdentities)
        var listed: [(page: String, identity: SourceIdentity?)] = []
        add(root, to: &listed)
        listed.sort { $0.page < $1.page }
        pages = listed.map(\.page)
        identities = listed.map(\.identity)
        assets.sort()
        findCollisions()
    }

    /// Adds what `folder` holds, and then what each of its subfolders holds, in the order of
    /// their names: the same lists, warnings and errors in the same order whichever
    /// threads listed the folders.
    private mutating func add(_ folder: FolderListing, to listed: inout [(page: String, identity: SourceIdentity?)]) {
        if folder.failure != 0 {
            let file = SiteFolder.contentFolder + "/" + folder.relative
            errors.append(SiteError(file: file, cannot: .listFolder, code: folder.failure))
            return
        }
        let identities = folder.batches.flatMap(\.identities)
        var page = 0
        var subfolder = 0
        for (file, kind) in folder.entries {
            switch kind {
            case .folder:
                folders.append(file + "/")
                add(folder.subfolders[subfolder], to: &listed)
                subfolder += 1
            case .page:
                listed.append((file, identities[page]))
                page += 1
            case .asset:
                assets.append(file)
            case .link:
                warnings.append(SiteWarning(file: SiteFolder.contentFolder + "/" + file, .symbolicLink))
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
                let file = SiteFolder.contentFolder + "/" + pair[1]
                errors.append(SiteError(file: file, .sources(.sameOutput(output, other: pair[0]))))
                continue
            }
            byOutput[output] = source
            let lowercased = Self.lowercased(output)
            if let other = byLowercased[lowercased] {
                let file = SiteFolder.contentFolder + "/" + source
                warnings.append(SiteWarning(file: file, .outputCase(output: output, other: other)))
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
