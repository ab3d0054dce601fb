import Sections
import Testing

private func cells(_ html: String...) -> [HTMLFragment] { html.map { HTMLFragment(trusted: $0) } }

/// The tables of a page's preamble, and the preamble's HTML around them.
private func tables(_ markdown: String, options: ParseOptions = ParseOptions()) throws -> ([Table], String) {
    let preamble = try Document(parsing: markdown, options: options).preamble
    let tables = preamble.blocks.compactMap { block -> Table? in
        guard case .table(let table) = block.content else { return nil }
        return table
    }
    return (tables, preamble.html)
}

@Suite struct PipeTableModelTests {
    @Test func aTableHasAlignmentsAHeaderAndRows() throws {
        let (found, html) = try tables("| abc | defghi | x |\n:-: | -----------: | :--\nbar | baz | *q*\n")
        #expect(html == "")
        #expect(
            found == [
                Table(
                    alignments: [.center, .right, .left], header: cells("abc", "defghi", "x"),
                    rows: [cells("bar", "baz", "<em>q</em>")])
            ])
    }

    @Test func rowsHaveOneCellForEachColumn() throws {
        let (found, _) = try tables("| abc | def |\n| --- | --- |\n| bar |\n| bar | baz | boo |\n")
        #expect(found.first?.alignments == [Table.Alignment.none, .none])
        #expect(found.first?.rows == [cells("bar", ""), cells("bar", "baz")])
    }

    @Test func aTableMayHaveNoRows() throws {
        let (found, _) = try tables("| abc | def |\n| --- | --- |\n")
        #expect(found == [Table(alignments: [.none, .none], header: cells("abc", "def"))])
    }

    @Test func theDelimiterRowMustMatchTheHeader() throws {
        let (found, html) = try tables("| abc | def |\n| --- |\n| bar |\n")
        #expect(found.isEmpty)
        #expect(html == "<p>| abc | def |\n| --- |\n| bar |</p>\n")
    }

    @Test func linesAroundTheTableStayParagraphs() throws {
        let (found, html) = try tables("Some *intro*\ntext:\n| a |\n| - |\n| 1 |\n> bar\n")
        #expect(found.count == 1)
        #expect(html == "<p>Some <em>intro</em>\ntext:</p>\n<blockquote>\n<p>bar</p>\n</blockquote>\n")
    }

    @Test func escapedPipesAndInlinesStayInTheirCell() throws {
        let (found, _) = try tables("| op | meaning |\n|----|---------|\n| `a \\|\\| b` | **\\|** |\n")
        #expect(found.first?.rows == [cells("<code>a || b</code>", "<strong>|</strong>")])
    }

    @Test func rawHTMLInACellIsOmittedInSafeMode() throws {
        let markdown = "| a |\n|---|\n| <b>bold</b> [x](javascript:alert(1)) |\n"
        let safe = try tables(markdown).0.first?.rows.first?.first?.html
        #expect(safe == "<!-- raw HTML omitted -->bold<!-- raw HTML omitted --> <a href=\"\">x</a>")
        let unsafe = try tables(markdown, options: ParseOptions(allowsRawHTML: true)).0.first?.rows.first?.first?.html
        #expect(unsafe == "<b>bold</b> <a href=\"javascript:alert(1)\">x</a>")
    }

    @Test func tablesInListsAndQuotesSitInTheirHTML() throws {
        let preamble = try Document(parsing: "> a | b\n> --|--\n> 1 | 2\nlazy\n").preamble
        #expect(preamble.html == "<blockquote>\n<p>lazy</p>\n</blockquote>\n")
        #expect(preamble.blocks.map(\.offset) == ["<blockquote>\n".utf8.count])
    }
}

@Suite struct TaskItemModelTests {
    @Test func eachTaskItemHasACheckboxWhereItsTextStarts() throws {
        let preamble = try Document(parsing: "- [ ] foo\n- [x] bar\n  - [X] baz\n").preamble
        #expect(preamble.html == "<ul>\n<li> foo</li>\n<li> bar\n<ul>\n<li> baz</li>\n</ul>\n</li>\n</ul>\n")
        let starts = ["<ul>\n<li>", "<ul>\n<li> foo</li>\n<li>", "<ul>\n<li> foo</li>\n<li> bar\n<ul>\n<li>"]
        #expect(
            preamble.blocks == [
                Body.Block(offset: starts[0].utf8.count, content: .taskItem(TaskItem(isChecked: false, text: "foo"))),
                Body.Block(offset: starts[1].utf8.count, content: .taskItem(TaskItem(isChecked: true, text: "bar"))),
                Body.Block(offset: starts[2].utf8.count, content: .taskItem(TaskItem(isChecked: true, text: "baz"))),
            ])
    }

    /// The line break that cmark writes after the checkbox of an item with no text, before
    /// a nested list, stays in the HTML around it.
    @Test func anItemWithOnlyACheckboxKeepsItsLineBreak() throws {
        let preamble = try Document(parsing: "- [ ] \n  - nested\n").preamble
        #expect(preamble.html == "<ul>\n<li>\n<ul>\n<li>nested</li>\n</ul>\n</li>\n</ul>\n")
        #expect(preamble.blocks.map(\.offset) == ["<ul>\n<li>".utf8.count])
    }

    /// The checkbox's label is the item's text without its markup: what a screen reader
    /// names the checkbox by.
    @Test func theTaskTextIsTheItemsPlainText() throws {
        let page = try Document(parsing: "- [x] *ship* `v2`\n  on time\n")
        #expect(page.preamble.blocks.map(\.content) == [.taskItem(TaskItem(isChecked: true, text: "ship v2 on time"))])
    }

    @Test func otherBracketsStayText() throws {
        let page = try Document(parsing: "- \\[ ] foo\n- [y] bar\n- [x]baz\n- a [x] b\n\n[x] not a task\n")
        #expect(page.preamble.blocks.isEmpty)
    }

    @Test func aMarkerThatIsAReferenceLinkStillMakesATask() throws {
        let page = try Document(parsing: "- [x] done\n\n[x]: /url\n")
        #expect(page.preamble.blocks.map(\.content) == [.taskItem(TaskItem(isChecked: true, text: "done"))])
        #expect(page.links.isEmpty)
    }
}
