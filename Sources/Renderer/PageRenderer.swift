import Sections

/// Renders a ``Document`` into a complete, standalone HTML page with a ``Theme``.
///
/// The templates are compiled once, in `init`, and reused for every page; one renderer
/// can be shared by all threads of a build.
public struct PageRenderer: Sendable {
    private let layout: Template
    private let css: String
    private let script: String

    public init(theme: Theme) throws(RenderError) {
        for name in Theme.requiredFiles where theme.files[name] == nil {
            throw RenderError(file: name, message: "the theme has no '\(name)'")
        }
        let partials = Dictionary(
            theme.files.filter { $0.key.hasSuffix(".html") }.map { (Self.partialName($0.key), $0.value) },
            uniquingKeysWith: { first, _ in first })
        do {
            layout = try Template(theme.files[Theme.layoutFile]!, partials: partials)
        } catch {
            throw RenderError(
                file: error.template.map { $0 + ".html" } ?? Theme.layoutFile, line: error.line, column: error.column,
                message: error.message)
        }
        css = theme.files[Theme.styleFile]!
        script = theme.files[Theme.scriptFile]!
    }

    /// `section.html` is included as `{{> section}}`.
    static func partialName(_ file: String) -> String {
        file.hasSuffix(".html") ? String(file.dropLast(5)) : file
    }

    public func render(_ document: Document, context: PageContext) -> String {
        layout.render(values(for: document, context: context))
    }

    /// The values the layout sees; documented in `Content/reference/templates.md`.
    func values(for document: Document, context: PageContext) -> TemplateValue {
        var page: [String: TemplateValue] = [:]
        for pair in document.frontMatter.values {
            page[pair.key] = TemplateValue(pair.value)
        }
        page["title"] = .string(document.title ?? context.fallbackTitle)
        page["description"] = document.frontMatter.description.map(TemplateValue.string) ?? .null
        return .object([
            "site": .object(["title": context.siteTitle.isEmpty ? .null : .string(context.siteTitle)]),
            "page": .object(page),
            "lang": .string(context.language),
            "root": .string(context.rootPath),
            "css": .string(css),
            "script": .string(script),
            "preamble": .string(document.preamble.html),
            "sections": .list(document.sections.map(Self.value(for:))),
        ])
    }

    static func value(for section: Section) -> TemplateValue {
        .object([
            "id": .string(section.id),
            "level": .number(Double(section.level)),
            "title": .string(section.title),
            "titleHTML": .string(section.titleHTML.html),
            "open": .bool(!section.isCollapsed),
            "classes": .list(section.classes.map(TemplateValue.string)),
            "body": .string(section.body.html),
            "children": .list(section.children.map(value(for:))),
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
            self = .object(Dictionary(pairs.map { ($0.key, TemplateValue($0.value)) }, uniquingKeysWith: { _, last in last }))
        }
    }
}
