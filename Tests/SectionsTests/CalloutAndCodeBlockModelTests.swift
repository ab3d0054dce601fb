import Sections
import Testing

/// The single block of a page's preamble, and the preamble's HTML around it.
private func onlyBlock(_ markdown: String, options: ParseOptions = ParseOptions()) throws -> (Body.Block, String) {
    let preamble = try Document(parsing: markdown, options: options).preamble
    try #require(preamble.blocks.count == 1)
    return (preamble.blocks[0], preamble.html)
}

private func callout(_ markdown: String, options: ParseOptions = ParseOptions()) throws -> Callout {
    guard case .callout(let callout) = try onlyBlock(markdown, options: options).0.content else {
        throw CalloutModelTests.NotFound()
    }
    return callout
}

@Suite struct CalloutModelTests {
    struct NotFound: Error {}

    @Test(arguments: [
        ("NOTE", Callout.Kind.note), ("TIP", .tip), ("IMPORTANT", .important), ("WARNING", .warning),
        ("CAUTION", .caution), ("note", .note), ("nOtE", .note),
    ])
    func eachMarkerMakesACalloutOfItsKind(marker: String, kind: Callout.Kind) throws {
        let (block, html) = try onlyBlock("> [!\(marker)]\n> Body text.\n")
        #expect(html == "")
        #expect(block.offset == 0)
        #expect(
            block.content
                == .callout(
                    Callout(kind: kind, folding: .none, titleHTML: .empty, body: Body(trusted: "<p>Body text.</p>\n"))))
    }

    @Test func textAfterTheMarkerIsTheTitleAsInlineHTML() throws {
        let note = try callout("> [!WARNING]  Mind *the* `gap`\n> Body\n")
        #expect(note.titleHTML.html == "Mind <em>the</em> <code>gap</code>")
        #expect(note.body == Body(trusted: "<p>Body</p>\n"))
    }

    @Test(arguments: [("", Callout.Folding.none), ("-", .collapsed), ("+", .expanded)])
    func aSignAfterTheMarkerMakesItFoldable(sign: String, folding: Callout.Folding) throws {
        #expect(try callout("> [!TIP]\(sign) Hint\n> Body\n").folding == folding)
    }

    @Test(arguments: [
        "> \\[!NOTE]\n> Text\n", "> Text\n> [!NOTE]\n", "> [!FOO]\n> Text\n", "> [!NOTE]x\n> Text\n",
        "> [!NOTE]\\\n> Text\n", "> [!NOTE]-- x\n> Text\n", "> # [!NOTE]\n> Text\n", "> [!NOTE\n> Text\n",
        "[!note]: https://example.org/\n\n> [!NOTE]\n> Text\n",
    ])
    func otherQuotesStayQuotes(markdown: String) throws {
        let preamble = try Document(parsing: markdown).preamble
        #expect(preamble.blocks.isEmpty)
        #expect(preamble.html.contains("<blockquote>\n"))
    }

    @Test func theRestOfTheFirstParagraphIsTheBody() throws {
        let note = try callout("> [!NOTE]  \n> Line one\n> line two\n>\n> Second paragraph\n")
        #expect(note.titleHTML.isEmpty)
        #expect(note.body == Body(trusted: "<p>Line one\nline two</p>\n<p>Second paragraph</p>\n"))
    }

    @Test func calloutsNestInListsAndInsideOtherCallouts() throws {
        let preamble = try Document(
            parsing: "- Item\n\n  > [!TIP]\n  > In a list.\n  >\n  > > [!NOTE]- Inner\n  > > Deeper.\n"
        ).preamble
        #expect(preamble.html == "<ul>\n<li>\n<p>Item</p>\n</li>\n</ul>\n")
        #expect(preamble.blocks.map(\.offset) == ["<ul>\n<li>\n<p>Item</p>\n".utf8.count])
        guard case .callout(let tip) = preamble.blocks.first?.content else { throw NotFound() }
        #expect(tip.kind == .tip)
        #expect(tip.body.html == "<p>In a list.</p>\n")
        let inner = Callout(
            kind: .note, folding: .collapsed, titleHTML: HTMLFragment(trusted: "Inner"),
            body: Body(trusted: "<p>Deeper.</p>\n"))
        #expect(tip.body.blocks == [Body.Block(offset: "<p>In a list.</p>\n".utf8.count, content: .callout(inner))])
    }

    /// Each callout is a value inside its parent's, laid out by the theme inside its
    /// parent's: past ``Callouts.maximumNesting`` a marked quote stays a quote.
    @Test func calloutsNestAtMostThirtyTwoDeep() throws {
        let markdown = (1...40).map { String(repeating: "> ", count: $0) + "[!NOTE]\n" }.joined()
        var body = try Document(parsing: markdown).preamble
        var depth = 0
        while case .callout(let callout)? = body.blocks.first?.content {
            depth += 1
            body = callout.body
        }
        #expect(depth == 32)
        #expect(body.html.hasPrefix("<blockquote>\n<p>[!NOTE]</p>\n<blockquote>\n"))
    }

    @Test func linksInACalloutAreRewrittenAndRecorded() throws {
        let page = try Document(parsing: "# A\n\n> [!NOTE] See [title](t.md)\n> and [the guide](guide.md#setup).\n") {
            url in
            url.hasSuffix(".md") || url.contains(".md#") ? url.replacingOccurrences(of: ".md", with: ".html") : url
        }
        guard case .callout(let note)? = page.sections[0].body.blocks.first?.content else { throw NotFound() }
        #expect(note.titleHTML.html == "See <a href=\"t.html\">title</a>")
        #expect(note.body.html == "<p>and <a href=\"guide.html#setup\">the guide</a>.</p>\n")
        #expect(page.links.map(\.url) == ["t.md", "guide.md#setup"])
        #expect(page.links.map(\.line) == [3, 4])
    }

    @Test func rawHTMLInTheTitleIsOmittedInSafeMode() throws {
        let markdown = "> [!CAUTION] Title <b>bold</b>\n> Text\n"
        #expect(try callout(markdown).titleHTML.html == "Title <!-- raw HTML omitted -->bold<!-- raw HTML omitted -->")
        #expect(try callout(markdown, options: ParseOptions(allowsRawHTML: true)).titleHTML.html == "Title <b>bold</b>")
    }

    @Test func headingsInACalloutAreNoSections() throws {
        let page = try Document(parsing: "# A\n> [!NOTE]\n> # Not a section\n\n## B\n> [!TIP]- T\n> ## Nor this\n")
        #expect(page.allSections.map(\.title) == ["A", "B"])
        guard case .callout(let note)? = page.sections[0].body.blocks.first?.content else { throw NotFound() }
        #expect(note.body.html == "<h1>Not a section</h1>\n")
    }
}

@Suite struct CodeBlockModelTests {
    @Test func aFenceGivesLanguageOptionsTextAndCmarksHTML() throws {
        let (block, html) = try onlyBlock("```swift   title=\"x\" \nlet x = 'a' < b\n```\n")
        #expect(html == "")
        #expect(
            block.content
                == .codeBlock(
                    CodeBlock(
                        language: "swift", options: "title=\"x\"", text: "let x = 'a' < b\n",
                        html: HTMLFragment(
                            trusted: "<pre><code class=\"language-swift\">let x = 'a' &lt; b\n</code></pre>\n"))))
    }

    @Test(arguments: ["```\nplain\n```\n", "~~~   \nplain\n~~~\n", "    plain\n"])
    func blocksWithoutAnInfoStringHaveNoLanguage(markdown: String) throws {
        let (block, _) = try onlyBlock(markdown)
        let plain = CodeBlock(text: "plain\n", html: HTMLFragment(trusted: "<pre><code>plain\n</code></pre>\n"))
        #expect(block.content == .codeBlock(plain))
    }

    @Test func codeBlocksSitBetweenTheHTMLAroundThem() throws {
        let page = try Document(parsing: "Intro\n\n```c\nb\n```\n\nOutro\n# A\n## B\n    c\n")
        #expect(page.preamble.html == "<p>Intro</p>\n<p>Outro</p>\n")
        #expect(page.preamble.blocks.map(\.offset) == ["<p>Intro</p>\n".utf8.count])
        #expect(page.sections[0].children[0].body.html == "")
        #expect(page.sections[0].children[0].body.blocks.count == 1)
    }
}
