import Testing

@testable import Site

/// `sitemap.xml` within the sitemaps protocol's limits (50,000 addresses, 50 MB a file).
@Suite struct SitemapTests {
    static let base = "https://example.org/docs/"

    static func locations(_ count: Int) -> [String] {
        (1...count).map { base + "page-\($0).html?a=1&b=2" }
    }

    /// The addresses a file lists, unescaped, in order.
    static func urls(in text: String) -> [String] {
        text.split(separator: "\n").filter { $0.hasPrefix("<url><loc>") }.map {
            String($0.dropFirst("<url><loc>".count).dropLast("</loc></url>".count))
                .replacingOccurrences(of: "&amp;", with: "&")
        }
    }

    @Test func aSiteWithinTheLimitsHasOneFile() {
        let files = Sitemap.files(locations: Self.locations(3), baseURL: Self.base)
        #expect(files.map(\.name) == ["sitemap.xml"])
        #expect(
            files[0].text == """
                <?xml version="1.0" encoding="UTF-8"?>
                <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
                <url><loc>https://example.org/docs/page-1.html?a=1&amp;b=2</loc></url>
                <url><loc>https://example.org/docs/page-2.html?a=1&amp;b=2</loc></url>
                <url><loc>https://example.org/docs/page-3.html?a=1&amp;b=2</loc></url>
                </urlset>

                """)
    }

    @Test func moreAddressesThanAFileTakesMakeAnIndex() {
        let locations = Self.locations(5)
        let files = Sitemap.files(locations: locations, baseURL: Self.base, urlLimit: 2)
        #expect(files.map(\.name) == ["sitemap.xml", "sitemap-1.xml", "sitemap-2.xml", "sitemap-3.xml"])
        #expect(
            files[0].text == """
                <?xml version="1.0" encoding="UTF-8"?>
                <sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
                <sitemap><loc>https://example.org/docs/sitemap-1.xml</loc></sitemap>
                <sitemap><loc>https://example.org/docs/sitemap-2.xml</loc></sitemap>
                <sitemap><loc>https://example.org/docs/sitemap-3.xml</loc></sitemap>
                </sitemapindex>

                """)
        #expect(files.dropFirst().map { Self.urls(in: $0.text).count } == [2, 2, 1])
        #expect(files.dropFirst().flatMap { Self.urls(in: $0.text) } == locations)
        #expect(files.dropFirst().allSatisfy { $0.text.hasSuffix("</urlset>\n") })
    }

    @Test func moreBytesThanAFileTakesMakeAnIndex() {
        let locations = Self.locations(40)
        let limit = 1_000
        let files = Sitemap.files(locations: locations, baseURL: Self.base, byteLimit: limit)
        #expect(files.count > 3)
        #expect(files.dropFirst().allSatisfy { $0.text.utf8.count <= limit })
        #expect(files.dropFirst().flatMap { Self.urls(in: $0.text) } == locations)
        #expect(Sitemap.files(locations: locations, baseURL: Self.base).count == 1)
    }
}
