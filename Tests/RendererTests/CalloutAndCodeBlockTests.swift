import Sections
import Testing

/// The page's HTML with every `<svg …>…</svg>` icon replaced by `<svg/>`, so that the
/// expectations stay readable.
private func html(_ markdown: String, options: ParseOptions = ParseOptions()) throws -> String {
    withoutIcons(try Document(parsing: markdown, options: options).preamble.rendered)
}

private func withoutIcons(_ html: String) -> String {
    var result = ""
    var rest = html[...]
    while let start = rest.range(of: "<svg "), let end = rest[start.upperBound...].range(of: "</svg>") {
        result += rest[..<start.lowerBound] + "<svg/>"
        rest = rest[end.upperBound...]
    }
    return result + rest
}

@Suite struct CalloutTests {
    @Test(arguments: [
        ("NOTE", "note", "Note"), ("TIP", "tip", "Tip"), ("IMPORTANT", "important", "Important"),
        ("WARNING", "warning", "Warning"), ("CAUTION", "caution", "Caution"),
    ])
    func eachTypeBecomesACalloutWithItsDefaultTitle(marker: String, kind: String, title: String) throws {
        #expect(
            try html("> [!\(marker)]\n> Body text.\n") == """
                <div class="fm-callout fm-callout-\(kind)" role="note">
                <p class="fm-callout-title"><svg/>
                <span class="fm-callout-label">\(title)</span>
                </p>
                <p>Body text.</p>
                </div>

                """)
    }

    @Test func iconsAreHiddenFromAssistiveTechnology() throws {
        let page = try Document(parsing: "> [!WARNING]\n> Body\n").preamble.rendered
        #expect(page.contains("<svg class=\"fm-callout-icon\" viewBox=\"0 0 16 16\""))
        #expect(page.contains("aria-hidden=\"true\" focusable=\"false\">"))
    }

    @Test func textAfterTheMarkerIsATitleWithInlineMarkup() throws {
        let page = try html("> [!WARNING]  Mind *the* `gap`\n> Body\n")
        #expect(page.contains("<span class=\"fm-callout-label\">Mind <em>the</em> <code>gap</code></span>"))
        #expect(page.contains("<p>Body</p>"))
        #expect(!page.contains("[!"))
    }

    @Test func minusMakesACollapsedCallout() throws {
        #expect(
            try html("> [!TIP]- Hidden hint\n> Body\n") == """
                <details class="fm-callout fm-callout-tip">
                <summary class="fm-callout-title"><span class="fm-arrow" aria-hidden="true"></span><svg/>
                <span class="fm-callout-label">Hidden hint</span>
                </summary>
                <p>Body</p>
                </details>

                """)
    }

    @Test func plusMakesACollapsibleCalloutThatStartsOpen() throws {
        let page = try html("> [!TIP]+\n> Body\n")
        #expect(
            page.hasPrefix("<details class=\"fm-callout fm-callout-tip\" open>\n<summary class=\"fm-callout-title\">"))
        #expect(page.contains("<span class=\"fm-callout-label\">Tip</span>"))
        #expect(!page.contains("fm-section"))
    }

    @Test(arguments: ["[!note]", "[!Note]", "[!nOtE]"])
    func theMarkerIsCaseInsensitive(marker: String) throws {
        let page = try html("> \(marker)\n> Body\n")
        #expect(page.hasPrefix("<div class=\"fm-callout fm-callout-note\" role=\"note\">"))
        #expect(page.contains("<span class=\"fm-callout-label\">Note</span>"))
    }

    @Test(arguments: [
        "> \\[!NOTE]\n> Text\n",  // escaped: cmark's text is the same, the source is not
        "> Text\n> [!NOTE]\n",  // the marker is not on the first line
        "> [!FOO]\n> Text\n",  // not a type
        "> [!NOTE]x\n> Text\n",  // no blank after the marker
        "> [!NOTE]\\\n> Text\n",  // a backslash line break after it
        "> [!NOTE]-- x\n> Text\n",
        "> # [!NOTE]\n> Text\n",  // the first block is not a paragraph
        "> [!NOTE\n> Text\n",
        "> [! NOTE]\n> Text\n",
    ])
    func otherQuotesStayQuotes(markdown: String) throws {
        let page = try html(markdown)
        #expect(page.hasPrefix("<blockquote>\n"))
        #expect(!page.contains("fm-callout"))
    }

    @Test(arguments: [
        "> [!NOTE]\r\n> Body\r\n", "> [!NOTE]\r> Body\r", ">\t[!NOTE]\n>\tBody\n", "   >    [!NOTE]\n> Body\n",
    ])
    func lineEndingsAndBlanksBeforeTheMarker(markdown: String) throws {
        let page = try html(markdown)
        #expect(page.hasPrefix("<div class=\"fm-callout fm-callout-note\" role=\"note\">"))
        #expect(page.hasSuffix("<p>Body</p>\n</div>\n"))
    }

    @Test func aMarkerThatIsALinkStaysAQuote() throws {
        let page = try html("[!note]: https://example.org/\n\n> [!NOTE]\n> Text\n")
        #expect(page == "<blockquote>\n<p><a href=\"https://example.org/\">!NOTE</a>\nText</p>\n</blockquote>\n")
    }

    @Test func theRestOfTheFirstParagraphIsTheBody() throws {
        let page = try html("> [!NOTE]  \n> Line one\n> line two\n>\n> Second paragraph\n")
        #expect(page.contains("</p>\n<p>Line one\nline two</p>\n<p>Second paragraph</p>\n</div>\n"))
    }

    @Test func aCalloutMayHaveNoBody() throws {
        let page = try html("> [!CAUTION]\n")
        #expect(page.hasSuffix("<span class=\"fm-callout-label\">Caution</span>\n</p>\n</div>\n"))
    }

    @Test func calloutsWorkInListsAndInsideOtherCallouts() throws {
        let page = try html("- Item\n\n  > [!TIP]\n  > In a list.\n  >\n  > > [!NOTE]- Inner\n  > > Deeper.\n")
        #expect(page.hasPrefix("<ul>\n<li>\n<p>Item</p>\n<div class=\"fm-callout fm-callout-tip\" role=\"note\">"))
        #expect(page.contains("<p>In a list.</p>\n<details class=\"fm-callout fm-callout-note\">"))
        #expect(page.contains("<span class=\"fm-callout-label\">Inner</span>\n</summary>\n<p>Deeper.</p>\n</details>"))
        #expect(!page.contains("blockquote"))
    }

    @Test func theBodyKeepsListsAndCodeBlocks() throws {
        let page = try html("> [!IMPORTANT]\n> - one\n> - two\n>\n> ```swift\n> let x = 1\n> ```\n")
        #expect(page.contains("<ul>\n<li>one</li>\n<li>two</li>\n</ul>\n<div class=\"fm-code\">"))
        #expect(page.contains("<pre><code class=\"language-swift\">let x = 1\n</code></pre>\n</div></div>\n</div>\n"))
    }

    @Test func rawHTMLInACalloutIsOmittedInSafeMode() throws {
        let markdown = "> [!CAUTION] Title <b>bold</b>\n> Text <i>x</i>\n>\n> <script>alert(1)</script>\n"
        let safe = try html(markdown)
        #expect(!safe.contains("<b>") && !safe.contains("<i>") && !safe.contains("<script"))
        #expect(safe.contains("<span class=\"fm-callout-label\">Title <!-- raw HTML omitted -->bold"))
        let unsafe = try html(markdown, options: ParseOptions(allowsRawHTML: true))
        #expect(unsafe.contains("<span class=\"fm-callout-label\">Title <b>bold</b></span>"))
        #expect(unsafe.contains("<script>alert(1)</script>"))
    }

    @Test func linksInACalloutAreRewrittenAndRecorded() throws {
        let page = try Document(parsing: "# A\n\n> [!NOTE] See [title](t.md)\n> and [the guide](guide.md#setup).\n") {
            url in
            url.hasSuffix(".md") || url.contains(".md#") ? url.replacingOccurrences(of: ".md", with: ".html") : url
        }
        let body = page.sections[0].body.rendered
        #expect(body.contains("<span class=\"fm-callout-label\">See <a href=\"t.html\">title</a></span>"))
        #expect(body.contains("<p>and <a href=\"guide.html#setup\">the guide</a>.</p>"))
        #expect(page.links.map(\.url) == ["t.md", "guide.md#setup"])
        #expect(page.links.map(\.line) == [3, 4])
    }

    @Test func unsafeLinksInTheTitleAreDropped() throws {
        let page = try html("> [!NOTE] [x](javascript:alert(1))\n")
        #expect(page.contains("<span class=\"fm-callout-label\"><a href=\"\">x</a></span>"))
    }

    @Test func sectionsAreUnaffected() throws {
        let markdown = "# A\n> [!NOTE]\n> # Not a section\n\n## B\n> [!TIP]- T\n> ## Nor this\n\n```\n# nor this\n```\n"
        let page = try Document(parsing: markdown)
        #expect(page.allSections.map(\.title) == ["A", "B"])
        #expect(page.allSections.map(\.id) == ["a", "b"])
        #expect(page.sections[0].body.rendered.contains("<h1>Not a section</h1>"))
        #expect(page.sections[0].children[0].body.rendered.contains("<h2>Nor this</h2>"))
    }

    @Test func deeplyNestedQuotes() throws {
        let depth = 5_000
        let page = try html(
            String(repeating: "> ", count: depth) + "[!NOTE]\n" + String(repeating: "> ", count: depth) + "x\n")
        #expect(page.components(separatedBy: "<blockquote>").count == depth)
        #expect(page.contains("<span class=\"fm-callout-label\">Note</span>\n</p>\n<p>x</p>"))
    }
}

@Suite struct CodeBlockTests {
    @Test func fencedBlocksGetALanguageLabelAndAHiddenCopyButton() throws {
        #expect(
            try html("```swift title=\"x\"\nlet x = 1\n```\n") == """
                <div class="fm-code"><div class="fm-code-bar"><span class="fm-code-lang">swift</span>\
                <button type="button" class="fm-code-copy" aria-live="polite" hidden>Copy</button></div><div class="fm-code-scroll" tabindex="0">
                <pre><code class="language-swift">let x = 1
                </code></pre>
                </div></div>

                """)
    }

    @Test func theLabelIsEscaped() throws {
        let page = try html("~~~ <script>alert(1)</script>\nx\n~~~\n")
        #expect(page.contains("<span class=\"fm-code-lang\">&lt;script&gt;alert(1)&lt;/script&gt;</span>"))
        #expect(!page.contains("<script"))
        let quoted = try html("~~~ \"&#39;onload=x\nx\n~~~\n")
        #expect(quoted.contains("<span class=\"fm-code-lang\">&quot;&#39;onload=x</span>"))
    }

    @Test(arguments: ["```\nplain\n```\n", "~~~   \nplain\n~~~\n", "    plain\n"])
    func blocksWithoutALanguageHaveNoLabel(markdown: String) throws {
        #expect(
            try html(markdown) == """
                <div class="fm-code"><div class="fm-code-bar" hidden>\
                <button type="button" class="fm-code-copy" aria-live="polite" hidden>Copy</button></div><div class="fm-code-scroll" tabindex="0">
                <pre><code>plain
                </code></pre>
                </div></div>

                """)
    }

    @Test func blocksInListsAndQuotesAreFramed() throws {
        let page = try html("- a\n\n  ```sh\n  ls\n  ```\n\n> ```\n> q\n> ```\n")
        #expect(page.components(separatedBy: "<div class=\"fm-code\">").count == 3)
        #expect(page.contains("<li>\n<p>a</p>\n<div class=\"fm-code\">"))
        #expect(page.contains("<blockquote>\n<div class=\"fm-code\">"))
    }

    @Test func codeBlocksAreFramedInEverySection() throws {
        let page = try Document(parsing: "```\na\n```\n# A\n```c\nb\n```\n## B\n    c\n")
        #expect(page.allSections.map(\.title) == ["A", "B"])
        #expect(page.preamble.rendered.hasPrefix("<div class=\"fm-code\">"))
        #expect(page.sections[0].body.rendered.contains("<span class=\"fm-code-lang\">c</span>"))
        #expect(page.sections[0].children[0].body.rendered.hasPrefix("<div class=\"fm-code\">"))
    }
}
