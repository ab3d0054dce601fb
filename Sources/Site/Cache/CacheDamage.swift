import FoundationEssentials
import Synchronization

/// What one build found damaged in its build cache: records and files that did not match
/// their ``Checksum``, packs that a record names but that are gone, content that does not
/// read back as written. Whatever is damaged is dropped and made again from the sources in
/// the same build, and the build says so once (``warning(pages:folder:)``).
///
/// Shared by the steps of a build that read the cache, on any thread.
final class CacheDamage: Sendable {
    private struct Found {
        /// The index or its journal (or the list of sources they were made from) did not
        /// verify: no record was used.
        var wholeCache = false
        /// Records of the index dropped, whose pages are not known (a record's path may be
        /// what was damaged).
        var records = 0
        /// Pages built again because their content or search terms could not be read back.
        var pages: Set<String> = []
        /// Those of ``pages`` whose search terms could not.
        var terms: Set<String> = []
        /// The search index's state was dropped: the index is made from every page's terms.
        var searchState = false
        /// The stamp or the record of the output's folders was dropped: each page is looked at.
        var bookkeeping = false
    }

    private let found = Mutex(Found())

    init() {}

    /// No record of the cache is used.
    func dropWholeCache() { found.withLock { $0.wholeCache = true } }

    /// `count` records were dropped.
    func dropRecords(_ count: Int) {
        guard count > 0 else { return }
        found.withLock { $0.records += count }
    }

    /// The page of `source` is built again from its source (its search terms, if `terms`).
    func rebuildPage(_ source: String, terms: Bool = false) {
        found.withLock { found in
            found.pages.insert(source)
            if terms { found.terms.insert(source) }
        }
    }

    /// The pages whose search terms were made again from their sources.
    var pagesWithTermsRebuilt: Set<String> { found.withLock { $0.terms } }

    func dropSearchState() { found.withLock { $0.searchState = true } }

    func dropBookkeeping() { found.withLock { $0.bookkeeping = true } }

    /// Whether anything was found damaged.
    var isEmpty: Bool {
        found.withLock { !$0.wholeCache && $0.records == 0 && $0.pages.isEmpty && !$0.searchState && !$0.bookkeeping }
    }

    /// The one warning about what was found, naming the cache's `folder`; `nil` if nothing
    /// was. `pages` is the number of Markdown pages of the build, all of which are built
    /// again when the whole cache is dropped.
    func warning(pages: Int, folder: URL) -> SiteWarning? {
        let found = found.withLock { $0 }
        let rebuilt = found.wholeCache ? pages : found.records + found.pages.count
        let repair: SiteWarning.CacheRepair
        if rebuilt > 0 {
            repair = .rebuildingPages(rebuilt)
        } else if found.wholeCache || found.records > 0 {
            repair = .rebuildingCache
        } else if found.searchState {
            repair = .rebuildingSearchIndex
        } else if found.bookkeeping {
            repair = .checkingEveryPage
        } else {
            return nil
        }
        return SiteWarning(file: folder.path, .cacheDamaged(repair))
    }
}
