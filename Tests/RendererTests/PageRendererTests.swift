import Foundation
import Renderer
import Sections
import Testing

@Suite struct PageRendererTests {
    static let golden = RepositoryTheme.packageRoot.appending(path: "Tests/RendererTests/Golden")

    /// Renders each `Golden/*.md` and compares with the `.html` beside it. Run with
    /// `FOLDMARK_UPDATE_GOLDEN=1` to rewrite the expected files after a deliberate change.
    @Test(arguments: ["nested"])
    func matchesGoldenFile(name: String) throws {
        let markdown = try String(contentsOf: Self.golden.appending(path: name + ".md"), encoding: .utf8)
        let renderer = try PageRenderer(theme: try RepositoryTheme.bareLayout())
        let html = renderer.render(try Document(parsing: markdown), context: PageContext())
        let expectedURL = Self.golden.appending(path: name + ".html")
        if ProcessInfo.processInfo.environment["FOLDMARK_UPDATE_GOLDEN"] != nil {
            try html.write(to: expectedURL, atomically: true, encoding: .utf8)
        }
        #expect(html == (try String(contentsOf: expectedURL, encoding: .utf8)))
    }

    @Test func defaultThemeMakesACompleteStandalonePage() throws {
        let renderer = try PageRenderer(theme: try RepositoryTheme.load())
        let document = try Document(parsing: "# A\n## B {.collapsed}\ntext\n# C\n")
        let html = renderer.render(
            document, context: PageContext(siteTitle: "Docs", language: "de", fallbackTitle: "file"))
        #expect(html.hasPrefix("<!doctype html>\n<html lang=\"de\">"))
        #expect(html.contains("<meta charset=\"utf-8\">"))
        #expect(html.contains("<title>A · Docs</title>"))
        #expect(html.components(separatedBy: "<main").count == 2)
        #expect(html.components(separatedBy: "<details ").count - 1 == 3)
        #expect(html.contains("<details class=\"fm-section\" id=\"b\">"))
        #expect(html.contains("<details class=\"fm-section\" id=\"a\" open>"))
        #expect(html.contains("<style>") && html.contains("<script>"))
        #expect(!html.contains("<link ") && !html.contains(" src="))
    }

    @Test func aPageTitleIsAPlainHeadingBeforeItsLeadAndSections() throws {
        let renderer = try PageRenderer(theme: try RepositoryTheme.bareLayout())
        let document = try Document(parsing: "---\ncollapsed: true\n---\n# T {#top .wide}\nThe lead.\n## A\ntext\n")
        let content = renderer.renderContent(document)
        #expect(
            content.hasPrefix(
                "<h1 class=\"fm-title wide\" id=\"top\">T</h1>\n<p>The lead.</p>\n\n<div class=\"fm-fold\">\n"
                    + "<h2 class=\"fm-heading\" id=\"a~title\">A</h2>\n<details class=\"fm-section\" id=\"a\">\n"))
        #expect(content.components(separatedBy: "<details ").count - 1 == 1)
        #expect(!content.contains("Collapse “T”"))
    }

    @Test func aTabsSectionRendersItsSubsectionsAsTabsAndPanels() throws {
        let renderer = try PageRenderer(theme: try RepositoryTheme.bareLayout())
        let document = try Document(parsing: "## I {.tabs}\n### A & B\none\n### C\n#### D\ntwo\n")
        let content = renderer.renderContent(document)
        #expect(
            content.contains(
                "<div class=\"fm-tabs\">\n<div class=\"fm-tablist\" role=\"tablist\" aria-label=\"I\" hidden>\n"
                    + "<button type=\"button\" class=\"fm-tab\" role=\"tab\" aria-controls=\"a--b\""
                    + " aria-selected=\"false\" tabindex=\"-1\">A &amp; B</button>\n"))
        #expect(
            content.contains(
                "<div class=\"fm-tab-panel\" id=\"a--b\">\n<h3 class=\"fm-tab-heading\">A &amp; B</h3>\n<p>one</p>\n"))
        #expect(content.contains("<div class=\"fm-tab-panel\" id=\"c\">\n<h3 class=\"fm-tab-heading\">C</h3>\n"))
        // The panels are no sections; what they hold is.
        #expect(content.components(separatedBy: "<details ").count - 1 == 2)
        #expect(content.contains("<details class=\"fm-section\" id=\"d\" open>"))
        // Without subsections there is no tab set.
        #expect(!renderer.renderContent(try Document(parsing: "## I {.tabs}\ntext\n")).contains("fm-tabs\""))
    }

    @Test func frontMatterAndConfigValuesAreEscaped() throws {
        let renderer = try PageRenderer(theme: try RepositoryTheme.load())
        let document = try Document(
            parsing: "---\ntitle: \"</title><script>alert(1)</script>\"\ndescription: '\" onload=\"x'\n---\ntext\n")
        let html = renderer.render(document, context: PageContext(siteTitle: "<b>Site</b>", language: "en\"x"))
        #expect(!html.contains("<script>alert"))
        #expect(html.contains("<title>&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt; · &lt;b&gt;Site&lt;/b&gt;</title>"))
        #expect(html.contains("content=\"&quot; onload=&quot;x\""))
        #expect(html.contains("lang=\"en&quot;x\""))
    }

    @Test func fallbackTitleWhenPageHasNone() throws {
        let renderer = try PageRenderer(theme: try RepositoryTheme.load())
        let html = renderer.render(try Document(parsing: "just text"), context: PageContext(fallbackTitle: "notes"))
        #expect(html.contains("<title>notes</title>"))
    }

    @Test func missingThemeFileIsReported() throws {
        var theme = try RepositoryTheme.load()
        theme.files[Theme.sectionFile] = nil
        #expect(throws: RenderError(file: "section.html", message: "the theme has no 'section.html'")) {
            try PageRenderer(theme: theme)
        }
    }

    @Test func templateSyntaxErrorNamesFileAndLine() throws {
        let theme = try RepositoryTheme.load().overriding(with: [Theme.layoutFile: "<p>\n{{#sections}}\n"])
        let error = try #require(throws: RenderError.self) { try PageRenderer(theme: theme) }
        #expect(error.file == "page.html")
        #expect(error.line == 2)
    }
}
