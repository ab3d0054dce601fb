import FoldmarkTestSupport
import Site
import Testing

/// What a site build writes into its pages and beside them: canonical links and a sitemap,
/// links to edit each page, the navigation.
@Suite struct BuiltPageTests {
    @Test func baseURLAddsSitemapAndCanonicalLinks() async throws {
        let site = try TemporarySite(files: ["Content/index.md": "# Home\n", "Content/a b.md": "# A\n"])
        #expect(await site.build(BuildOptions(baseURL: "https://example.org/docs")).succeeded)
        #expect(
            try site.read("_site/sitemap.xml") == """
                <?xml version="1.0" encoding="UTF-8"?>
                <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
                <url><loc>https://example.org/docs/a%20b.html</loc></url>
                <url><loc>https://example.org/docs/index.html</loc></url>
                </urlset>

                """)
        #expect(try site.read("_site/index.html").contains("<link rel=\"canonical\" href=\"https://example.org/docs/index.html\">"))
        // The canonical address is the sitemap's: percent-encoded.
        #expect(try site.read("_site/a b.html").contains("<link rel=\"canonical\" href=\"https://example.org/docs/a%20b.html\">"))
        #expect(try site.read("_site/404.html").contains("href=\"https://example.org/docs/index.html\""))
    }

    @Test func editURLLinksEveryPageToItsSource() async throws {
        let site = try TemporarySite(files: [
            "foldmark.yml": "edit_url: https://git.example.org/docs/edit/main/Content/?x=\"<y>\"&z=\n",
            "Content/index.md": "# Home\n", "Content/guide/a b.md": "# A\n",
        ])
        #expect(await site.build().succeeded)
        let base = "https://git.example.org/docs/edit/main/Content/?x=&quot;&lt;y&gt;&quot;&amp;z="
        #expect(try site.read("_site/index.html").contains("<a href=\"\(base)index.md\">Edit this page</a>"))
        // The path under Content/, percent-encoded.
        #expect(try site.read("_site/guide/a b.html").contains("<a href=\"\(base)guide/a%20b.md\">Edit this page</a>"))
        // A folder's generated index has no source to edit.
        #expect(try !site.read("_site/guide/index.html").contains("Edit this page"))

        try site.write("foldmark.yml", "title: T\n")
        #expect(await site.build().succeeded)
        #expect(try !site.read("_site/index.html").contains("Edit this page"))
        try site.write("foldmark.yml", "edit_url: javascript:alert(1)//\n")
        let build = await site.build()
        #expect(!build.succeeded)
        #expect(build.errors.first == "foldmark.yml:1: error: 'edit_url' must start with http:// or https://")
    }

    @Test func withoutBaseURLThereIsNoSitemap() async throws {
        let site = try TemporarySite(files: ["Content/index.md": "# Home\n"])
        #expect(await site.build().succeeded)
        #expect(!site.exists("_site/sitemap.xml"))
        #expect(site.exists("_site/404.html"))
        #expect(!(try site.read("_site/index.html").contains("rel=\"canonical\"")))
    }

    @Test func pagesShowNavigationBreadcrumbsPagerAndTOC() async throws {
        let site = try TemporarySite(files: [
            "foldmark.yml": "title: Docs\n", "Content/index.md": "# Welcome\n",
            "Content/guide/one.md": "---\norder: 1\n---\n# One\n## Part {#part}\n", "Content/guide/two.md": "# Two\n",
        ])
        #expect(await site.build().succeeded)
        let one = try site.read("_site/guide/one.html")
        #expect(one.contains("<a href=\"one.html\" aria-current=\"page\">One</a>"))
        #expect(one.contains("<li class=\"fm-nav-folder\"><a href=\"index.html\">Guide</a><details open><summary aria-label=\"Guide\"><span class=\"fm-arrow\" aria-hidden=\"true\"></span></summary>"))
        #expect(one.contains("<li><a href=\"../index.html\">Docs</a></li>\n<li><a href=\"index.html\">Guide</a></li>\n<li aria-current=\"page\">One</li>"))
        #expect(one.contains("<a class=\"fm-previous\" rel=\"prev\" href=\"index.html\"><span>Previous</span> Guide</a>"))
        #expect(one.contains("<a class=\"fm-next\" rel=\"next\" href=\"two.html\"><span>Next</span> Two</a>"))
        #expect(one.contains("<a href=\"#part\">Part</a>"))
        let folder = try site.read("_site/guide/index.html")
        #expect(folder.contains("<ul class=\"fm-folder-index\">\n<li><a href=\"one.html\">One</a></li>\n<li><a href=\"two.html\">Two</a></li>\n</ul>"))
    }
}
