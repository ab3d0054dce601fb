import Basics

/// What every page's layout and link warnings depend on besides the page itself and the
/// build cache's key, as hashes kept in the cache's index: the records of one index were
/// all made under one state, so while a build finds the same state, a reused record's
/// `contextHash` and `linkWarnings` still hold and need not be worked out again.
struct SiteState: Sendable, Equatable {
    /// What the navigation shows (see ``navigationHash(of:homeTitle:)``).
    var navigation: String
    /// What link checking looks up (see ``linkTargetsHash(of:drafts:)``).
    var links: String

    /// A hash of everything ``Navigation`` is made from: the home title and, in order,
    /// the output path, title and order of every page but the 404 page. While it is the
    /// same, so is every page's navigation, breadcrumbs and neighbours.
    static func navigationHash(of pages: [SitePage], homeTitle: String) -> String {
        var hash = StableHash(homeTitle)
        for index in pages.indices where !PagePass.isNotFoundPage(pages[index]) {  // by index: no copy of each page
            hash.combine(pages[index].output)
            hash.combine(pages[index].title)
            hash.combine(pages[index].order)
        }
        return hash.hex
    }

    /// A hash of everything ``LinkChecker`` looks up besides the site's files (which are
    /// part of the cache key): every built Markdown page's section ids, and the drafts
    /// left out. While it is the same, a page with the same links gets the same warnings.
    static func linkTargetsHash(of pages: [SitePage], drafts: Set<String>) -> String {
        var hash = StableHash()
        for index in pages.indices {
            guard case .markdown(let source) = pages[index].kind else { continue }
            hash.combine(source)
            var ids = pages[index].sectionIDsHash
            withUnsafeBytes(of: &ids) { hash.combine($0) }
        }
        hash.combine(separator: 0xfd)
        for draft in drafts.sorted() {
            hash.combine(draft)
        }
        return hash.hex
    }
}
