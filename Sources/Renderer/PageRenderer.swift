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
    /// The value names of each template, as its key numbers.
    let layoutFields: PageFields
    private let contentFields: PageFields
    /// The stylesheet and then the script, which every page's values include: shared, not
    /// copied into each (see ``TemplateData/shared``).
    let shared: [UInt8]
    /// Tells this renderer from others, for what it laid out (``FolderNavigation``).
    let identity = Identity()

    final class Identity: Sendable {}

    private let cssRange: Range<Int>
    private let scriptRange: Range<Int>
    /// The ids the layout writes itself (``Theme/fixedIDs``), for `ParseOptions(reservedIDs:)`.
    public let layoutIDs: Set<String>

    /// The content of `<main>`: the preamble, then the page's title through the title
    /// partial when it has one (see ``Document/hasTitleHeading``), else every section
    /// through the section partial.
    static let contentSource =
        "{{{preamble}}}{{#pageTitle}}{{> page-title}}{{/pageTitle}}{{#sections}}{{> section}}{{/sections}}"

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
        layoutFields = PageFields(layout)
        contentFields = PageFields(content)
        shared = Array(css.utf8) + Array(script.utf8)
        cssRange = 0..<css.utf8.count
        scriptRange = css.utf8.count..<shared.count
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
        renderContent(document) { Array($0) }
    }

    /// ``renderContent(_:)`` handing the UTF-8 bytes to `body` where they were rendered,
    /// valid only during the call.
    public func renderContent<Result>(
        _ document: Document, then body: (UnsafeBufferPointer<UInt8>) -> Result
    ) -> Result {
        var data = TemplateData()
        let mark = data.begin()
        data.field(contentFields[.preamble], data.add(document.preamble, contentFields))
        if document.hasTitleHeading {
            data.field(contentFields[.pageTitle], data.add(document.sections[0], contentFields))
        } else {
            data.field(contentFields[.sections], data.add(document.sections, contentFields))
        }
        let root = data.endObject(mark)
        return content.render(
            data, root: root, size: Self.size(of: document.preamble) + Self.contentSize(of: document.sections),
            then: body)
    }

    /// About the size of the sections' HTML: the bodies, and for each section its title
    /// twice and the markup of the default `section.html` around them.
    private static func contentSize(of sections: [Section]) -> Int {
        sections.reduce(0) { size, section in
            size + Self.size(of: section.body) + 2 * section.titleHTML.html.utf8.count + 320
                + contentSize(of: section.children)
        }
    }

    /// About the size of a body's HTML: cmark's, and for each block its own and the
    /// markup of the default partial around it (at most about a callout's icon and frame).
    private static func size(of body: Body) -> Int {
        body.blocks.reduce(body.html.utf8.count) { size, block in
            switch block.content {
            case .callout(let callout): size + 640 + Self.size(of: callout.body)
            case .codeBlock(let code): size + 320 + code.html.html.utf8.count
            case .table(let table): size + 320 + 40 * table.alignments.count * (table.rows.count + 1)
            case .taskItem: size + 64
            }
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
        var content = content
        return content.withUTF8 { renderPageUTF8(document, content: $0, context: context) }
    }

    /// ``renderPageUTF8(_:content:context:)`` with the content as UTF-8 bytes, as read back
    /// from the build cache: placed as they are, with no string made of them.
    ///
    /// `navigation`, when given, is the page's navigation as its folder lays it out (see
    /// ``FolderNavigation``), in place of `context`'s.
    public func renderPageUTF8(
        _ document: Document, content: UnsafeBufferPointer<UInt8>, context: PageContext,
        navigation: FolderNavigation.Page? = nil
    ) -> [UInt8] {
        renderPage(document, content: content, context: context, navigation: navigation) { Array($0) }
    }

    /// ``renderPageUTF8(_:content:context:navigation:)`` handing the page's bytes to `body`
    /// where they were rendered, valid only during the call: a page that goes straight to
    /// its file is not copied into an array first.
    public func renderPage<Result>(
        _ document: Document, content: UnsafeBufferPointer<UInt8>, context: PageContext,
        navigation: FolderNavigation.Page? = nil, then body: (UnsafeBufferPointer<UInt8>) -> Result
    ) -> Result {
        // A folder's navigation laid out by another renderer has other key numbers; the
        // page's context has no navigation of its own to fall back on.
        precondition(
            navigation?.shared.isLaidOut(by: self) != false, "a folder's navigation is laid out by another renderer")
        // The content, and about as much again for navigation, contents and the layout.
        var data = navigation.map { TemplateData(extending: $0.shared.data) } ?? TemplateData(shared: shared)
        data.reserve(content.count + 8192)
        let root = values(for: document, content: content, context: context, navigation: navigation, into: &data)
        return layout.render(data, root: root, size: 2 * content.count + 8192, then: body)
    }

    /// Adds the values the layout sees to `data`; documented in
    /// `Content/reference/templates.md`.
    func values(
        for document: Document, content: UnsafeBufferPointer<UInt8>, context: PageContext,
        navigation folder: FolderNavigation.Page?, into data: inout TemplateData
    ) -> TemplateData.Value {
        let fields = layoutFields
        let page = data.begin()
        for pair in document.frontMatter.values {
            guard let key = fields.all[pair.key] else { continue }
            data.field(key, data.add(TemplateValue(pair.value), keys: fields.all))
        }
        data.field(fields[.title], text: document.title ?? context.fallbackTitle)
        data.field(fields[.description], document.frontMatter.description.map { data.text($0) } ?? .null)
        data.field(fields[.canonical], context.canonicalURL.map { data.text($0) } ?? .null)
        data.field(fields[.editURL], context.editURL.map { data.text($0) } ?? .null)
        let pageValue = data.endObject(page)
        let site = data.begin()
        data.field(fields[.title], context.siteTitle.isEmpty ? .null : data.text(context.siteTitle))
        let siteValue = data.endObject(site)
        let toc = data.addTOC(document.sections, depth: context.tocDepth, fields)
        let navigation = folder.map { data.add($0, fields) } ?? data.add(context.navigation, fields)
        let breadcrumbs = data.add(context.breadcrumbs, fields)
        let previous = data.add(context.previous, fields)
        let next = data.add(context.next, fields)
        let root = data.begin()
        data.field(fields[.site], siteValue)
        data.field(fields[.page], pageValue)
        data.field(fields[.lang], text: context.language)
        data.field(fields[.root], text: context.rootPath)
        data.field(fields[.css], data.sharedText(cssRange))
        data.field(fields[.script], data.sharedText(scriptRange))
        data.field(fields[.stylesheetURL], context.stylesheetURL.map { data.text($0) } ?? .null)
        data.field(fields[.scriptURL], context.scriptURL.map { data.text($0) } ?? .null)
        data.field(fields[.content], data.text(content))
        data.field(fields[.toc], toc)
        data.field(fields[.hasTOC], .bool(toc.count > 0))
        data.field(fields[.navigation], navigation)
        data.field(fields[.hasNavigation], .bool(folder != nil || !context.navigation.isEmpty))
        data.field(fields[.breadcrumbs], breadcrumbs)
        data.field(fields[.hasBreadcrumbs], .bool(!context.breadcrumbs.isEmpty))
        data.field(fields[.search], .bool(context.hasSearch))
        data.field(fields[.pageHash], context.pageHash.isEmpty ? .null : data.text(context.pageHash))
        data.field(fields[.rememberFolds], .bool(context.remembersFolds))
        data.field(fields[.hasPager], .bool(context.previous != nil || context.next != nil))
        data.field(fields[.previous], previous)
        data.field(fields[.next], next)
        return data.endObject(root)
    }

    /// Sections of at least this many words end with a button that folds them, so that a
    /// reader at the bottom of a long section need not scroll back up to its heading.
    public static let longSectionWords = 300
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
