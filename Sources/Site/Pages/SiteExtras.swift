import Basics
import FoundationEssentials
import Renderer
import Sections

/// The files of a build's output that are not pages of its sources (see
/// ``PagePass/writeExtras(_:)``): `404.html` (unless `Content/404.md` made one) and, when
/// the site has a base URL, `sitemap.xml` (with `sitemap-1.xml` and on for a site of more
/// than 50,000 pages: see ``Sitemap``).
struct SiteExtras: Sendable {
    var files = StagedFiles()
    /// The file that could not be written, and the time it took, as part of the layout's.
    var report = StageReport()
}

extension PagePass {
    /// Writes the extra files of the site of `pages` into the staging folder. A `404.html`
    /// in place that the last build made under the same cache key (which holds everything
    /// the page shows: the theme, the site's title, language and base URL) is the same,
    /// and is kept as a page in place is.
    func writeExtras(_ pages: [SitePage]) -> SiteExtras {
        let start = ContinuousClock.now
        var extras = SiteExtras()
        do throws(SiteError) {
            let (outputs, staged) = try writeExtraFiles(pages)
            extras.files = StagedFiles(outputs: outputs, staged: staged)
        } catch {
            extras.report.errors.append(error)
        }
        extras.report.timings.append(("layout", (ContinuousClock.now - start).seconds))
        return extras
    }

    /// Returns the files of the output, and those of them written into the staging folder.
    private func writeExtraFiles(_ pages: [SitePage]) throws(SiteError) -> (outputs: [String], staged: [String]) {
        var written: [String] = []
        var kept: [String] = []
        if !pages.contains(where: Self.isNotFoundPage) {
            if cache.siteState != nil && FileIO.exists(outputPath + Self.notFoundOutput) {
                kept.append(Self.notFoundOutput)
            } else {
                try writeNotFoundPage()
                written.append(Self.notFoundOutput)
            }
        }
        if let baseURL = settings.baseURL {
            let locations = pages.filter({ !Self.isNotFoundPage($0) }).map(\.output).sorted().map {
                baseURL + OutputPath.percentEncoded($0)
            }
            for file in Sitemap.files(locations: locations, baseURL: baseURL) {
                try write(file.text, to: file.name)
                written.append(file.name)
            }
        }
        return (kept + written, written)
    }

    private func writeNotFoundPage() throws(SiteError) {
        let home = HTMLFragment.escape((settings.baseURL ?? "") + "index.html")
        let document = Document(
            frontMatter: FrontMatter(title: "Page not found"),
            preamble: Body(trusted: "<p>There is no page at this address.</p>\n"))
        let content =
            "<h1 class=\"fm-title\">Page not found</h1>\n"
            + "<p>There is no page at this address. Try the <a href=\"\(home)\">home page</a>.</p>\n"
        try write(
            renderer.renderPage(document, content: content, context: settings.notFoundContext()),
            to: Self.notFoundOutput)
    }

    private func write(_ text: String, to name: String) throws(SiteError) {
        guard FileIO.write(text, toPath: staging.appending(path: name).path) else {
            throw SiteError(file: outputPath + name, cannot: .write)
        }
    }
}
