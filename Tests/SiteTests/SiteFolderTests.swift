import Foundation
import Site
import Testing

@Suite struct SiteFolderTests {
    @Test func siteHoldingAPageIsTheFolderAboveItsContent() throws {
        let page = try #require(SiteFolder.site(holding: URL(fileURLWithPath: "/docs/site/Content/guide/a b.md")))
        #expect(page.root.path == "/docs/site")
        #expect(page.source == "guide/a b.md")
        // The nearest `Content` folder, after `..` is resolved.
        let nested = try #require(SiteFolder.site(holding: URL(fileURLWithPath: "/x/Content/y/../Content/p.md")))
        #expect(nested.root.path == "/x/Content")
        #expect(nested.source == "p.md")
    }

    @Test func aFileInNoContentFolderBelongsToNoSite() {
        #expect(SiteFolder.site(holding: URL(fileURLWithPath: "/docs/page.md")) == nil)
        #expect(SiteFolder.site(holding: URL(fileURLWithPath: "/docs/Content")) == nil)
    }
}
