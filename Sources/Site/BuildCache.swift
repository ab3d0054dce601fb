import Foundation

/// The cache of earlier builds of one output folder, kept beside it in
/// `.foldmark-cache/<output folder's name>/`: an index of ``CachedPage`` records and the
/// rendered content of each page.
///
/// Everything in it is keyed so that it can never serve a stale page: the whole cache
/// counts only for the same foldmark version, theme, configuration, build options and set
/// of source files (links are rewritten against that set); a page's record and content
/// only for the same bytes of its source. The index is replaced only after a build
/// succeeded, and content files are named by the hash of their source, so a failed or
/// interrupted build cannot pair an old record with new content.
struct BuildCache: Sendable {
    static let folderName = ".foldmark-cache"
    static let formatVersion = "foldmark-cache 1"

    let folder: URL
    let key: String
    /// The records of the last successful build with the same key.
    var pages: [String: CachedPage] = [:]
    /// The index as read, so that an unchanged index is not written again.
    private var indexText = ""

    var contentFolder: URL { folder.appending(path: "content") }
    private var indexFile: URL { folder.appending(path: "index") }

    init(output: URL, key: String) {
        folder = output.deletingLastPathComponent().appending(path: Self.folderName)
            .appending(path: output.lastPathComponent)
        self.key = key
        guard let data = FileManager.default.contents(atPath: indexFile.path) else { return }
        let text = String(decoding: data, as: UTF8.self)
        var records = text.utf8.split(separator: CachedPage.recordSeparator.asciiValue!).map { Substring($0) }[...]
        guard records.popFirst() == Substring(Self.formatVersion + String(CachedPage.fieldSeparator) + key) else { return }
        indexText = text
        for record in records {
            guard let page = CachedPage(decoding: record) else { continue }
            pages[page.source] = page
        }
    }

    /// The file that holds the rendered content of a page's source version.
    func contentFile(source: String, hash: String) -> URL {
        var name = StableHash(source)
        name.combine(hash)
        return contentFolder.appending(path: name.hex + ".html")
    }

    /// Replaces the index with `pages` and deletes content files no record refers to.
    /// Does nothing when the records are those it read.
    func save(_ pages: [CachedPage]) {
        if !indexText.isEmpty, pages.count == self.pages.count, pages.allSatisfy({ self.pages[$0.source] == $0 }) {
            return
        }
        var text = Self.formatVersion + String(CachedPage.fieldSeparator) + key
        var kept: Set<String> = []
        for page in pages {
            guard let record = page.encoded else { continue }
            text += String(CachedPage.recordSeparator) + record
            if !page.isDraft { kept.insert(contentFile(source: page.source, hash: page.sourceHash).lastPathComponent) }
        }
        if text != indexText { try? AtomicFile.write(text, to: indexFile) }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: contentFolder.path)) ?? []
        for name in names where !kept.contains(name) && name.hasSuffix(".html") {
            try? FileManager.default.removeItem(at: contentFolder.appending(path: name))
        }
    }

    /// What the whole cache depends on besides each page's own bytes.
    static func key(site: SiteFolder, sources: SourceTree, options: BuildOptions, baseURL: String?, version: String)
        -> String
    {
        var hash = StableHash(version)
        for name in site.theme.files.keys.sorted() {
            hash.combine(name)
            hash.combine(site.theme.files[name]!)
        }
        hash.combine(String(describing: site.config))
        hash.combine(options.includesDrafts ? "drafts" : "no drafts")
        hash.combine(baseURL ?? "")
        for path in sources.pages + sources.assets + sources.folders { hash.combine(path) }
        return hash.hex
    }
}
