import Sections
import Testing

/// The text runs of a body (``Body/forEachTextRun(_:)``), which fold rules and the search
/// index read whatever the theme shows.
@Suite struct BodyTextTests {
    private func runs(_ markdown: String) throws -> [String] {
        var runs: [String] = []
        try Document(parsing: markdown).preamble.forEachTextRun { runs.append(String(decoding: $0, as: UTF8.self)) }
        return runs.filter { !$0.isEmpty }
    }

    @Test func blocksGiveTheLabelsOfFoldmarksOwnMarkup() throws {
        #expect(try runs("> [!TIP]\n> x\n") == ["Tip", "<p>x</p>\n"])
        #expect(try runs("> [!TIP] *Mine*\n") == ["<em>Mine</em>"])
        #expect(
            try runs("```a<b\nq\n```\n") == [
                "a&lt;b", "Copy", "<pre><code class=\"language-a&lt;b\">q\n</code></pre>\n",
            ])
        #expect(try runs("a | b\n-|-\n1\n") == ["a", "b", "1"])
        #expect(try runs("- [x] y\n") == ["<ul>\n<li>", " y</li>\n</ul>\n"])
    }

    /// Fold rules count the words that foldmark's own markup showed in the body, so that a
    /// section folds as it did before the theme laid the blocks out.
    @Test func sectionsCountTheWordsOfTheirBlocksLabels() throws {
        let page = try Document(parsing: "# A\n\n> [!NOTE]\n\n```swift\nlet x\n```\n\n| h |\n|---|\n| c d |\n")
        // A, Note, swift, Copy, let, x, h, c, d.
        #expect(page.sections[0].wordCount == 9)
    }

    /// A page's text holds no byte that starts a mark (`0xFF` is never part of UTF-8), so
    /// text that looks like one stays text.
    @Test func aPageCannotForgeABlock() throws {
        let page = try Document(parsing: "```\ncode\n```\n\n\u{FF}s0\n\u{FFFD}s0\n\u{0}e\n")
        #expect(page.preamble.blocks.count == 1)
        #expect(page.preamble.html == "<p>\u{FF}s0\n\u{FFFD}s0\n\u{FFFD}e</p>\n")
    }
}
