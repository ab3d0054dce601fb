import CCmark
import Foundation
import Sections
import Testing

@Suite struct SectionTreeTests {
    @Test func pageWithoutHeadingsIsAllPreamble() throws {
        let page = try Document(parsing: "Hello *world*.\n\n- a\n- b\n")
        #expect(page.sections.isEmpty)
        #expect(page.preamble.html == "<p>Hello <em>world</em>.</p>\n<ul>\n<li>a</li>\n<li>b</li>\n</ul>\n")
    }

    @Test func emptyPageHasNothing() throws {
        let page = try Document(parsing: "")
        #expect(page.sections.isEmpty)
        #expect(page.preamble.isEmpty)
    }

    @Test func onlyHeadingsMakeEmptySections() throws {
        let page = try Document(parsing: "# A\n## B\n# C\n")
        #expect(page.sections.map(\.title) == ["A", "C"])
        #expect(page.sections[0].children.map(\.title) == ["B"])
        #expect(page.allSections.allSatisfy { $0.body.isEmpty })
    }

    @Test func bodyGoesToTheDeepestOpenSection() throws {
        let page = try Document(parsing: "intro\n# A\na\n## B\nb\n# C\nc\n")
        #expect(page.preamble.html == "<p>intro</p>\n")
        #expect(page.sections[0].body.html == "<p>a</p>\n")
        #expect(page.sections[0].children[0].body.html == "<p>b</p>\n")
        #expect(page.sections[1].body.html == "<p>c</p>\n")
    }

    @Test func skippedLevelNestsUnderNearestShallower() throws {
        let page = try Document(parsing: "# A\n### C\n## B\n#### D\n# E\n")
        #expect(page.sections.map(\.title) == ["A", "E"])
        #expect(page.sections[0].children.map(\.title) == ["C", "B"])
        #expect(page.sections[0].children[1].children.map(\.title) == ["D"])
        #expect(page.sections[0].children[1].children[0].level == 4)
    }

    @Test func pageMayStartBelowLevelOne() throws {
        let page = try Document(parsing: "### Deep\n## Shallower\n# Top\n")
        #expect(page.sections.map(\.title) == ["Deep", "Shallower", "Top"])
    }

    @Test func setextHeadingsAreSections() throws {
        let page = try Document(parsing: "Title\n=====\n\nSub\n---\ntext\n")
        #expect(page.sections.map(\.level) == [1])
        #expect(page.sections[0].children.map(\.title) == ["Sub"])
        #expect(page.sections[0].children[0].level == 2)
        #expect(page.sections[0].children[0].body.html == "<p>text</p>\n")
    }

    @Test func headingsInQuotesAndListsAreContent() throws {
        let page = try Document(parsing: "# A\n> ## Quoted\n\n- ## Listed\n")
        #expect(page.sections.count == 1)
        #expect(page.sections[0].children.isEmpty)
        #expect(page.sections[0].body.html.contains("<h2>Quoted</h2>"))
        #expect(page.sections[0].body.html.contains("<h2>Listed</h2>"))
    }

    @Test func duplicateTitlesGetNumberedIDs() throws {
        let page = try Document(parsing: "# Setup\n## Setup\n# Setup\n# Setup 1\n")
        #expect(page.allSections.map(\.id) == ["setup", "setup-1", "setup-2", "setup-1-1"])
    }

    @Test func emptyHeadingGetsAnID() throws {
        let page = try Document(parsing: "#\n#\n")
        #expect(page.allSections.map(\.id) == ["section", "section-1"])
        #expect(page.allSections.map(\.title) == ["", ""])
    }

    @Test func titleKeepsInlineMarkupAndPlainText() throws {
        let page = try Document(parsing: "# Use `swift build` *now*\n")
        #expect(page.sections[0].title == "Use swift build now")
        #expect(page.sections[0].titleHTML.html == "Use <code>swift build</code> <em>now</em>")
        #expect(page.sections[0].id == "use-swift-build-now")
    }

    @Test func htmlInTitlesIsEscapedOrDropped() throws {
        let page = try Document(parsing: "# a <script>alert(1)</script> & b\n")
        #expect(
            page.sections[0].titleHTML.html == "a <!-- raw HTML omitted -->alert(1)<!-- raw HTML omitted --> &amp; b")
        #expect(page.sections[0].title == "a alert(1) & b")
        #expect(page.sections[0].id == "a-alert1--b")
    }

    /// Headings of text alone get their HTML without a render by cmark: it must be what
    /// cmark's renderer writes, which escapes `&`, `<`, `>` and `"` but not `'`.
    @Test(arguments: [
        "Fish & \"chips\" 'quoted' / slash", "1 < 2 > 0", "Caf\u{E9} &amp; &#x3C; \\< \\>", "a_b [c] !d *e",
        "Plain words", "Setext\nover two lines", "Raw <b>tag</b> and *emphasis*",
    ])
    func plainTitlesMatchCmark(text: String) throws {
        let markdown = text.contains("\n") ? "\(text)\n===\n" : "# \(text)\n"
        let html = try #require(try Document(parsing: markdown).sections.first).titleHTML.html
        let rendered = try #require(cmark_markdown_to_html(markdown, markdown.utf8.count, CMARK_OPT_DEFAULT))
        defer { free(rendered) }
        #expect(String(cString: rendered) == "<h1>\(html)</h1>\n")
    }

    @Test func rawHTMLPassesOnlyWhenAllowed() throws {
        let markdown = "<div>x</div>\n\n# <b>B</b>\n"
        let safe = try Document(parsing: markdown)
        #expect(safe.preamble.html == "<!-- raw HTML omitted -->\n")
        let unsafe = try Document(parsing: markdown, options: ParseOptions(allowsRawHTML: true))
        #expect(unsafe.preamble.html == "<div>x</div>\n")
        #expect(unsafe.sections[0].titleHTML.html == "<b>B</b>")
    }

    @Test func headingLinesAreFileLines() throws {
        let page = try Document(parsing: "---\ntitle: T\n---\n\n# A\n\ntext\n\n## B\n")
        #expect(page.allSections.map(\.line) == [5, 9])
    }

    @Test func sectionsAreOpenUnlessFolded() throws {
        let page = try Document(parsing: "# A\n# B {.collapsed}\n")
        #expect(page.sections.map(\.isCollapsed) == [false, true])
    }

    @Test func pageDefaultFoldsAndOpenOverrides() throws {
        let page = try Document(parsing: "---\ncollapsed: true\n---\n# A\n# B {.open}\n")
        #expect(page.sections.map(\.isCollapsed) == [true, false])
    }

    @Test func siteDefaultAppliesWhenPageIsSilent() throws {
        let options = ParseOptions(foldRules: FoldRules(collapsed: true))
        #expect(try Document(parsing: "## A\n", options: options).sections[0].isCollapsed)
        #expect(try !Document(parsing: "---\ncollapsed: false\n---\n## A\n", options: options).sections[0].isCollapsed)
    }

    @Test func documentTitleFallsBackToFirstHeading() throws {
        #expect(try Document(parsing: "# First\n# Second").title == "First")
        #expect(try Document(parsing: "---\ntitle: Front\n---\n# First").title == "Front")
        #expect(try Document(parsing: "text").title == nil)
    }

    @Test func fiftyThousandHeadingsStayLinear() throws {
        let markdown = (1...50_000).map { "## Heading \($0 % 100)\ntext\n" }.joined()
        let page = try Document(parsing: markdown)
        #expect(page.sections.count == 50_000)
        #expect(Set(page.sections.map(\.id)).count == 50_000)
    }
}
