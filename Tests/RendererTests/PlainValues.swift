import Sections

@testable import Renderer

/// The values of ``PageRenderer``'s templates as a plain ``TemplateValue`` tree, as
/// `Content/reference/templates.md` documents them: what `PageValuesTests` compares the
/// renderer's own flat values with.
enum PlainValues {
    static func content(_ document: Document) -> TemplateValue {
        ["preamble": .string(document.preamble.html), "sections": .list(document.sections.map(value(for:)))]
    }

    static func page(_ document: Document, content: String, context: PageContext, css: String, script: String)
        -> TemplateValue
    {
        var page = TemplateObject(document.frontMatter.values.map { ($0.key, TemplateValue($0.value)) })
        page["title"] = .string(document.title ?? context.fallbackTitle)
        page["description"] = document.frontMatter.description.map(TemplateValue.string) ?? .null
        page["canonical"] = context.canonicalURL.map(TemplateValue.string) ?? .null
        let toc = tocEntries(document.sections, depth: context.tocDepth)
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
            "navigation": .list(context.navigation.map(value(for:))),
            "hasNavigation": .bool(!context.navigation.isEmpty),
            "breadcrumbs": .list(context.breadcrumbs.map(value(for:))),
            "hasBreadcrumbs": .bool(!context.breadcrumbs.isEmpty),
            "search": .bool(context.hasSearch),
            "pageHash": context.pageHash.isEmpty ? .null : .string(context.pageHash),
            "rememberFolds": .bool(context.remembersFolds),
            "hasPager": .bool(context.previous != nil || context.next != nil),
            "previous": context.previous.map(value(for:)) ?? .null,
            "next": context.next.map(value(for:)) ?? .null,
        ])
    }

    static func value(for section: Section) -> TemplateValue {
        [
            "id": .string(section.id),
            "level": .number(Double(section.level)),
            "title": .string(section.title),
            "titleHTML": .string(section.titleHTML.html),
            "open": .bool(!section.isCollapsed),
            "classes": .list(section.classes.map(TemplateValue.string)),
            "accordion": section.accordion.map(TemplateValue.string) ?? .null,
            "long": .bool(section.wordCount >= PageRenderer.longSectionWords),
            "body": .string(section.body.html),
            "children": .list(section.children.map(value(for:))),
        ]
    }

    static func tocEntries(_ sections: [Section], depth: Int) -> [TemplateValue] {
        sections.filter { $0.level <= depth }.map { section in
            let children = tocEntries(section.children, depth: depth)
            return [
                "id": .string(section.id),
                "title": .string(section.title),
                "children": .list(children),
                "hasChildren": .bool(!children.isEmpty),
            ]
        }
    }

    static func value(for link: PageLink) -> TemplateValue {
        ["title": .string(link.title), "href": .string(link.href)]
    }

    static func value(for item: NavigationItem) -> TemplateValue {
        [
            "title": .string(item.link.title),
            "href": .string(item.link.href),
            "folder": .bool(item.isFolder),
            "current": .bool(item.isCurrent),
            "open": .bool(item.isOpen),
            "hasChildren": .bool(!item.children.isEmpty),
            "children": .list(item.children.map(value(for:))),
        ]
    }
}
