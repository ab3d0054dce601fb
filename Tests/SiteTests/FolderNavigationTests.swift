import Sections
import Testing

@testable import Renderer
@testable import Site

/// A large site lays out once, per folder, the navigation its pages share
/// (``FolderNavigation``), and each page's values add only its own part. Every page must
/// render to the same bytes as from its own navigation alone, with the default theme and
/// with partials that read names of the page through the context stack.
@Suite struct FolderNavigationTests {
    /// Folders of more and fewer entries than a page shows, index pages, nested folders, a
    /// folder without an index page.
    static let pages = NavigationTests.deepSite(foldersDeepIn: [0])

    static let readsThePage = [
        "nav-item.html": """
        <li{{#current}} class="now"{{/current}}>{{title}} {{href}} {{page.title}} {{root}} {{lang}}\
        {{#folder}}/{{/folder}}{{#open}} open{{/open}}{{#hasChildren}}
          <ul>
          {{#children}}
            {{> nav-item}}
          {{/children}}
          </ul>
        {{/hasChildren}}</li>
        """,
        Theme.layoutFile: "{{#navigation}}{{> nav-item}}{{/navigation}}{{#hasNavigation}}!{{/hasNavigation}}",
    ]

    /// A layout that shows the navigation twice, once through the default partial and once
    /// with its own tags, which read the page's title only for the current item.
    static let twice = [
        Theme.layoutFile: """
        {{#navigation}}{{> nav-item}}{{/navigation}}
        {{#navigation}}[{{title}}{{#current}} {{page.title}}{{/current}}]{{/navigation}}
        """
    ]

    /// Which pages a build lays out, and so prepares the navigation for: all of them (a
    /// full build), or a few, whose folders' shares then hold only the entries those few
    /// show (an edit).
    enum LaidOut: CaseIterable {
        case all, everyEleventh, one

        var pages: [Int] {
            switch self {
            case .all: Array(FolderNavigationTests.pages.indices)
            case .everyEleventh: FolderNavigationTests.pages.indices.filter { $0 % 11 == 5 }
            // The last page of a folder of more entries than a window shows.
            case .one: [FolderNavigationTests.pages.lastIndex { $0.output.hasPrefix("t0/m34/q") }!]
            }
        }
    }

    @Test(arguments: [[:], Self.readsThePage, Self.twice], LaidOut.allCases)
    func everyPageRendersAsFromItsOwnNavigation(overrides: [String: String], laidOut: LaidOut) throws {
        let theme = Theme(files: DefaultTemplates.files).overriding(with: overrides)
        let renderer = try PageRenderer(theme: theme)
        var navigation = Navigation(pages: Self.pages, homeTitle: "Home")
        navigation.prepare(forPages: laidOut.pages)
        var shared = 0
        var differing: [String] = []
        for page in laidOut.pages {
            let document = Document(frontMatter: FrontMatter(title: "Page \(page)"))
            var context = PageContext(fallbackTitle: "file", rootPath: OutputPath.rootPath(of: Self.pages[page].output))
            context.navigation = navigation.navigation(for: page)
            let folder = navigation.share(for: page).map { navigation.folderNavigation($0, renderer: renderer) }
            if folder != nil { shared += 1 }
            let plain = renderer.renderPageUTF8(document, content: "<p>x</p>", context: context)
            // A page with a share has no navigation of its own.
            var sharing = context
            if folder != nil { sharing.navigation = [] }
            let laidOut = Array("<p>x</p>".utf8).withUnsafeBufferPointer {
                renderer.renderPageUTF8(document, content: $0, context: sharing, navigation: folder)
            }
            if laidOut != plain { differing.append(Self.pages[page].output) }
        }
        #expect(differing.count == 0, "pages differ, as \(differing.prefix(5))")
        #expect(shared > laidOut.pages.count / 2)
    }

    /// The hash of a page's navigation, which decides whether the next build lays the page
    /// out again, is the same from the folder's share as from the page's own items.
    @Test(arguments: LaidOut.allCases)
    func everyPageHashesAsFromItsOwnNavigation(laidOut: LaidOut) {
        var navigation = Navigation(pages: Self.pages, homeTitle: "Home")
        navigation.prepare(forPages: laidOut.pages)
        var shared = 0
        var differing: [String] = []
        for page in laidOut.pages {
            var context = PageContext()
            context.navigation = navigation.navigation(for: page)
            context.breadcrumbs = navigation.breadcrumbs(for: page)
            (context.previous, context.next) = navigation.neighbours(of: page)
            let plain = PagePass.hash(of: context)
            guard let share = navigation.share(for: page) else { continue }
            shared += 1
            context.navigation = []
            if PagePass.hash(of: context, shared: share) != plain { differing.append(Self.pages[page].output) }
        }
        #expect(differing.count == 0, "pages differ, as \(differing.prefix(5))")
        #expect(shared > laidOut.pages.count / 2)
    }

    /// A share made for one page of a large folder holds the entries of that page's window
    /// and no more.
    @Test func aSharePreparedForOnePageHoldsItsWindowAlone() throws {
        let page = try #require(LaidOut.one.pages.first)
        var navigation = Navigation(pages: Self.pages, homeTitle: "Home")
        navigation.prepare(forPages: [page])
        let share = try #require(navigation.share(for: page))
        let made = share.template.entries.indices.filter { share.template.entries[$0] != nil }
        #expect(share.template.entries.count > Navigation.window)
        #expect(made == Array(share.window.entries))
    }

    /// What one renderer laid out is laid out again for another, whose layout numbers names
    /// otherwise (a renderer handed another's layout stops: see ``PageRenderer/renderPageUTF8``).
    @Test func anotherRendererLaysOutTheFolderAgain() throws {
        let first = try PageRenderer(theme: Theme(files: DefaultTemplates.files))
        let second = try PageRenderer(theme: Theme(files: DefaultTemplates.files).overriding(with: Self.readsThePage))
        var navigation = Navigation(pages: Self.pages, homeTitle: "Home")
        navigation.prepare(forPages: Self.pages.indices)
        let page = Self.pages.count - 1
        var context = PageContext(rootPath: "../../")
        context.navigation = navigation.navigation(for: page)
        let share = try #require(navigation.share(for: page))
        #expect(navigation.folderNavigation(share, renderer: first).shared.isLaidOut(by: first))
        let again = navigation.folderNavigation(share, renderer: second)
        #expect(again.shared.isLaidOut(by: second) && !again.shared.isLaidOut(by: first))
        let document = Document(frontMatter: FrontMatter(title: "T"))
        let laidOut = Array("c".utf8).withUnsafeBufferPointer {
            second.renderPageUTF8(document, content: $0, context: context, navigation: again)
        }
        #expect(laidOut == second.renderPageUTF8(document, content: "c", context: context))
    }
}
