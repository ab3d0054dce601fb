import Sections

/// `sitemap.xml`: the address of every page but the 404 page, for search engines.
///
/// The sitemaps protocol (sitemaps.org) takes at most 50,000 addresses and 50 MB in a file,
/// and search engines refuse a larger one. A larger site gets `sitemap.xml` as a sitemap
/// index, which names `sitemap-1.xml`, `sitemap-2.xml` and so on, each within the limits:
/// `sitemap.xml` stays the one address to give them.
enum Sitemap {
    static let urlLimit = 50_000
    static let byteLimit = 50 * 1024 * 1024

    private static let header = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    private static let urlsetStart = "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
    private static let urlsetEnd = "</urlset>\n"

    /// The files for `locations` (absolute addresses, in order): their names in the output
    /// folder and their text, `sitemap.xml` first. `urlLimit` and `byteLimit` are the
    /// protocol's unless a test asks for less.
    static func files(
        locations: [String], baseURL: String, urlLimit: Int = urlLimit, byteLimit: Int = byteLimit
    ) -> [(name: String, text: String)] {
        var sitemaps: [String] = []
        var current = ""
        var count = 0
        let framing = header.utf8.count + urlsetStart.utf8.count + urlsetEnd.utf8.count
        for location in locations {
            let line = "<url><loc>\(HTMLFragment.escape(location))</loc></url>\n"
            if count > 0 && (count == urlLimit || framing + current.utf8.count + line.utf8.count > byteLimit) {
                sitemaps.append(header + urlsetStart + current + urlsetEnd)
                current = ""
                count = 0
            }
            current += line
            count += 1
        }
        sitemaps.append(header + urlsetStart + current + urlsetEnd)
        guard sitemaps.count > 1 else { return [("sitemap.xml", sitemaps[0])] }
        let names = sitemaps.indices.map { "sitemap-\($0 + 1).xml" }
        var index = header + "<sitemapindex xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
        for name in names {
            index += "<sitemap><loc>\(HTMLFragment.escape(baseURL + name))</loc></sitemap>\n"
        }
        index += "</sitemapindex>\n"
        return [("sitemap.xml", index)] + zip(names, sitemaps).map { ($0, $1) }
    }
}
