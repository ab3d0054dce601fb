import Sections

/// Checks every internal link of the site once all pages are known: the page, folder or
/// file must exist and a `#fragment` must name a section of its page.
struct LinkChecker: Sendable {
    var resolver: LinkResolver
    /// Section ids by Markdown source, for the pages that are built.
    var sectionIDs: [String: SectionIDs]
    /// Sources left out as drafts: links to them break in the built site.
    var drafts: Set<String>

    /// The ids of one page's sections, for lookups: most pages have a few, which a scan
    /// finds faster than a set is built; a page with many gets a set.
    struct SectionIDs: Sendable {
        private var list: [String]
        private var set: Set<String>?

        init(_ ids: [String]) {
            list = ids
            set = ids.count > 16 ? Set(ids) : nil
        }

        func contains(_ id: String) -> Bool {
            set?.contains(id) ?? list.contains(id)
        }
    }

    init(resolver: LinkResolver, pages: [SitePage], drafts: Set<String>) {
        self.resolver = resolver
        var sectionIDs: [String: SectionIDs] = [:]
        sectionIDs.reserveCapacity(pages.count)
        // By index, not `for page in pages`: a loop over every page should not copy each.
        for index in pages.indices {
            guard case .markdown(let source) = pages[index].kind, sectionIDs[source] == nil else { continue }
            sectionIDs[source] = SectionIDs(pages[index].sectionIDs)
        }
        self.sectionIDs = sectionIDs
        self.drafts = drafts
    }

    func warnings(for links: [Link], in source: String) -> [SiteError] {
        var warnings: [SiteError] = []
        for link in links {
            guard let problem = problem(with: link.url, in: source) else { continue }
            warnings.append(
                SiteError(
                    file: SiteFolder.contentFolder + "/" + source, line: link.line, column: link.column,
                    message: problem, severity: .warning))
        }
        return warnings
    }

    private func problem(with url: String, in source: String) -> String? {
        switch resolver.target(of: url, from: source) {
        case .external, .folder, .asset:
            return nil
        case .outside:
            return "link leads outside Content/: '\(url)'"
        case .missing(let path):
            return OutputPath.isMarkdown(path) ? "link to missing page '\(url)'" : "link to missing file '\(url)'"
        case .sameDocument(let fragment):
            return sectionIDs[source]?.contains(fragment) == true ? nil : "link to missing section '\(url)'"
        case .page(let page, let fragment):
            if drafts.contains(page) { return "link to draft page '\(url)'" }
            guard let ids = sectionIDs[page] else { return "link to missing page '\(url)'" }
            guard let fragment, !fragment.isEmpty else { return nil }
            return ids.contains(fragment) ? nil : "link to missing section '\(url)'"
        }
    }
}
