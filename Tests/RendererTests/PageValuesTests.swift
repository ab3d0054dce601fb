import Sections
import Testing

@testable import Renderer

/// ``PageRenderer`` lays its values out flat for rendering (`TemplateData`), with only the
/// names its templates use. These tests render the same pages with the values built as a
/// plain ``TemplateValue`` tree, as `Content/reference/templates.md` documents them, and
/// expect the same bytes, for themes that use every value, look names up through the
/// context stack and read the page's front matter.
@Suite struct PageValuesTests {
    /// A layout and partials that use every value, from inside lists and sections too:
    /// `nav-item` and `toc-item` read names of the page and the site through the stack.
    static let everyValue: [String: String] = [
        Theme.layoutFile: """
        {{lang}}|{{root}}|{{page.title}}|{{page.description}}|{{page.canonical}}|{{site.title}}
        {{#page}}{{title}}/{{author}}/{{#tags}}<{{.}}>{{/tags}}/{{meta.year}}/{{meta.missing}}{{/page}}
        {{^page.nothing}}no{{/page.nothing}}{{#stylesheetURL}}S={{stylesheetURL}}{{/stylesheetURL}}
        {{^stylesheetURL}}{{css}}{{/stylesheetURL}}{{#scriptURL}}{{scriptURL}}{{/scriptURL}}{{^scriptURL}}{{{script}}}{{/scriptURL}}
        {{#hasNavigation}}<ul>
        {{#navigation}}
          {{> nav-item}}
        {{/navigation}}
        </ul>{{/hasNavigation}}
        {{#hasBreadcrumbs}}{{#breadcrumbs}}[{{title}}]({{href}}) {{page.title}}{{/breadcrumbs}}{{/hasBreadcrumbs}}
        {{#hasTOC}}{{#toc}}{{> toc-item}}{{/toc}}{{/hasTOC}}{{^hasTOC}}no toc{{/hasTOC}}
        {{#search}}search{{/search}}{{#rememberFolds}}remember{{/rememberFolds}}{{pageHash}}
        {{#hasPager}}{{#previous}}<{{title}} {{href}}{{/previous}}{{#next}}>{{title}} {{href}}{{/next}}{{/hasPager}}
        {{{content}}}{{content}}{{.}}{{navigation}}{{hasTOC}}
        """,
        "nav-item.html": """
        <li{{#current}} now{{/current}}{{#folder}} dir{{/folder}}{{#open}} open{{/open}}>{{title}} {{href}} \
        {{page.title}} {{lang}} {{id}}{{#hasChildren}}
          {{#children}}
          {{> nav-item}}
          {{/children}}
        {{/hasChildren}}</li>
        """,
        "toc-item.html":
            "({{id}} {{title}} {{root}} {{#hasChildren}}{{#children}}{{> toc-item}}{{/children}}{{/hasChildren}})",
        Theme.sectionFile: """
        <s id="{{id}}" {{level}} {{title}} {{{titleHTML}}} {{#open}}open{{/open}}{{#classes}} .{{.}}{{/classes}} \
        {{accordion}}{{#long}} long{{/long}} {{preamble}}>{{{body}}}{{#children}}{{> section}}{{/children}}</s>
        """,
    ]

    static let markdown = """
        ---
        title: "A & B"
        author: "<me>"
        tags: [one, "two & three"]
        meta:
          year: 2024
        description: "about 'this'"
        ---
        Preamble <em>here</em>.

        # First {#first .collapsed .wide}
        Text of the first.
        ## Inner "quoted"
        More.
        ### Deep
        #### Deeper
        # Second
        End.
        """

    static func context(navigation: Bool, links: Bool) -> PageContext {
        let child = NavigationItem(link: PageLink(title: "Child <1>", href: "a/child.html"), isCurrent: true)
        var context = PageContext(
            siteTitle: "Site \"x\"", language: "de", fallbackTitle: "file", rootPath: "../",
            canonicalURL: "https://example.org/a/b.html",
            navigation: navigation
                ? [
                    NavigationItem(link: PageLink(title: "Home", href: "../index.html")),
                    NavigationItem(
                        link: PageLink(title: "A & folder", href: "index.html"), isFolder: true, isOpen: true,
                        children: [child, NavigationItem(link: PageLink(title: "Other", href: "other.html"))]),
                ] : [],
            breadcrumbs: links ? [PageLink(title: "Home", href: "../index.html")] : [],
            previous: links ? PageLink(title: "Before", href: "before.html") : nil, tocDepth: 2)
        context.pageHash = links ? "abc123" : ""
        context.hasSearch = links
        context.remembersFolds = !links
        if links {
            context.stylesheetURL = "../style.css"
            context.scriptURL = "../script.js"
        }
        return context
    }

    /// The names written out in ``PageFields/names`` are the cases' own, in their order.
    @Test func fieldNamesAreTheCaseNames() {
        #expect(PageFields.names == PageFields.Name.allCases.map { String(describing: $0) })
    }

    @Test(arguments: [false, true], [false, true])
    func everyValueRendersAsFromAPlainTree(navigation: Bool, links: Bool) throws {
        try expectSameAsPlainTree(theme: RepositoryTheme.load().overriding(with: Self.everyValue), navigation, links)
    }

    @Test(arguments: [false, true], [false, true])
    func defaultThemeRendersAsFromAPlainTree(navigation: Bool, links: Bool) throws {
        try expectSameAsPlainTree(theme: RepositoryTheme.load(), navigation, links)
    }

    private func expectSameAsPlainTree(theme: Theme, _ navigation: Bool, _ links: Bool) throws {
        let renderer = try PageRenderer(theme: theme)
        let document = try Document(parsing: Self.markdown)
        let context = Self.context(navigation: navigation, links: links)
        let partials = Dictionary(
            uniqueKeysWithValues: theme.files.filter { $0.key.hasSuffix(".html") }.map {
                (String($0.key.dropLast(5)), $0.value)
            })
        let contentTemplate = try Template(
            "{{{preamble}}}{{#sections}}{{> section}}{{/sections}}", partials: partials)
        let content = contentTemplate.render(PlainValues.content(document))
        #expect(renderer.renderContent(document) == content)

        let layout = try Template(theme.files[Theme.layoutFile]!, partials: partials)
        let expected = layout.render(
            PlainValues.page(document, content: content, context: context, css: renderer.css, script: renderer.script))
        #expect(renderer.renderPage(document, content: content, context: context) == expected)
    }
}
