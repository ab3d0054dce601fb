import Renderer
import Sections
import Testing

@testable import Site

@Suite struct NavigationTests {
    static func page(_ output: String, _ title: String, order: Double? = nil) -> SitePage {
        SitePage(
            kind: .markdown(source: output), output: output, title: title, order: order, frontMatter: nil,
            sectionIDs: [])
    }

    static let pages = [
        page("index.html", "Home"),
        page("zeta.html", "Zeta"),
        page("alpha.html", "Alpha"),
        page("first.html", "Late name", order: 1),
        page("guide/index.html", "Guide", order: 2),
        page("guide/b.html", "B"),
        page("guide/a.html", "A"),
    ]

    @Test func readingOrderFollowsOrderThenTitleDepthFirst() {
        let navigation = Navigation(pages: Self.pages, homeTitle: "Site")
        #expect(
            navigation.readingOrder.map { Self.pages[$0].output } == [
                "index.html", "first.html", "guide/index.html", "guide/a.html", "guide/b.html", "alpha.html",
                "zeta.html",
            ])
    }

    @Test func currentPageIsMarkedAndItsFolderOpen() {
        let navigation = Navigation(pages: Self.pages, homeTitle: "Site")
        let items = navigation.navigation(for: 5)  // guide/b.html
        #expect(items.map(\.link.title) == ["Site", "Late name", "Guide", "Alpha", "Zeta"])
        let guide = items[2]
        #expect(guide.isFolder && guide.isOpen && guide.link.href == "index.html")
        #expect(guide.children.map(\.link.title) == ["A", "B"])
        #expect(guide.children.map(\.isCurrent) == [false, true])
        #expect(items[0].link.href == "../index.html")
    }

    @Test func breadcrumbsAndNeighbours() {
        let navigation = Navigation(pages: Self.pages, homeTitle: "Site")
        #expect(
            navigation.breadcrumbs(for: 6) == [
                PageLink(title: "Site", href: "../index.html"), PageLink(title: "Guide", href: "index.html"),
            ])
        #expect(navigation.breadcrumbs(for: 4) == [PageLink(title: "Site", href: "../index.html")])
        #expect(navigation.breadcrumbs(for: 0) == [])
        let (previous, next) = navigation.neighbours(of: 6)  // guide/a.html
        #expect(previous == PageLink(title: "Guide", href: "index.html"))
        #expect(next == PageLink(title: "B", href: "b.html"))
        #expect(navigation.neighbours(of: 0).previous == nil)
    }

    @Test func hrefsArePercentEncoded() {
        let pages = [
            Self.page("index.html", "Home"), Self.page("my docs/index.html", "Docs"),
            Self.page("my docs/50% #1.html", "Odd"),
        ]
        let navigation = Navigation(pages: pages, homeTitle: "Home")
        let items = navigation.navigation(for: 2)
        #expect(items[0].link.href == "../index.html")
        #expect(items[1].link.href == "index.html")
        #expect(items[1].children.map(\.link.href) == ["50%25%20%231.html"])
        #expect(navigation.listing(of: "my docs/").map(\.href) == ["50%25%20%231.html"])
        #expect(navigation.listing(of: "").map(\.href) == ["my%20docs/index.html"])
    }

    /// A large site shows each page a window of its folder, so the navigation of a page
    /// has the same size with 1,000 pages as with 10,000.
    @Test(arguments: [1_000, 10_000])
    func navigationSizeIsBoundedInLargeSites(pageCount: Int) {
        var pages = [Self.page("index.html", "Home")]
        for folder in 0..<(pageCount / 100) {
            pages.append(Self.page("f\(folder)/index.html", "Folder \(folder)"))
            for index in 0..<99 { pages.append(Self.page("f\(folder)/p\(index).html", "Page \(index)")) }
        }
        let navigation = Navigation(pages: pages, homeTitle: "Home")
        func count(_ items: [NavigationItem]) -> Int { items.reduce(items.count) { $0 + count($1.children) } }
        let sizes = [1, pages.count / 2, pages.count - 1].map { count(navigation.navigation(for: $0)) }
        #expect(sizes.allSatisfy { $0 <= 2 * (Navigation.window + 2) })
        let current = navigation.navigation(for: pages.count - 1)
        #expect(current.contains { $0.isOpen && $0.children.contains(where: \.isCurrent) })
    }

    /// A large site: 40 folders at the top, more than ``Navigation/window``, of which those
    /// in `foldersDeepIn` hold 35 folders of 33 or 35 entries, one of them without an index
    /// page and some with a folder of their own. Titles hold characters to escape.
    static func deepSite(foldersDeepIn deep: Set<Int>) -> [SitePage] {
        var pages = [page("index.html", "Home")]
        for top in 0..<40 {
            pages.append(page("t\(top)/index.html", "Top <\(top)>", order: Double(40 - top)))
            for index in 0..<4 { pages.append(page("t\(top)/p\(index).html", "P & \(index)")) }
            guard deep.contains(top) else { continue }
            for middle in 0..<35 {
                let folder = "t\(top)/m\(middle)/"
                if middle != 3 { pages.append(page(folder + "index.html", "Middle \(middle)")) }
                for index in 0..<33 { pages.append(page(folder + "q\(index).html", "Q \(index)")) }
                if middle % 17 == 0 {
                    pages.append(page(folder + "deep/index.html", "Deep"))
                    pages.append(page(folder + "deep/r.html", "R"))
                }
            }
        }
        return pages
    }

    /// What a large site's pages share is worked out once per folder: every page must
    /// still get exactly the navigation and breadcrumbs worked out for it alone, index
    /// pages, pages deep down and pages of a folder without an index page included.
    @Test func preparedNavigationIsThatOfEachPageAlone() {
        let pages = Self.deepSite(foldersDeepIn: [0, 10, 20, 30])
        let plain = Navigation(pages: pages, homeTitle: "Home")
        var prepared = plain
        prepared.prepare(forPages: pages.indices)
        for page in pages.indices {
            // A page with a share is laid out from it: its hash, which covers every item,
            // must be that of the navigation made for the page alone.
            var alone = PageContext()
            alone.navigation = plain.navigation(for: page)
            let sameNavigation =
                prepared.share(for: page).map {
                    PagePass.hash(of: PageContext(), shared: $0) == PagePass.hash(of: alone)
                }
                ?? (prepared.navigation(for: page) == alone.navigation)
            let same = sameNavigation && prepared.breadcrumbs(for: page) == plain.breadcrumbs(for: page)
            #expect(same, "the navigation or breadcrumbs of \(pages[page].output) differ")
        }
        #expect(pages.indices.contains { prepared.share(for: $0) != nil })
    }

    /// Titles sort by their lowercase form, which a fast path makes for ASCII: it must be
    /// `lowercased()` exactly, ASCII or not.
    @Test func sortKeysAreLowercasedAsStringsAre() {
        for title in [
            "", "a", "Getting Started", "API", "already lower", "x-Y_z 1.2!", "@[`{", "Café", "İstanbul", "ΣΟΦΊΑ",
            "STRASSE ẞ", "Ǆemal", "日本語 Title", "Ａｂｃ",
        ] {
            #expect(Navigation.lowercased(title) == title.lowercased(), "\(title)")
        }
    }
}
