import Sections

/// The names of the values that ``PageRenderer`` gives its templates (documented in
/// `Content/reference/templates.md`), as the key numbers of one template: found once, when
/// the theme is compiled, so that making a page's values never looks a name up.
struct PageFields: Sendable {
    enum Name: Int, CaseIterable {
        case site, page, title, description, canonical, editURL, lang, root, css, script, stylesheetURL, scriptURL
        case content, toc, hasTOC, navigation, hasNavigation, breadcrumbs, hasBreadcrumbs, search, pageHash
        case rememberFolds, hasPager, previous, next, href, folder, current, open, hasChildren, children
        case preamble, sections, id, level, titleHTML, classes, accordion, long, body
        case kind, note, tip, important, warning, caution, foldable, code, language, options, text, header, rows
        case hasRows, cells, align, html, checked, pageTitle, tabs
    }

    /// The names as templates spell them, by ``Name/rawValue``: written out, since
    /// `String(describing:)` of a case goes through reflection, far dearer than a table
    /// (a test checks that each is its case's name).
    static let names = [
        "site", "page", "title", "description", "canonical", "editURL", "lang", "root", "css", "script",
        "stylesheetURL", "scriptURL", "content", "toc", "hasTOC", "navigation", "hasNavigation", "breadcrumbs",
        "hasBreadcrumbs",
        "search", "pageHash", "rememberFolds", "hasPager", "previous", "next", "href", "folder", "current", "open",
        "hasChildren", "children", "preamble", "sections", "id", "level", "titleHTML", "classes", "accordion", "long",
        "body", "kind", "note", "tip", "important", "warning", "caution", "foldable", "code", "language", "options",
        "text", "header", "rows", "hasRows", "cells", "align", "html", "checked", "pageTitle", "tabs",
    ]

    /// The partials that lay out the blocks of a ``Body``, included as `{{> callout}}` and so on.
    enum Partial: Int, CaseIterable {
        case callout, codeBlock, table, taskCheckbox
    }

    /// The partials' names, by ``Partial/rawValue``: their theme files without `.html`.
    static let partialNames = ["callout", "code-block", "table", "task-checkbox"]

    /// By ``Name/rawValue``; `-1` for a name the template never uses.
    private let keys: [Int32]
    /// By ``Partial/rawValue``; `-1` for a partial the theme does not have.
    private let partials: [Int32]
    /// Every name the template uses, for front matter, whose names are the author's.
    let all: [String: Int32]

    init(_ template: Template) {
        keys = Self.names.map(template.key)
        partials = Self.partialNames.map(template.partial)
        all = template.keys
    }

    subscript(name: Name) -> Int32 { keys[name.rawValue] }

    subscript(partial: Partial) -> Int32 { partials[partial.rawValue] }
}

extension TemplateData {
    /// Adds a field whose value is `text`; copies nothing when the template never uses `key`.
    mutating func field(_ key: Int32, text value: String) {
        if key >= 0 { field(key, text(value)) }
    }

    /// Adds `link` as an object with `title` and `href`.
    mutating func add(_ link: PageLink, _ fields: PageFields) -> Value {
        let mark = begin()
        field(fields[.title], text: link.title)
        field(fields[.href], text: link.href)
        return endObject(mark)
    }

    /// Adds a link, or null.
    mutating func add(_ link: PageLink?, _ fields: PageFields) -> Value {
        link.map { add($0, fields) } ?? .null
    }

    /// Adds `links` as a list of links.
    mutating func add(_ links: [PageLink], _ fields: PageFields) -> Value {
        let mark = begin()
        for link in links { item(add(link, fields)) }
        return endList(mark)
    }

    /// Adds `items` as a list of navigation entries, each with its children.
    mutating func add(_ items: [NavigationItem], _ fields: PageFields) -> Value {
        let list = list(count: items.count)
        // Read in place: a copy of each item would retain its strings and children.
        items.withUnsafeBufferPointer { items in
            for index in items.indices { set(add(items[index], fields), at: index, of: list) }
        }
        return list
    }

    /// Adds `item` as an object.
    mutating func add(_ item: borrowing NavigationItem, _ fields: PageFields) -> Value {
        add(item, children: add(item.children, fields), fields)
    }

    /// Adds `item` as an object with `children` (a list) in place of its own.
    mutating func add(_ item: borrowing NavigationItem, children: Value, _ fields: PageFields) -> Value {
        let entry = begin()
        field(fields[.title], text: item.link.title)
        field(fields[.href], text: item.link.href)
        field(fields[.folder], .bool(item.isFolder))
        field(fields[.current], .bool(item.isCurrent))
        field(fields[.open], .bool(item.isOpen))
        field(fields[.hasChildren], .bool(children.count > 0))
        field(fields[.children], children)
        return endObject(entry)
    }

    /// Adds the table of contents: the sections up to level `depth`, nested.
    mutating func addTOC(_ sections: [Section], depth: Int, _ fields: PageFields) -> Value {
        let mark = begin()
        for section in sections where section.level <= depth {
            let children = addTOC(section.children, depth: depth, fields)
            let entry = begin()
            field(fields[.id], text: section.id)
            field(fields[.title], text: section.title)
            field(fields[.children], children)
            field(fields[.hasChildren], .bool(children.count > 0))
            item(endObject(entry))
        }
        return endList(mark)
    }

    /// `String(level)` for the levels of headings, made once.
    private static let levelNames = (0...6).map(String.init)

    /// Adds `sections` as the section partial sees them, each with its children.
    mutating func add(_ sections: [Section], _ fields: PageFields) -> Value {
        let mark = begin()
        for section in sections { item(add(section, fields)) }
        return endList(mark)
    }

    /// Adds `section` as an object with its children: as the section partial sees it, or
    /// the page's title as `page-title.html` does.
    mutating func add(_ section: Section, _ fields: PageFields) -> Value {
        let children = add(section.children, fields)
        let classes = begin()
        for name in section.classes { item(text(name)) }
        let classList = endList(classes)
        let entry = begin()
        field(fields[.id], text: section.id)
        field(
            fields[.level],
            text: section.level < Self.levelNames.count ? Self.levelNames[section.level] : String(section.level))
        field(fields[.title], text: section.title)
        field(fields[.titleHTML], text: section.titleHTML.html)
        field(fields[.open], .bool(!section.isCollapsed))
        field(fields[.classes], classList)
        field(fields[.accordion], section.accordion.map { text($0) } ?? .null)
        field(fields[.long], .bool(section.wordCount >= PageRenderer.longSectionWords))
        field(fields[.tabs], .bool(section.isTabSet && !section.children.isEmpty))
        field(fields[.body], add(section.body, fields))
        field(fields[.children], children)
        return endObject(entry)
    }
}
