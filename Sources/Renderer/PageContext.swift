import Sections

/// What a page shows besides its own Markdown: the site it belongs to and where it sits.
public struct PageContext: Sendable, Hashable {
    /// The site's title, shown in the header and after the page title in `<title>`.
    public var siteTitle: String
    /// The `lang` of `<html>`.
    public var language: String
    /// Shown when the page has neither a front matter title nor a heading (its file name).
    public var fallbackTitle: String
    /// The relative path from the page to the site root: `""` or `"../"`, `"../../"`, …
    public var rootPath: String

    public init(siteTitle: String = "", language: String = "en", fallbackTitle: String = "", rootPath: String = "") {
        self.siteTitle = siteTitle
        self.language = language
        self.fallbackTitle = fallbackTitle
        self.rootPath = rootPath
    }
}
