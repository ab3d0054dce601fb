import FoundationEssentials
import Renderer
import Sections

extension PagePass {
    /// `404.html` (unless `Content/404.md` made one) and, when the site has a base URL,
    /// `sitemap.xml`. Returns the files of the output, and those of them written into the
    /// staging folder: a `404.html` in place that the last build made under the same cache
    /// key (which holds everything the page shows: the theme, the site's title, language
    /// and base URL) is the same, and is kept as a page in place is.
    func writeExtras(_ pages: [SitePage]) throws(SiteError) -> (outputs: [String], staged: [String]) {
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
        if let baseURL {
            var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            xml += "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
            for page in pages.filter({ !Self.isNotFoundPage($0) }).sorted(by: { $0.output < $1.output }) {
                let location = baseURL + OutputPath.percentEncoded(page.output)
                xml += "<url><loc>\(HTMLFragment.escape(location))</loc></url>\n"
            }
            xml += "</urlset>\n"
            try write(xml, to: "sitemap.xml")
            written.append("sitemap.xml")
        }
        return (kept + written, written)
    }

    private func writeNotFoundPage() throws(SiteError) {
        let home = HTMLFragment.escape((baseURL ?? "") + "index.html")
        let document = Document(
            frontMatter: FrontMatter(title: "Page not found"),
            preamble: HTMLFragment(trusted: "<p>There is no page at this address.</p>\n"))
        let content =
            "<h1>Page not found</h1>\n<p>There is no page at this address. Try the <a href=\"\(home)\">home page</a>.</p>\n"
        let context = PageContext(
            siteTitle: site.config.title, language: site.config.language, rootPath: baseURL ?? "")
        try write(renderer.renderPage(document, content: content, context: context), to: Self.notFoundOutput)
    }

    private func write(_ text: String, to name: String) throws(SiteError) {
        guard FileIO.write(text, toPath: staging.appending(path: name).path) else {
            throw SiteError(file: name, message: "cannot write")
        }
    }
}
