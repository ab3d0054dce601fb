import Basics
import FoundationEssentials
import Sections

extension PagePass {
    /// The document of `source` parsed again from its file, as the first pass parses it:
    /// for a page taken from the cache whose content or search terms do not read back from
    /// the packs as they were written (see ``CacheDamage``), which is then built from its
    /// source in the same build. `nil` if the file cannot be read or parsed.
    ///
    /// The page's record came from the cache because the source had not changed, so the
    /// document is the one the record was made from: its content and terms are those the
    /// packs should have held.
    func reparse(_ source: String, resolver: LinkResolver) -> Document? {
        guard case .success(let data) = FileIO.read(contentPath + source) else { return nil }
        return try? Document(
            parsing: SourceText(decoding: data).text, options: parseOptions,
            rewritingLinks: { url in resolver.rewrite(url, from: source) })
    }

    /// The page's terms for the search index (``PageSearchData/encoded``), made again from
    /// its source (see ``reparse(_:resolver:)``), and noted as damage; `nil` if they cannot be.
    func searchTerms(fromSource source: String, title: String, resolver: LinkResolver) -> [UInt8]? {
        guard let document = reparse(source, resolver: resolver) else { return nil }
        cache.damage.rebuildPage(source, terms: true)
        return PageSearchData.encoded(document: document, title: title, withText: site.config.search == .full)
    }

    /// Makes the records of the pages whose search terms did not read back from the cache
    /// (and were made again from their sources) name no content, so that the next build
    /// parses them again rather than read those terms (see ``CacheDamage``), and begins
    /// the cache's `save` of them again. (The search index is made while the records are
    /// saved, so this seldom case makes the save twice.)
    func forgetDamagedTerms(in save: inout LaidOutPages.CacheSave) async {
        let damaged = cache.damage.pagesWithTermsRebuilt
        guard !damaged.isEmpty, let pending = save.pending else { return }
        // Its compacted pack, if it made one, is removed with the packs no record names.
        _ = await pending.value
        for index in save.records.indices where damaged.contains(save.records[index].source) {
            save.records[index].content = nil
        }
        let (records, state) = (save.records, save.state)
        save.pending = Task { [cache] in await cache.prepareSave(records, state: state) }
    }
}
