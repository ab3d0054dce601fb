import Basics

/// Looking up the records read (see ``BuildCache``): a page's record is used only while its
/// source is as it was and its content is still on disk.
extension BuildCache {
    /// The record of `source` read from the cache, if any.
    func record(_ source: String) -> CachedPage? {
        places[source].map { records[$0] }
    }

    /// ``record(_:)``, looking first at place `hint`: a build hands its records to the next
    /// in the order of its pages, so a page's record is mostly at the page's own index,
    /// found by comparing two paths rather than hashing one.
    func record(_ source: String, hint: Int) -> CachedPage? {
        if hint >= 0 && hint < records.count && records[hint].source == source { return records[hint] }
        return record(source)
    }

    /// The cached record of `source` if its bytes still hash to `hash` and its content is
    /// still on disk (if it is not, the page is noted as damaged: a pack is removed only
    /// once no record names it).
    func page(_ source: String, hash: String, hint: Int = -1) -> CachedPage? {
        guard let page = record(source, hint: hint), page.sourceHash == hash else { return nil }
        return hasPacks(of: page) ? page : nil
    }

    /// The cached record of `source` if the file still has the identity it had when it was
    /// hashed (see ``SourceIdentity``), so that its bytes need not be read, and its content
    /// is still on disk.
    func page(_ source: String, identity: SourceIdentity, hint: Int = -1) -> CachedPage? {
        guard let page = record(source, hint: hint), page.identity == identity else { return nil }
        return hasPacks(of: page) ? page : nil
    }

    private func hasPacks(of page: CachedPage) -> Bool {
        // (Empty content is read from no pack: one that received nothing else was removed.)
        for location in [page.content, page.search] {
            guard let location, location.length > 0, !hasPack(location.pack) else { continue }
            damage.rebuildPage(page.source)
            return false
        }
        return true
    }

    /// Whether pack `name` was there. A cache has a few packs, and records name them by
    /// one shared string each: comparing with each is cheaper than hashing the name.
    private func hasPack(_ name: String) -> Bool {
        packList.count <= 16 ? packList.contains(name) : packs.contains(name)
    }
}
