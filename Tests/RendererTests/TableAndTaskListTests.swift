import Sections
import Testing

/// A GFM spec example: its Markdown and the HTML that GFM 0.29 gives for it.
struct SpecExample: Sendable, CustomTestStringConvertible {
    var number: Int
    var markdown: String
    var html: String
    var testDescription: String { "GFM example \(number)" }
}

/// foldmark's HTML in the spec's form: tables lose their scrolling wrapper, and cells are
/// aligned with `style` since the HTML checker rejects the spec's obsolete `align`.
private func normalized(_ html: String) -> String {
    html.replacing("<div class=\"fm-table\" tabindex=\"0\">\n", with: "").replacing("</table>\n</div>\n", with: "</table>\n")
}

private func specHTML(_ html: String) -> String {
    ["left", "center", "right"].reduce(html) { html, alignment in
        html.replacing("align=\"\(alignment)\"", with: "style=\"text-align: \(alignment);\"")
    }
}

@Suite struct PipeTableTests {
    static let specExamples = [
        SpecExample(
            number: 198, markdown: "| foo | bar |\n| --- | --- |\n| baz | bim |\n",
            html: "<table>\n<thead>\n<tr>\n<th>foo</th>\n<th>bar</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n"
                + "<td>baz</td>\n<td>bim</td>\n</tr>\n</tbody>\n</table>\n"),
        SpecExample(
            number: 199, markdown: "| abc | defghi |\n:-: | -----------:\nbar | baz\n",
            html: "<table>\n<thead>\n<tr>\n<th align=\"center\">abc</th>\n<th align=\"right\">defghi</th>\n</tr>\n"
                + "</thead>\n<tbody>\n<tr>\n<td align=\"center\">bar</td>\n<td align=\"right\">baz</td>\n</tr>\n"
                + "</tbody>\n</table>\n"),
        SpecExample(
            number: 200, markdown: "| f\\|oo  |\n| ------ |\n| b `\\|` az |\n| b **\\|** im |\n",
            html: "<table>\n<thead>\n<tr>\n<th>f|oo</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n"
                + "<td>b <code>|</code> az</td>\n</tr>\n<tr>\n<td>b <strong>|</strong> im</td>\n</tr>\n"
                + "</tbody>\n</table>\n"),
        SpecExample(
            number: 201, markdown: "| abc | def |\n| --- | --- |\n| bar | baz |\n> bar\n",
            html: "<table>\n<thead>\n<tr>\n<th>abc</th>\n<th>def</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n"
                + "<td>bar</td>\n<td>baz</td>\n</tr>\n</tbody>\n</table>\n<blockquote>\n<p>bar</p>\n</blockquote>\n"),
        SpecExample(
            number: 202, markdown: "| abc | def |\n| --- | --- |\n| bar | baz |\nbar\n\nbar\n",
            html: "<table>\n<thead>\n<tr>\n<th>abc</th>\n<th>def</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n"
                + "<td>bar</td>\n<td>baz</td>\n</tr>\n<tr>\n<td>bar</td>\n<td></td>\n</tr>\n</tbody>\n</table>\n"
                + "<p>bar</p>\n"),
        SpecExample(
            number: 203, markdown: "| abc | def |\n| --- |\n| bar |\n",
            html: "<p>| abc | def |\n| --- |\n| bar |</p>\n"),
        SpecExample(
            number: 204, markdown: "| abc | def |\n| --- | --- |\n| bar |\n| bar | baz | boo |\n",
            html: "<table>\n<thead>\n<tr>\n<th>abc</th>\n<th>def</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n"
                + "<td>bar</td>\n<td></td>\n</tr>\n<tr>\n<td>bar</td>\n<td>baz</td>\n</tr>\n</tbody>\n</table>\n"),
        SpecExample(
            number: 205, markdown: "| abc | def |\n| --- | --- |\n",
            html: "<table>\n<thead>\n<tr>\n<th>abc</th>\n<th>def</th>\n</tr>\n</thead>\n</table>\n"),
    ]

    @Test(arguments: specExamples) func specExampleGivesSpecHTML(_ example: SpecExample) throws {
        let page = try Document(parsing: example.markdown)
        #expect(normalized(page.preamble.rendered) == specHTML(example.html))
    }

    @Test func tableIsWrappedToScrollSideways() throws {
        let page = try Document(parsing: "a | b\n--|--\n")
        #expect(page.preamble.rendered.hasPrefix("<div class=\"fm-table\" tabindex=\"0\">\n<table>\n"))
        #expect(page.preamble.rendered.hasSuffix("</table>\n</div>\n"))
    }

    @Test func tableInsideListItem() throws {
        let page = try Document(parsing: "- item\n\n  | a | b |\n  | - | - |\n  | 1 | 2 |\n")
        #expect(
            normalized(page.preamble.rendered)
                == "<ul>\n<li>\n<p>item</p>\n<table>\n<thead>\n<tr>\n<th>a</th>\n<th>b</th>\n</tr>\n</thead>\n"
                + "<tbody>\n<tr>\n<td>1</td>\n<td>2</td>\n</tr>\n</tbody>\n</table>\n</li>\n</ul>\n")
    }

    @Test func tableOnListItemsFirstLineInsideBlockQuote() throws {
        let page = try Document(parsing: "> 1. a | b\n>    --|--\n>    1 | 2\n")
        #expect(
            normalized(page.preamble.rendered)
                == "<blockquote>\n<ol>\n<li>\n<table>\n<thead>\n<tr>\n<th>a</th>\n<th>b</th>\n</tr>\n</thead>\n"
                + "<tbody>\n<tr>\n<td>1</td>\n<td>2</td>\n</tr>\n</tbody>\n</table>\n</li>\n</ol>\n</blockquote>\n")
    }

    @Test func tableInsideBlockQuoteEndsAtLazyLine() throws {
        let page = try Document(parsing: "> a | b\n> --|--\n> 1 | 2\nlazy\n")
        #expect(
            normalized(page.preamble.rendered)
                == "<blockquote>\n<table>\n<thead>\n<tr>\n<th>a</th>\n<th>b</th>\n</tr>\n</thead>\n"
                + "<tbody>\n<tr>\n<td>1</td>\n<td>2</td>\n</tr>\n</tbody>\n</table>\n<p>lazy</p>\n</blockquote>\n")
    }

    @Test func lazyDelimiterRowMakesNoTable() throws {
        let page = try Document(parsing: "> abc | def\n----|-----\n")
        #expect(page.preamble.rendered == "<blockquote>\n<p>abc | def\n----|-----</p>\n</blockquote>\n")
    }

    @Test func codeBlockWithPipesIsUntouched() throws {
        let markdown = "```\n| a | b |\n| - | - |\n```\n\n    | a | b |\n    | - | - |\n"
        let html = try Document(parsing: markdown).preamble.rendered
        #expect(html.ranges(of: "<pre><code>| a | b |\n| - | - |\n</code></pre>").count == 2)
        #expect(!html.contains("<table>"))
    }

    @Test func linesBeforeHeaderStayAParagraph() throws {
        let page = try Document(parsing: "Some *intro*\ntext:\n| a |\n| - |\n| 1 |\n")
        #expect(
            normalized(page.preamble.rendered)
                == "<p>Some <em>intro</em>\ntext:</p>\n<table>\n<thead>\n<tr>\n<th>a</th>\n</tr>\n</thead>\n"
                + "<tbody>\n<tr>\n<td>1</td>\n</tr>\n</tbody>\n</table>\n")
    }

    @Test func escapedPipesInCodeSpansStayInTheirCell() throws {
        let page = try Document(parsing: "| op | meaning |\n|----|---------|\n| `a \\|\\| b` | or |\n")
        #expect(normalized(page.preamble.rendered).contains("<td><code>a || b</code></td>\n<td>or</td>\n"))
    }

    @Test func cellsAreInlinesOnly() throws {
        let page = try Document(
            parsing: "| h |\n|---|\n| # not a heading |\n| - not a list |\n| [x]: /not-a-definition |\n")
        #expect(
            normalized(page.preamble.rendered).contains(
                "<td># not a heading</td>\n</tr>\n<tr>\n<td>- not a list</td>\n</tr>\n<tr>\n"
                    + "<td>[x]: /not-a-definition</td>"))
    }

    @Test func rawHTMLInCellIsOmittedInSafeMode() throws {
        let markdown = "| a |\n|---|\n| <b>bold</b> [x](javascript:alert(1)) |\n"
        let safe = try Document(parsing: markdown)
        #expect(
            safe.preamble.rendered.contains(
                "<td><!-- raw HTML omitted -->bold<!-- raw HTML omitted --> <a href=\"\">x</a></td>"))
        let unsafe = try Document(parsing: markdown, options: ParseOptions(allowsRawHTML: true))
        #expect(unsafe.preamble.rendered.contains("<td><b>bold</b> <a href=\"javascript:alert(1)\">x</a></td>"))
    }

    @Test func linkInCellIsRewrittenAndReportedWhereWritten() throws {
        let markdown = "---\ntitle: T\n---\n| page | see |\n|---|---|\n| a | [guide](guide.md#setup) and [b](b.md) |\n"
        let page = try Document(parsing: markdown) { url in url.replacing(".md", with: ".html") }
        #expect(page.preamble.rendered.contains("<a href=\"guide.html#setup\">guide</a> and <a href=\"b.html\">b</a>"))
        #expect(
            page.links == [Link(url: "guide.md#setup", line: 6, column: 7), Link(url: "b.md", line: 6, column: 35)])
    }

    @Test func headingsAroundTableKeepTheirSections() throws {
        let page = try Document(parsing: "# A\n| x | y |\n|---|---|\n| 1 | 2 |\n## B\ntext\n")
        #expect(page.sections.map(\.title) == ["A"])
        #expect(page.sections[0].children.map(\.title) == ["B"])
        #expect(normalized(page.sections[0].body.rendered).hasPrefix("<table>\n<thead>\n<tr>\n<th>x</th>"))
        #expect(page.sections[0].children[0].body.rendered == "<p>text</p>\n")
    }

    @Test func delimiterRowNeedsAPipeSomewhere() throws {
        let page = try Document(parsing: "Some text\n:--\n")
        #expect(page.preamble.rendered == "<p>Some text\n:--</p>\n")
    }
}

@Suite struct TaskListTests {
    static let specExamples = [
        SpecExample(
            number: 279, markdown: "- [ ] foo\n- [x] bar\n",
            html: "<ul>\n<li><input disabled=\"\" type=\"checkbox\" aria-label=\"foo\"> foo</li>\n"
                + "<li><input checked=\"\" disabled=\"\" type=\"checkbox\" aria-label=\"bar\"> bar</li>\n</ul>\n"),
        SpecExample(
            number: 280, markdown: "- [x] foo\n  - [ ] bar\n  - [x] baz\n- [ ] bim\n",
            html: "<ul>\n<li><input checked=\"\" disabled=\"\" type=\"checkbox\" aria-label=\"foo\"> foo\n<ul>\n"
                + "<li><input disabled=\"\" type=\"checkbox\" aria-label=\"bar\"> bar</li>\n"
                + "<li><input checked=\"\" disabled=\"\" type=\"checkbox\" aria-label=\"baz\"> baz</li>\n</ul>\n</li>\n"
                + "<li><input disabled=\"\" type=\"checkbox\" aria-label=\"bim\"> bim</li>\n</ul>\n"),
    ]

    /// The spec's HTML, with each checkbox named by its item's text.
    @Test(arguments: specExamples) func specExampleGivesSpecHTML(_ example: SpecExample) throws {
        let page = try Document(parsing: example.markdown)
        #expect(page.preamble.rendered == example.html)
    }

    @Test func escapedMarkerStaysText() throws {
        let page = try Document(parsing: "- \\[ ] foo\n- [y] bar\n- [x]baz\n- a [x] b\n")
        #expect(
            page.preamble.rendered
                == "<ul>\n<li>[ ] foo</li>\n<li>[y] bar</li>\n<li>[x]baz</li>\n<li>a [x] b</li>\n</ul>\n"
        )
    }

    @Test func uppercaseMarkerInLooseOrderedListIsChecked() throws {
        let page = try Document(parsing: "1. [X] *done*\n\n2. [ ] next\n")
        #expect(
            page.preamble.rendered
                == "<ol>\n<li>\n<p><input checked=\"\" disabled=\"\" type=\"checkbox\" aria-label=\"done\"> <em>done</em></p>\n</li>\n"
                + "<li>\n<p><input disabled=\"\" type=\"checkbox\" aria-label=\"next\"> next</p>\n</li>\n</ol>\n")
    }

    @Test func markerThatIsAReferenceLinkStillMakesATask() throws {
        let page = try Document(parsing: "- [x] done\n\n[x]: /url\n")
        #expect(
            page.preamble.rendered
                == "<ul>\n<li><input checked=\"\" disabled=\"\" type=\"checkbox\" aria-label=\"done\"> done</li>\n</ul>\n")
        #expect(page.links.isEmpty)
    }

    @Test func markerOutsideListIsText() throws {
        let page = try Document(parsing: "[x] not a task\n\n> [ ] nor this\n")
        #expect(page.preamble.rendered == "<p>[x] not a task</p>\n<blockquote>\n<p>[ ] nor this</p>\n</blockquote>\n")
    }
}
