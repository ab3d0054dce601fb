import Basics
import FoundationEssentials

/// What the last build was made from and what it reported, kept in the build cache
/// (`stamp`) by every build that succeeds: a build that finds the same sources, templates,
/// configuration and options, and the files of the last build still in place, has nothing
/// to do, and says so once it has listed the sources (see ``SiteBuilder``), without reading
/// the cache's records or going through the pages.
///
/// The sources are compared as the cache compares them (see ``SourceIdentity``): a page
/// whose identity was settled when the last build started is the same while its identity
/// is; any other page is read and its bytes hashed. The stamp is removed before a build
/// moves any file into the output folder, so that it never describes an output that a
/// later build began to change; and it records the identity of the cache's index and
/// journal, which any build that changes a page writes, also one by a foldmark that keeps
/// no stamp.
///
/// The file is a ``ChecksummedFile``: a header with the cache key, then a line per field,
/// tab-separated; a build whose report holds a tab or a line break in a text writes none.
struct BuildStamp: Sendable, Equatable {
    static let fileName = "stamp"
    static let version = "foldmark-stamp 2"

    /// A page whose source is compared by its content: its place in the sorted list of
    /// pages, its path and the hash of its bytes (``CachedPage/sourceHash``).
    struct Unsettled: Sendable, Equatable {
        var index: Int
        var source: String
        var hash: String
    }

    /// The last build's cache key (``BuildCache/key(settingsKey:sources:)``):
    /// the templates, the configuration, the options and the list of every file and folder.
    var key: String
    /// ``sourcesHash(pages:identities:leavingOut:)`` of the pages that are not ``unsettled``.
    var sources: UInt64
    var unsettled: [Unsettled]
    /// The hash of the output's manifest as the last build left it (``Manifest``); set,
    /// with ``cacheFiles``, once the build is published.
    var manifest: UInt64 = 0
    /// ``BuildCache/filesIdentity(in:)`` once the last build saved its cache: another build
    /// into the same output (by a foldmark that keeps no stamp) changes it.
    var cacheFiles: UInt64 = 0
    /// What a build that finds nothing to do reports (see ``BuildReport``).
    var pages: Int
    var drafts: Int
    var cached: Int
    /// The warnings of the pages (their text and their links); not those of the site's
    /// configuration or of the listing of its files, which every build finds again.
    var warnings: [SiteWarning]

    /// The hash of the pages' paths and identities, leaving out the pages at the indexes
    /// `unsettled` (increasing); `nil` if another page has no identity.
    static func sourcesHash(pages: [String], identities: [SourceIdentity?], leavingOut unsettled: [Int]) -> UInt64? {
        var hash = StableHash()
        var next = 0
        for index in pages.indices {
            if next < unsettled.count && unsettled[next] == index {
                next += 1
                continue
            }
            guard let identity = identities[index] else { return nil }
            // Eight bytes at a time: a site has thousands of pages.
            pages[index].withUTF8Bytes { hash.combine(contentsOf: UnsafeRawBufferPointer($0)) }
            hash.combine(identity)
        }
        return hash.value
    }

    /// The hash of the bytes of a manifest.
    static func manifestHash(_ bytes: [UInt8]) -> UInt64 {
        bytes.withUnsafeBytes { StableHash(contentsOf: $0).value }
    }

    /// Whether the pages that were not settled still have the bytes they had, read from
    /// `contentPath` (ending in `/`). Looked at before the sources are listed: a page edited
    /// again (in an edit loop, the one edited last) shows at once that the build has work
    /// to do, and its cache is then read while the sources are listed.
    func unsettledPagesAreUnchanged(contentPath: String) -> Bool {
        unsettled.allSatisfy { page in
            guard case .success(let data) = FileIO.read(contentPath + page.source) else { return false }
            return CachedPage.hash(ofSource: data) == page.hash
        }
    }

    /// Whether `sources` are those the stamp was made from: the same cache key (made from
    /// them), settled pages of the same identity, and the others where they were (their
    /// bytes: see ``unsettledPagesAreUnchanged(contentPath:)``).
    func matches(key: String, sources: SourceTree) -> Bool {
        guard key == self.key else { return false }
        for page in unsettled {
            guard page.index < sources.pages.count, sources.pages[page.index] == page.source,
                sources.identities[page.index] != nil
            else { return false }
        }
        return Self.sourcesHash(
            pages: sources.pages, identities: sources.identities, leavingOut: unsettled.map(\.index))
            == self.sources
    }
}

extension BuildStamp {
    /// The stamp of a build of `sources` in which the pages `unsettled` (in the order of the
    /// sources) had no settled identity; `nil` if another page has no identity.
    init?(
        key: String, sources: SourceTree, unsettled: [Unsettled], pages: Int, drafts: Int, cached: Int,
        warnings: [SiteWarning]
    ) {
        guard
            let hash = Self.sourcesHash(
                pages: sources.pages, identities: sources.identities, leavingOut: unsettled.map(\.index))
        else { return nil }
        self.init(
            key: key, sources: hash, unsettled: unsettled, pages: pages, drafts: drafts, cached: cached,
            warnings: warnings)
    }

    /// The stamp as the file holds it; `nil` if a text holds a tab or a line break.
    var contents: ChecksummedFile? {
        // Every line has its fields' count of tabs: a text with one of its own, or with a
        // line break, would be read back wrong.
        let texts = [key] + unsettled.flatMap { [$0.hash, $0.source] } + warnings.flatMap { [$0.file, $0.message] }
        guard !texts.contains(where: { $0.utf8.contains { $0 == UInt8(ascii: "\t") || $0 == 0x0A || $0 == 0x0D } })
        else { return nil }
        var lines = [
            "counts\t\(pages)\t\(drafts)\t\(cached)",
            "hashes\t\(String(sources, radix: 16))\t\(String(manifest, radix: 16))\t\(String(cacheFiles, radix: 16))",
        ]
        for page in unsettled {
            lines.append("unsettled\t\(page.index)\t\(page.hash)\t\(page.source)")
        }
        for warning in warnings {
            let line = warning.line.map(String.init) ?? "-"
            let column = warning.column.map(String.init) ?? "-"
            lines.append(
                "warning\t\(line)\t\(column)\t\(SiteWarning.severity)\t\(warning.file)\t\(warning.message)")
        }
        var file = ChecksummedFile(format: Self.version, separator: UInt8(ascii: "\t"), key: key)
        for line in lines { file.appendLine { $0 += line.utf8 } }
        return file
    }

    /// The stamp in `file`; `nil` if there is none, or it is another foldmark's, or it does
    /// not verify (noted in `damage`). Split on its bytes, not its characters: every build
    /// into an output that has one reads it.
    init?(reading file: URL, damage: CacheDamage? = nil) {
        guard
            let read = ChecksummedFile.lines(
                of: file, format: Self.version, separator: UInt8(ascii: "\t"), ifDamaged: { damage?.dropBookkeeping() })
        else { return nil }
        let lines = read.map { line in
            line.split(separator: UInt8(ascii: "\t"), omittingEmptySubsequences: false).map { field in
                String(validating: field, as: UTF8.self)
            }
        }
        func number(_ field: String??, radix: Int = 10) -> UInt64? {
            field.flatMap { $0.flatMap { UInt64($0, radix: radix) } }
        }
        func int(_ field: String??) -> Int? { number(field).flatMap { Int(exactly: $0) } }
        guard lines.count >= 3, lines[0].count == 2, lines[0][0] == Self.version, let key = lines[0][1],
            lines[1].count == 4, lines[1][0] == "counts", let pages = int(lines[1][1]), let drafts = int(lines[1][2]),
            let cached = int(lines[1][3]),
            lines[2].count == 4, lines[2][0] == "hashes", let sources = number(lines[2][1], radix: 16),
            let manifest = number(lines[2][2], radix: 16), let cacheFiles = number(lines[2][3], radix: 16)
        else { return nil }
        var unsettled: [Unsettled] = []
        var warnings: [SiteWarning] = []
        for line in lines.dropFirst(3) {
            guard !line.contains(where: { $0 == nil }) else { return nil }
            let fields = line.map { $0! }
            switch fields[0] {
            case "unsettled":
                guard fields.count == 4, let index = Int(fields[1]), index >= 0,
                    unsettled.last.map({ $0.index < index }) ?? true
                else { return nil }
                unsettled.append(Unsettled(index: index, source: fields[3], hash: fields[2]))
            case "warning":
                guard fields.count == 6, fields[3] == SiteWarning.severity else { return nil }
                let place = { (field: String) -> Int?? in field == "-" ? .some(nil) : Int(field).map { .some($0) } }
                guard let line = place(fields[1]), let column = place(fields[2]) else { return nil }
                warnings.append(SiteWarning(file: fields[4], line: line, column: column, .stored(fields[5])))
            default:
                return nil
            }
        }
        self.init(
            key: key, sources: sources, unsettled: unsettled, manifest: manifest, cacheFiles: cacheFiles, pages: pages,
            drafts: drafts, cached: cached, warnings: warnings)
    }

    /// Writes the stamp into `file`, or removes the file if the stamp cannot be written.
    func write(to file: URL) {
        guard let contents else { return Self.remove(file) }
        contents.write(to: file)
    }

    static func remove(_ file: URL) {
        ChecksummedFile.remove(file)
    }
}
