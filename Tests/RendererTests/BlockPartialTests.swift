import Renderer
import Sections
import Testing

/// The partials that lay out foldmark's blocks (`callout.html`, `code-block.html`,
/// `table.html`, `task-checkbox.html`), overridden one by one as a site's `Templates/` does.
@Suite struct BlockPartialTests {
    static let overrides = [
        "callout.html": "<aside class=\"{{kind}}{{#foldable}} fold{{/foldable}}{{^open}} shut{{/open}}\">"
            + "{{#titleHTML}}{{{titleHTML}}}{{/titleHTML}}{{^titleHTML}}-{{/titleHTML}}|{{{body}}}</aside>\n",
        "code-block.html": "<figure data-lang=\"{{language}}\" data-options=\"{{options}}\">{{text}}</figure>\n",
        "table.html":
            "<grid>{{#header}}[{{align}}:{{{html}}}]{{/header}}{{#rows}}/{{#cells}}[{{{html}}}]{{/cells}}{{/rows}}</grid>\n",
        "task-checkbox.html": "{{#checked}}☑{{/checked}}{{^checked}}☐{{/checked}}",
    ]

    static func render(_ markdown: String, overriding names: [String]) throws -> String {
        let theme = try RepositoryTheme.load().overriding(with: overrides.filter { names.contains($0.key) })
        return try PageRenderer(theme: theme).renderContent(Document(parsing: markdown))
    }

    @Test func aCalloutIsLaidOutByCalloutHTML() throws {
        let html = try Self.render("> [!TIP]- *Hint*\n> Body\n\n> [!NOTE]\n", overriding: ["callout.html"])
        #expect(
            html
                == "<aside class=\"tip fold shut\"><em>Hint</em>|<p>Body</p>\n</aside>\n<aside class=\"note\">-|</aside>\n"
        )
    }

    @Test func aCodeBlockIsLaidOutByCodeBlockHTML() throws {
        let html = try Self.render("```sh {.x}\necho '<hi>'\n```\n\n    plain\n", overriding: ["code-block.html"])
        #expect(
            html == "<figure data-lang=\"sh\" data-options=\"{.x}\">echo &#39;&lt;hi&gt;&#39;\n</figure>\n"
                + "<figure data-lang=\"\" data-options=\"\">plain\n</figure>\n")
    }

    @Test func aTableIsLaidOutByTableHTML() throws {
        let html = try Self.render("| a | *b* |\n|:-:|---|\n| 1 |\n", overriding: ["table.html"])
        #expect(html == "<grid>[center:a][:<em>b</em>]/[1][]</grid>\n")
    }

    @Test func aTaskItemsCheckboxIsLaidOutByTaskCheckboxHTML() throws {
        let html = try Self.render("- [ ] open\n- [x] done\n", overriding: ["task-checkbox.html"])
        #expect(html == "<ul>\n<li>☐ open</li>\n<li>☑ done</li>\n</ul>\n")
    }

    /// Blocks nest: a callout's body holds the others, each through its own partial.
    @Test func blocksInsideACalloutUseTheirPartialsToo() throws {
        let html = try Self.render(
            "> [!NOTE]\n> - [x] a\n>\n> ```\n> b\n> ```\n", overriding: Array(Self.overrides.keys))
        #expect(
            html == "<aside class=\"note\">-|<ul>\n<li>☑ a</li>\n</ul>\n"
                + "<figure data-lang=\"\" data-options=\"\">b\n</figure>\n</aside>\n")
    }

    /// Every kind's flag is set on each callout, so a callout inside another of a different
    /// kind shows only its own icon and title.
    @Test func aCalloutInsideAnotherShowsOnlyItsOwnKind() throws {
        let html = try Self.render("> [!WARNING]\n> > [!NOTE]\n> > x\n", overriding: [])
        #expect(html.components(separatedBy: "<svg ").count == 3)
        #expect(html.components(separatedBy: "M8 7.25v4M8 4.9v.1").count == 2)  // the note's icon, once
        #expect(html.components(separatedBy: "<span class=\"fm-callout-label\">").count == 3)
        #expect(html.contains("<span class=\"fm-callout-label\">Note</span>"))
        #expect(!html.contains("NoteWarning") && !html.contains("WarningNote"))
    }

    @Test func aThemeWithoutAPartialLeavesItsBlocksOut() throws {
        var theme = try RepositoryTheme.load()
        theme.files["table.html"] = nil
        let html = try PageRenderer(theme: theme).renderContent(Document(parsing: "a\n\n| t |\n|---|\n\nb\n"))
        #expect(html == "<p>a</p>\n<p>b</p>\n")
    }
}
