import FoundationEssentials

/// A ``SearchIndexState`` to write into the cache, or (when a page's terms could not be
/// read) its file to remove.
struct SearchStateWrite: Sendable {
    var state: SearchIndexState?
    var file: URL
    var key: String

    func write() {
        if state?.write(to: file, key: key) != true { try? FileManager.default.removeItem(at: file) }
    }
}
