import Sections

/// Renders a ``Document`` into a complete, standalone HTML page with a ``Theme``.
///
/// A page renders in two steps so that a site can render every page's content before it
/// knows the whole site: ``renderContent(_:)`` needs only the document, and
/// ``renderPage(_:content:context:)`` wraps that content in the layout with the
/// navigation. The templates are compiled once, in `init`, and reused for every page; one
/// renderer is shared by all threads of a build.
public struct PageRenderer: Sendable {
    private let layout: Template
    private let content: Template
    /// The theme's stylesheets and scripts, each set joined and minified: inlined into a
    /// page, or written once for the whole site (see ``PageContext/stylesheetURL``).
    public let css: String
    public let script: String
    /// The ids the layout writes itself (``Theme/fixedIDs``), for `ParseOptions.reservedIDs`.
    public let layoutIDs: Set<String>

    /// The content of `<main>`: the preamble, then every section through the section partial.
    static let contentSource = "{{{preamble}}}{{#sections}}{{> section}}{{/sections}}"

    public init(theme: Theme) throws(RenderError) {
        for name in Theme.requiredFiles where theme.files[name] == nil {
            throw RenderError(file: name, message: "the theme has no '\(name)'")
        }
        let partials = Dictionary(
            theme.files.filter { $0.key.hasSuffix(".html") }.map { (Self.partialName($0.key), $0.value) },
            uniquingKeysWith: { first, _ in first })
        do {
            layout = try Template(theme.files[Theme.layoutFile]!, partials: partials)
            content = try Template(Self.contentSource, partials: partials)
        } catch {
            throw RenderError(
                file: error.template.map { $0 + ".html" } ?? Theme.layoutFile, line: error.line, column: error.column,
                message: error.message)
        }
        layoutIDs = theme.fixedIDs
        css = Minifier.css(theme.stylesheet)
        script = Minifier.javaScript(theme.script)
    }

    /// `section.html` is included as `{{> section}}`.
    static func partialName(_ file: String) -> String {
        file.hasSuffix(".html") ? String(file.dropLast(5)) : file
    }

    /// The whole page in one step.
    public func render(_ document: Document, context: PageContext) -> String {
        renderPage(document, content: renderContent(document), context: context)
    }

    /// The HTML inside `<main>`.
    public func renderContent(_ document: Document) -> String {
        String(decoding: renderContentUTF8(document), as: UTF8.self)
    }

    /// ``renderContent(_:)`` as UTF-8 bytes, for content that goes straight to a file.
    public func renderContentUTF8(_ document: Document) -> [UInt8] {
        content.renderUTF8(
            .object([
                "preamble": .string(document.preamble.html),
                "sections": .list(document.sections.map(Self.value(for:))),
            ]),
            size: document.preamble.html.utf8.count + Self.contentSize(of: document.sections))
    }

    /// About the size of the sections' HTML: the bodies, and for each section its title
    /// twice and the markup of the default `section.html` around them.
    private static func contentSize(of sections: [Section]) -> Int {
        sections.reduce(0) { size, section in
            size + section.body.html.utf8.count + 2 * section.titleHTML.html.utf8.count + 320
                + contentSize(of: section.children)
        }
    }

    /// The page around `content` (from ``renderContent(_:)``). `document` may have empty
    /// bodies: only its front matter and the titles and ids of its sections are used.
    public func renderPage(_ document: Document, content: String, context: PageContext) -> String {
        String(decoding: renderPageUTF8(document, content: content, context: context), as: UTF8.self)
    }

    /// ``renderPage(_:content:context:)`` as UTF-8 bytes, for a page that goes straight
    /// to its file.
    public func renderPageUTF8(_ document: Document, content: String, context: PageContext) -> [UInt8] {
        // The content, and about as much again for navigation, contents and the layout.
        layout.renderUTF8(
            values(for: document, content: content, context: context), size: 2 * content.utf8.count + 8192)
    }

    /// The values the layout sees; documented in `Content/reference/templates.md`.
    func values(for document: Document, content: String, context: PageContext) -> TemplateValue {
        var page = TemplateObject(document.frontMatter.values.map { ($0.key, TemplateValue($0.value)) })
        page["title"] = .string(document.title ?? context.fallbackTitle)
        page["description"] = document.frontMatter.description.map(TemplateValue.string) ?? .null
        page["canonical"] = context.canonicalURL.map(TemplateValue.string) ?? .null
        let toc = Self.tocEntries(document.sections, depth: context.tocDepth)
        return .object([
            "site": .object(["title": context.siteTitle.isEmpty ? .null : .string(context.siteTitle)]),
            "page": .object(page),
            "lang": .string(context.language),
            "root": .string(context.rootPath),
            "css": .string(css),
            "script": .string(script),
            "stylesheetURL": context.stylesheetURL.map(TemplateValue.string) ?? .null,
            "scriptURL": context.scriptURL.map(TemplateValue.string) ?? .null,
            "content": .string(content),
            "toc": .list(toc),
            "hasTOC": .bool(!toc.isEmpty),
            "navigation": .list(context.navigation.map(Self.value(for:))),
            "hasNavigation": .bool(!context.navigation.isEmpty),
            "breadcrumbs": .list(context.breadcrumbs.map(Self.value(for:))),
            "hasBreadcrumbs": .bool(!context.breadcrumbs.isEmpty),
            "search": .bool(context.hasSearch),
            "pageHash": context.pageHash.isEmpty ? .null : .string(context.pageHash),
            "rememberFolds": .bool(context.remembersFolds),
            "hasPager": .bool(context.previous != nil || context.next != nil),
            "previous": context.previous.map(Self.value(for:)) ?? .null,
            "next": context.next.map(Self.value(for:)) ?? .null,
        ])
    }

    /// Sections of at least this many words end with a button that folds them, so that a
    /// reader at the bottom of a long section need not scroll back up to its heading.
    public static let longSectionWords = 300

    static func value(for section: Section) -> TemplateValue {
        .object([
            "id": .string(section.id),
            "level": .number(Double(section.level)),
            "title": .string(section.title),
            "titleHTML": .string(section.titleHTML.html),
            "open": .bool(!section.isCollapsed),
            "classes": .list(section.classes.map(TemplateValue.string)),
            "accordion": section.accordion.map(TemplateValue.string) ?? .null,
            "long": .bool(section.wordCount >= longSectionWords),
            "body": .string(section.body.html),
            "children": .list(section.children.map(value(for:))),
        ])
    }

    static func tocEntries(_ sections: [Section], depth: Int) -> [TemplateValue] {
        sections.filter { $0.level <= depth }.map { section in
            let children = tocEntries(section.children, depth: depth)
            return .object([
                "id": .string(section.id),
                "title": .string(section.title),
                "children": .list(children),
                "hasChildren": .bool(!children.isEmpty),
            ])
        }
    }

    static func value(for link: PageLink) -> TemplateValue {
        .object(["title": .string(link.title), "href": .string(link.href)])
    }

    static func value(for item: NavigationItem) -> TemplateValue {
        .object([
            "title": .string(item.link.title),
            "href": .string(item.link.href),
            "folder": .bool(item.isFolder),
            "current": .bool(item.isCurrent),
            "open": .bool(item.isOpen),
            "hasChildren": .bool(!item.children.isEmpty),
            "children": .list(item.children.map(value(for:))),
        ])
    }
}

extension TemplateValue {
    /// Front matter for templates: plain `true`/`false` become Booleans so that
    /// `{{#page.key}}` works; every other scalar stays the text that was written.
    init(_ yaml: YAMLValue) {
        switch yaml {
        case .scalar(let text, _):
            if yaml.isNull {
                self = .null
            } else if let bool = yaml.bool {
                self = .bool(bool)
            } else {
                self = .string(text)
            }
        case .sequence(let items): self = .list(items.map(TemplateValue.init))
        case .mapping(let pairs):
            self = .object(TemplateObject(pairs.map { ($0.key, TemplateValue($0.value)) }))
        }
    }
}
