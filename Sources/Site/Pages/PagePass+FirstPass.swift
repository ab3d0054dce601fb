import Basics
import FoundationEssentials
import Renderer
import Sections

extension PagePass {
    /// The steps of the first pass, as `--json` reports them: reading and hashing the
    /// source; parsing its front matter and Markdown (cmark's tree); sectioning (the
    /// extensions, the section tree and ids, cmark's HTML of the blocks, links, the cache
    /// record); the page's search terms; rendering the content template; writing the
    /// content to the cache.
    static let firstPassSteps = ["read", "parse", "sectionize", "index", "render", "write"]

    /// What the first pass learns about one Markdown source.
    enum FirstPass: Sendable {
        /// `reused`: taken from the cache, not parsed.
        case page(SitePage, CachedPage, reused: Bool, StepTimes)
        case draft(CachedPage)
        case failed(SiteError)
    }

    /// The seconds a page spent in each of ``PagePass/firstPassSteps``, in order; the
    /// steps it did not reach count 0. Held in place: an array would be an allocation per page.
    struct StepTimes: Sendable {
        private(set) var seconds = SIMD8<Double>()
        private var count = 0
        /// When the step under way began.
        private(set) var mark = StepClock.now

        /// Ends the step under way, now or at `end`, and begins the next. (A method of the
        /// times rather than a local function, whose captured variables would be checked
        /// for exclusive access at every call.)
        mutating func lap(at end: StepClock = .now) {
            seconds[count] = end.seconds(since: mark)
            count += 1
            mark = end
        }
    }

    /// Parses one page, renders its content into the build cache, and keeps what the
    /// site needs to know of it.
    /// Problems with the file's bytes (see ``SourceText``) go to `warnings`, also when the
    /// page comes from the cache.
    /// `index` is the page's place in the site's list of sources (its record's, mostly, in
    /// the cache). `identity` is the source's as the listing found it (``SourceTree/identities``),
    /// before the file is read: an edit after that changes it.
    func firstPass(
        _ source: String, index: Int, identity: SourceIdentity?, packs: ContentPacks, worker: Int,
        openFolder: inout OpenFolder, warnings: inout [SiteWarning]
    ) -> FirstPass {
        // A cancelled build (Ctrl-C) skips the pages left; ``SiteBuilder`` reports it.
        if BuildInterruption.isRequested { return .failed(Self.interruption) }
        var times = StepTimes()
        do throws(SiteError) {
            // A file that has not changed since it was hashed, and held clean text, is not
            // read at all.
            if let identity, let cached = cache.page(source, identity: identity, hint: index), cached.isCleanText,
                let reused = reuse(cached, source: source, times: &times, warnings: &warnings)
            {
                return reused
            }
            // For messages; made only for a page that is read, since a no-op build reads
            // none and joining strings for every page showed in its cost.
            let name = SiteFolder.contentFolder + "/" + source
            let settled = identity.flatMap { $0.isSettled(before: settledBefore) ? $0 : nil }
            let data: Data
            switch FileIO.read(contentPath + source, in: &openFolder) {
            case .success(let bytes): data = bytes
            case .failure(let failure): throw SiteError(file: name, cannot: .readFile, code: failure.code)
            }
            let hash = CachedPage.hash(ofSource: data)
            var cached = cache.page(source, hash: hash, hint: index)
            cached?.identity = settled
            // Bytes that decoded cleanly last time still do: the hash is the same.
            let checked = cached?.isCleanText == true ? nil : SourceText(decoding: data)
            warnings = checked?.warnings(file: name) ?? []
            if let cached, let reused = reuse(cached, source: source, times: &times, warnings: &warnings) {
                return reused
            }
            // A page to parse: the search index will be patched, from the last one's state,
            // if the last build left a cache for this key (a fresh build has no state to read).
            if site.config.hasSearch && cache.siteState != nil { searchStatePrefetch.start() }
            let text = checked ?? SourceText(decoding: data)
            return try parse(
                text, source: source, name: name, hash: hash, settled: settled, packs: packs, worker: worker,
                times: &times, warnings: &warnings)
        } catch {
            return .failed(error)
        }
    }

    /// The page as its cache record `cached` has it, if the record holds its content.
    ///
    /// When the cache was made from other sources (see ``BuildCache/earlierSources``), a
    /// page is taken from it only if each of its links is rewritten as it was, since its
    /// content holds them rewritten.
    private func reuse(
        _ cached: CachedPage, source: String, times: inout StepTimes, warnings: inout [SiteWarning]
    ) -> FirstPass? {
        if cached.isDraft && !settings.includesDrafts { return .draft(cached) }
        guard cached.content != nil else { return nil }
        if let earlierResolver,
            !cached.links.allSatisfy({
                resolver.rewrite($0.url, from: source) == earlierResolver.rewrite($0.url, from: source)
            })
        {
            return nil
        }
        if !cached.parseWarnings.isEmpty { warnings += CachedPage.reported(cached.parseWarnings, source: source) }
        times.lap()
        return .page(cached.sitePage(), cached, reused: true, times)
    }

    /// Parses `text`, the source `source` (`name` in messages) whose bytes hash to `hash`,
    /// renders its content into its worker's pack, and writes its search terms beside it.
    /// `settled` is the identity its record keeps (see ``firstPass``).
    private func parse(
        _ text: SourceText, source: String, name: String, hash: String, settled: SourceIdentity?,
        packs: ContentPacks, worker: Int, times: inout StepTimes, warnings: inout [SiteWarning]
    ) throws(SiteError) -> FirstPass {
        let markdown = text.text
        times.lap()
        let document: Document
        var parseEnd = times.mark
        do {
            document = try Document(
                parsing: markdown, options: parseOptions,
                rewritingLinks: { [resolver] url in resolver.rewrite(url, from: source) }, parseEnd: &parseEnd)
        } catch {
            throw SiteError(file: name, error)
        }
        // The parse proper, then sectioning with the rest of the record.
        times.lap(at: parseEnd)
        let output = OutputPath.forSource(source)
        let title = NavigationTitle.of(document, fallback: FileIO.stem(of: source), file: name)
        // Its fields, set one by one before they go into one record.
        var record = CachedPage.Fields(
            source: source, sourceHash: hash, document: document, output: output, title: title.title)
        let parseWarnings = Self.parseWarnings(of: document, titleWarning: title.warning, file: name)
        record.parseWarnings = parseWarnings.map(CachedPage.Warning.init)
        record.identity = settled
        record.isCleanText = text.problems.isEmpty
        if document.frontMatter.isDraft && !settings.includesDrafts { return .draft(CachedPage(record)) }
        warnings += parseWarnings
        times.lap()
        if site.config.hasSearch && !Self.isNotFoundOutput(output) {
            try writeSearchData(of: document, into: &record, name: name, packs: packs, worker: worker)
        }
        times.lap()
        // Rendered straight into its pack, from where it was rendered.
        let kept = renderer.renderContent(document) { content in
            times.lap()
            return packs.append(UnsafeRawBufferPointer(content), worker: worker)
        }
        guard let location = kept else {
            throw SiteError(file: name, cannot: .writeContentToCache, code: packs.failure(worker: worker))
        }
        record.content = location
        times.lap()
        // Not the document: the layout makes its headings from the record, as for a
        // page from the cache. Keeping every page's sections until the layout was the
        // largest part of a build's memory. The front matter is small and saves the
        // layout parsing its YAML again.
        let page = SitePage(
            kind: .markdown(source: source), output: output, title: record.title,
            order: document.frontMatter.order, frontMatter: document.frontMatter,
            headings: record.storedHeadings)
        return .page(page, CachedPage(record), reused: false, times)
    }

    /// What parsing `document` has to say that does not stop the build: its navigation title
    /// cut short (`titleWarning`), and front matter keys that look like one of foldmark's
    /// misspelt. The page's record keeps them, so that a build that reuses it says them again.
    private static func parseWarnings(
        of document: Document, titleWarning: SiteWarning?, file: String
    ) -> [SiteWarning] {
        var warnings: [SiteWarning] = []
        if let titleWarning { warnings.append(titleWarning) }
        for (pair, meant) in document.frontMatter.likelyMisspellings {
            warnings.append(
                SiteWarning(
                    file: file, line: pair.line, column: pair.column, .likelyMisspeltKey(pair.key, meant: meant)))
        }
        return warnings
    }

    /// Writes the search terms of `document` into its worker's pack, and notes where in
    /// `record`.
    private func writeSearchData(
        of document: Document, into record: inout CachedPage.Fields, name: String, packs: ContentPacks, worker: Int
    ) throws(SiteError) {
        let search = PageSearchData.encoded(
            document: document, title: record.title, withText: site.config.search == .full)
        guard let location = search.withUnsafeBytes({ packs.append($0, worker: worker) }) else {
            throw SiteError(file: name, cannot: .writeSearchTermsToCache, code: packs.failure(worker: worker))
        }
        record.search = location
        record.searchHasPageEntry = PageSearchData.hasPageEntry(search)
    }
}
