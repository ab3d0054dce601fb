/// The files of a theme (page layout, section partial, CSS, JavaScript), by file name.
///
/// Reading them from disk is the `Site` module's job; this type only says which files a
/// theme needs and lets a site's own files override the defaults one by one.
public struct Theme: Sendable, Hashable {
    /// The page layout: a Mustache template that receives the page context.
    public static let layoutFile = "page.html"
    /// The partial for one section, included as `{{> section}}`; it may include itself.
    public static let sectionFile = "section.html"
    /// Inlined into every page as `{{{css}}}`, followed by the theme's other `.css` files.
    public static let styleFile = "style.css"
    /// Inlined into every page as `{{{script}}}`, followed by the theme's other `.js` files.
    public static let scriptFile = "script.js"
    public static let requiredFiles = [layoutFile, sectionFile, styleFile, scriptFile]

    public var files: [String: String]

    public init(files: [String: String]) {
        self.files = files
    }

    /// This theme with `overrides` replacing files of the same name.
    public func overriding(with overrides: [String: String]) -> Theme {
        Theme(files: files.merging(overrides) { _, new in new })
    }

    /// Every stylesheet of the theme in one: `style.css`, then the other `.css` files by
    /// name, so that a feature's styles can live in a file of their own.
    public var stylesheet: String { joined(first: Self.styleFile, suffix: ".css") }

    /// Every script of the theme in one: `script.js`, then the other `.js` files by name.
    public var script: String { joined(first: Self.scriptFile, suffix: ".js") }

    private func joined(first: String, suffix: String) -> String {
        let others = files.keys.filter { $0.hasSuffix(suffix) && $0 != first }.sorted()
        return ([first] + others).compactMap { files[$0] }.joined(separator: "\n")
    }

    /// The ids that the theme's HTML templates write literally (`id="content"`), which
    /// sections must not use: see `ParseOptions(reservedIDs:)`. Ids made of template tags
    /// (`id="{{id}}"`) are not included.
    public var fixedIDs: Set<String> {
        var ids: Set<String> = []
        let attribute = Array(" id=\"".utf8)
        let quote = [UInt8(ascii: "\"")]
        // On the bytes, as the template parser reads them: every build does this, and
        // Foundation's `range(of:)` goes through `String`'s general search.
        for (name, text) in files where name.hasSuffix(".html") {
            let source = TemplateSource(text, template: name)
            var index = 0
            while let found = source.find(attribute, from: index) {
                let start = found + attribute.count
                guard let end = source.find(quote, from: start) else { break }
                let value = source.text(start..<end)
                if !value.isEmpty, !value.contains("{{") { ids.insert(value) }
                index = end
            }
        }
        return ids
    }
}
