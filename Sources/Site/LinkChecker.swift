import Sections

/// Checks every internal link of the site once all pages are known: the page, folder or
/// file must exist and a `#fragment` must name a section of its page.
struct LinkChecker: Sendable {
    var resolver: LinkResolver
    /// Section ids by Markdown source, for the pages that are built.
    var sectionIDs: [String: Set<String>]
    /// Sources left out as drafts: links to them break in the built site.
    var drafts: Set<String>

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
            return sectionIDs[source, default: []].contains(fragment) ? nil : "link to missing section '\(url)'"
        case .page(let page, let fragment):
            if drafts.contains(page) { return "link to draft page '\(url)'" }
            guard let ids = sectionIDs[page] else { return "link to missing page '\(url)'" }
            guard let fragment, !fragment.isEmpty else { return nil }
            return ids.contains(fragment) ? nil : "link to missing section '\(url)'"
        }
    }
}
