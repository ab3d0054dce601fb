import Basics
import Sections

/// Checks every internal link of the site once all pages are known: the page, folder or
/// file must exist and a `#fragment` must name a section of its page.
struct LinkChecker: Sendable {
    var resolver: LinkResolver
    /// The section ids of the pages that are built, by Markdown source.
    private var targets: Targets
    /// Sources left out as drafts: links to them break in the built site.
    var drafts: Set<String>
    /// What a broken link most likely meant.
    private let suggestions: LinkSuggestions

    /// The section ids of every built page, made up front; or, when only a few pages are
    /// checked (a build that takes the others' warnings from the cache), each page's
    /// position among them, so that only the pages that checked links lead to have their
    /// ids decoded.
    private enum Targets: Sendable {
        case all([String: SectionIDs])
        case some(sources: NameSet, positions: [Int], pages: [SitePage])
    }

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

        var all: [String] { list }
    }

    /// A checker of links among `pages`, of which `checking` will have their links
    /// checked (all of them if `nil`).
    init(resolver: LinkResolver, pages: [SitePage], drafts: Set<String>, checking: Int? = nil) {
        self.resolver = resolver
        self.drafts = drafts
        suggestions = LinkSuggestions(paths: { resolver.allPaths })
        if let checking, checking * 16 < pages.count {
            // The pages by source, numbered as they come: a table of the sources' bytes
            // rather than a dictionary of strings, which hashed every path of the site for
            // the few that the checked links lead to.
            var sources = NameSet()
            var positions: [Int] = []
            positions.reserveCapacity(pages.count)
            for index in pages.indices {
                guard case .markdown(let source) = pages[index].kind else { continue }
                if source.withUTF8Bytes({ sources.insert($0) }) == positions.count { positions.append(index) }
            }
            targets = .some(sources: sources, positions: positions, pages: pages)
            return
        }
        var sectionIDs: [String: SectionIDs] = [:]
        sectionIDs.reserveCapacity(pages.count)
        // By index, not `for page in pages`: a loop over every page should not copy each.
        for index in pages.indices {
            guard case .markdown(let source) = pages[index].kind, sectionIDs[source] == nil else { continue }
            sectionIDs[source] = SectionIDs(pages[index].sectionIDs)
        }
        targets = .all(sectionIDs)
    }

    /// The section ids of `source`, if it is a page that is built.
    private func sectionIDs(of source: String) -> SectionIDs? {
        switch targets {
        case .all(let sectionIDs): sectionIDs[source]
        case .some(let sources, let positions, let pages):
            source.withUTF8Bytes(sources.number(of:)).map { SectionIDs(pages[positions[$0]].sectionIDs) }
        }
    }

    func warnings(for links: [Link], in source: String) -> [SiteWarning] {
        var warnings: [SiteWarning] = []
        for link in links {
            guard let problem = problem(with: link.url, in: source) else { continue }
            let file = SiteFolder.contentFolder + "/" + source
            warnings.append(SiteWarning(file: file, line: link.line, column: link.column, .link(problem)))
        }
        return warnings
    }

    private func problem(with url: String, in source: String) -> SiteWarning.LinkProblem? {
        switch resolver.target(of: url, from: source) {
        case .external, .folder, .asset:
            return nil
        case .outside:
            return .outside(url: url)
        case .missing(let path):
            let suggestion = suggestions.path(near: path).map { Self.url(url, leadingTo: $0, for: path) }
            return OutputPath.isMarkdown(path)
                ? .missingPage(url: url, suggestion: suggestion) : .missingFile(url: url, suggestion: suggestion)
        case .sameDocument(let fragment):
            guard let ids = sectionIDs(of: source), !ids.contains(fragment) else { return nil }
            return .missingSection(url: url, suggestion: suggestion(section: fragment, of: source, ids, in: url))
        case .page(let page, let fragment):
            if drafts.contains(page) { return .draftPage(url: url) }
            guard let ids = sectionIDs(of: page) else { return .missingPage(url: url, suggestion: nil) }
            guard let fragment, !fragment.isEmpty, !ids.contains(fragment) else { return nil }
            return .missingSection(url: url, suggestion: suggestion(section: fragment, of: page, ids, in: url))
        }
    }

    /// `url` with its fragment replaced by the id of `page` nearest to `fragment`, if any.
    private func suggestion(section fragment: String, of page: String, _ ids: SectionIDs, in url: String) -> String? {
        guard let id = suggestions.id(near: fragment, inPage: page, ids: { ids.all }) else { return nil }
        return url[..<(url.firstIndex(of: "#") ?? url.endIndex)] + "#" + id
    }

    /// `url` changed to lead to `suggested` instead of `missing` (both relative to
    /// `Content/`): its last name replaced when the two are in one folder, else the path
    /// from the top of `Content/`; what followed the path is kept.
    private static func url(_ url: String, leadingTo suggested: String, for missing: String) -> String {
        let parts = LinkResolver.split(url)
        let (folder, name) = LinkSuggestions.split(suggested)
        let path = OutputPath.folder(of: missing) == folder ? OutputPath.folder(of: parts.path) + name : "/" + suggested
        return path + parts.suffix
    }
}
