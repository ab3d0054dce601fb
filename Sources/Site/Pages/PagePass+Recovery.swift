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
}
