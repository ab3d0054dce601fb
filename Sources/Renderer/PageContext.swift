import Sections

/// What a page shows besides its own Markdown: the site it belongs to, where it sits, and
/// the ways to other pages. The `Site` module computes it; the renderer only places it.
public struct PageContext: Sendable, Hashable {
    /// The site's title, shown in the header and after the page title in `<title>`.
    public var siteTitle: String
    /// The `lang` of `<html>`.
    public var language: String
    /// Shown when the page has neither a front matter title nor a heading (its file name).
    public var fallbackTitle: String
    /// The relative path from the page to the site root: `""` or `"../"`, `"../../"`, …
    public var rootPath: String
    /// The page's absolute URL when the site has a base URL (for `<link rel="canonical">`).
    public var canonicalURL: String?
    /// Where the page's source can be edited (the site's `edit_url` and the source's path),
    /// if the site says.
    public var editURL: String?
    /// The sidebar: the site's folders and pages as this page should show them.
    public var navigation: [NavigationItem]
    /// From the site's home down to the page's folder; the page itself is not included.
    public var breadcrumbs: [PageLink]
    public var previous: PageLink?
    public var next: PageLink?
    /// Section levels up to this one appear in the table of contents.
    public var tocDepth: Int
    /// Whether the page keeps the reader's open sections in the browser's storage.
    public var remembersFolds: Bool = true
    /// Changes when the page's source changes: the browser forgets the reader's folds of
    /// an older version of the page.
    public var pageHash: String = ""
    /// Where the page finds the theme's stylesheet and script, relative to it, when the
    /// site writes them as files of their own; `nil` inlines them into the page (a page
    /// from `foldmark render`, the 404 page, which is served at any address).
    public var stylesheetURL: String?
    public var scriptURL: String?
    /// Whether the page shows the search box (the site wrote a search index).
    public var hasSearch: Bool = false

    public init(
        siteTitle: String = "", language: String = "en", fallbackTitle: String = "", rootPath: String = "",
        canonicalURL: String? = nil, navigation: [NavigationItem] = [], breadcrumbs: [PageLink] = [],
        previous: PageLink? = nil, next: PageLink? = nil, tocDepth: Int = 3
    ) {
        self.siteTitle = siteTitle
        self.language = language
        self.fallbackTitle = fallbackTitle
        self.rootPath = rootPath
        self.canonicalURL = canonicalURL
        self.navigation = navigation
        self.breadcrumbs = breadcrumbs
        self.previous = previous
        self.next = next
        self.tocDepth = tocDepth
    }
}

/// A link to another page: its title (plain text, escaped where placed) and relative URL.
public struct PageLink: Sendable, Hashable {
    public var title: String
    public var href: String

    public init(title: String, href: String) {
        self.title = title
        self.href = href
    }
}

/// One entry of the sidebar: a page, or a folder with entries of its own.
public struct NavigationItem: Sendable, Hashable {
    public var link: PageLink
    public var isFolder: Bool
    /// The page being rendered; shown with `aria-current="page"`.
    public var isCurrent: Bool
    /// Whether a folder starts open: it holds the current page.
    public var isOpen: Bool
    public var children: [NavigationItem]

    public init(
        link: PageLink, isFolder: Bool = false, isCurrent: Bool = false, isOpen: Bool = false,
        children: [NavigationItem] = []
    ) {
        self.link = link
        self.isFolder = isFolder
        self.isCurrent = isCurrent
        self.isOpen = isOpen
        self.children = children
    }
}
