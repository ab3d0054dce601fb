import Basics
import FoundationEssentials

/// The folders of the output in which an earlier build found every page in place, with
/// what `stat` said of each folder then (see ``SourceIdentity``), kept in the build cache
/// (`output-folders`): a later build that finds a folder with the same identity knows
/// that no file in it was made, removed or renamed since, so its pages are still in place
/// and need not be looked up one by one (ten thousand `stat` calls for a large site).
///
/// A folder is recorded only after its identity was taken, every page in it was then
/// found in place, and its times are settled (``SourceIdentity/isSettled(before:)``), so
/// that a later change gets other times; and only if the folder still has that identity
/// once the build is published (the build itself may have moved pages into it). A user
/// who deletes a page from a recorded folder changes the folder: the next build looks at
/// each of its pages and makes the missing one again.
///
/// The file, a ``ChecksummedFile``, holds after a header with the cache key (another key
/// trusts no folder) a line `<identity>\t<folder>` per folder, the folder relative to the
/// output with a trailing `/` (empty for the output folder itself). A file that cannot be
/// read as such trusts no folder.
struct OutputFolders: Sendable {
    static let fileName = "output-folders"
    static let version = "foldmark-output-folders 2"

    /// The identity of each recorded folder, by its path relative to the output.
    var identities: [String: SourceIdentity] = [:]

    init(identities: [String: SourceIdentity] = [:]) {
        self.identities = identities
    }

    /// The folders recorded in `file` for `key`; none if it is missing, another foldmark's,
    /// or does not verify (noted in `damage`).
    init(reading file: URL, key: String, damage: CacheDamage? = nil) {
        guard
            var lines = ChecksummedFile.lines(
                of: file, format: Self.version, separator: UInt8(ascii: " "), ifDamaged: { damage?.dropBookkeeping() })
        else { return }
        guard String(decoding: lines.removeFirst(), as: UTF8.self) == Self.version + " " + key else { return }
        var identities: [String: SourceIdentity] = [:]
        for line in lines {
            guard let tab = line.firstIndex(of: UInt8(ascii: "\t")) else { return }
            let identity = Array(line[..<tab]).withUnsafeBufferPointer {
                SourceIdentity(decoding: $0, separator: UInt8(ascii: " "))
            }
            let folder = String(decoding: line[(tab + 1)...], as: UTF8.self)
            guard let identity, folder.isEmpty || folder.hasSuffix("/"), identities[folder] == nil else { return }
            identities[folder] = identity
        }
        self.identities = identities
    }

    /// Writes the folders to `file` for `key`; if it cannot, removes the file, which would
    /// no longer describe the output.
    func write(to file: URL, key: String) {
        var lines = ChecksummedFile(format: Self.version, separator: UInt8(ascii: " "), key: key)
        for (folder, identity) in identities.sorted(by: { $0.key < $1.key }) {
            lines.appendLine { bytes in
                bytes += identity.encoded(separator: UInt8(ascii: " "))
                bytes.append(UInt8(ascii: "\t"))
                bytes += folder.utf8
            }
        }
        lines.write(to: file)
    }

    /// The folders of `candidates` that still have the identity given, under the output
    /// folder `outputPath` (ending in `/`).
    static func unchanged(_ candidates: [String: SourceIdentity], in outputPath: String) -> OutputFolders {
        OutputFolders(
            identities: candidates.filter { folder, identity in
                SourceIdentity(folder: outputPath + folder) == identity
            })
    }
}

/// The folders of a build's pages, looked at before the pages are (see ``OutputFolders``).
struct OutputFolderCheck: Sendable {
    /// The folders' paths relative to the output, and each page's folder among them.
    private var paths: [String] = []
    private var folderOfPage: [Int] = []
    /// What `stat` says of each folder now; whether it is as recorded; whether it is settled.
    private var identities: [SourceIdentity?] = []
    private var isTrusted: [Bool] = []
    private var isSettled: [Bool] = []
    /// The regular files in each folder that is not trusted but holds many pages, when
    /// pages are to be looked for: read at once rather than looked up one by one.
    private var listings: [NameSet?] = []
    private let outputPath: String

    /// A folder with fewer pages than this has each looked up with `stat`.
    static let listedFrom = 16

    /// `looksForPages`: whether ``exists(_:output:)`` will be asked about pages.
    init(pages: [SitePage], outputPath: String, cache: BuildCache, looksForPages: Bool) {
        self.init(
            outputs: pages.indices.lazy.map { pages[$0].output }, outputPath: outputPath, cacheFolder: cache.folder,
            key: cache.key, looksForPages: looksForPages, damage: cache.damage)
    }

    /// The check of the files `outputs` (paths relative to the output folder), the
    /// folders recorded in `cacheFolder` for `key` (a record that does not verify is noted
    /// in `damage`).
    init(
        outputs: some Collection<String>, outputPath: String, cacheFolder: URL, key: String, looksForPages: Bool,
        damage: CacheDamage? = nil
    ) {
        self.outputPath = outputPath
        // Taken before the folders are looked at: a later change gets later times.
        let settledBefore = SourceIdentity.settledTime()
        let recorded = OutputFolders(
            reading: cacheFolder.appending(path: OutputFolders.fileName), key: key, damage: damage)
        var numbers = FolderNumbers()
        folderOfPage = outputs.map { numbers.number(of: $0) }
        paths = numbers.paths
        identities = paths.map { SourceIdentity(folder: outputPath + $0) }
        isTrusted = paths.indices.map { identities[$0] != nil && recorded.identities[paths[$0]] == identities[$0] }
        isSettled = identities.map { $0?.isSettled(before: settledBefore) == true }
        guard looksForPages else {
            listings = Array(repeating: nil, count: paths.count)
            return
        }
        var pageCounts = [Int](repeating: 0, count: paths.count)
        for folder in folderOfPage { pageCounts[folder] += 1 }
        let counts = pageCounts
        let folderPaths = paths
        let trusted = isTrusted
        listings = Parallel.mapOnThreads(paths.count) { folder in
            guard !trusted[folder], counts[folder] >= Self.listedFrom else { return nil }
            return FileIO.regularFiles(in: outputPath + folderPaths[folder])
        }
    }

    /// Whether page `index`, whose output path is `output`, is in place: its folder is as an
    /// earlier build recorded it, or the file is there.
    func exists(_ index: Int, output: String) -> Bool {
        let folder = folderOfPage[index]
        if isTrusted[folder] { return true }
        guard let listing = listings[folder] else { return FileIO.exists(outputPath + output) }
        var output = output
        let folderLength = paths[folder].utf8.count
        return output.withUTF8 { listing.contains(UnsafeBufferPointer(rebasing: $0[folderLength...])) }
    }

    /// The folders, with their identities, in which every page is `inPlace` and whose
    /// times are settled: to be recorded once the build is published, if they stay so.
    func inPlace(_ inPlace: [Bool]) -> [String: SourceIdentity] {
        var complete = isSettled
        for index in inPlace.indices where !inPlace[index] { complete[folderOfPage[index]] = false }
        var folders: [String: SourceIdentity] = [:]
        for number in paths.indices where complete[number] {
            if let identity = identities[number] { folders[paths[number]] = identity }
        }
        return folders
    }
}
