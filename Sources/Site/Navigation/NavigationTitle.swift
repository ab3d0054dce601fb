import Sections

/// A page's title as the rest of the site shows it: in every page's sidebar, in
/// breadcrumbs, previous and next links, folder index pages and the search index.
///
/// Those copy one page's title into many pages, so a title of megabytes made every page of
/// the site megabytes. Cut to ``maximumLength`` characters, each page's size depends only
/// on its own source and on the number of pages, whatever another page's title holds.
///
/// The page itself still shows its whole title in its `<title>` and `<h1>`: that costs no
/// other page anything, and cutting what the author wrote there would lose text with no
/// gain in bounds.
enum NavigationTitle {
    /// In `Character`s: what a reader sees, whatever the bytes of the script.
    static let maximumLength = 200

    /// The title of `document` for navigation (`fallback`, the file's name, if it has
    /// none) and, if it had to be cut, a warning about `file` at the line of its `title`
    /// key or heading.
    static func of(_ document: Document, fallback: String, file: String) -> (title: String, warning: SiteWarning?) {
        let title = document.title ?? fallback
        // A title of no more bytes than the limit has no more characters: the common case
        // looks at nothing but its length, which a native string keeps.
        guard title.utf8.count > maximumLength,
            let end = title.index(title.startIndex, offsetBy: maximumLength, limitedBy: title.endIndex),
            end < title.endIndex
        else { return (title, nil) }
        let length = maximumLength + title[end...].count
        var line: Int?
        var column: Int?
        var fromHeading = false
        if let title = document.frontMatter.title, !title.isEmpty,
            let key = document.frontMatter.values.last(where: { $0.key == "title" })
        {
            (line, column) = (key.line, key.column)
        } else if let heading = document.sections.first {
            (line, fromHeading) = (heading.line, true)
        }
        let warning = SiteWarning(
            file: file, line: line, column: column, .longTitle(length: length, fromHeading: fromHeading))
        return (String(title[..<end]) + "…", warning)
    }
}
