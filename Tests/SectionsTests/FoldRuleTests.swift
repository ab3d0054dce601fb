import Testing

@testable import Sections

@Suite struct FoldRuleTests {
    static func words(_ count: Int) -> String {
        (1...count).map { "w\($0)" }.joined(separator: " ")
    }

    @Test func foldFromLevelClosesThatLevelAndDeeper() throws {
        let options = ParseOptions(foldRules: FoldRules(fromLevel: 3))
        let page = try Document(parsing: "# A\n## B\n### C\n#### D\n## E\n", options: options)
        #expect(page.allSections.map(\.isCollapsed) == [false, false, true, true, false])
    }

    @Test func foldLongerThanCountsASectionsOwnWords() throws {
        let options = ParseOptions(foldRules: FoldRules(longerThan: 10))
        let markdown =
            "# Short\n\(Self.words(5))\n# Parent\nintro\n## Child\n\(Self.words(12))\n# Edge\n\(Self.words(9))\n"
            + "# Long intro\n\(Self.words(11))\n## Short child\nx\n"
        let page = try Document(parsing: markdown, options: options)
        // Titles count: "Edge" plus nine words is ten, which is not more than ten.
        #expect(page.allSections.map(\.title) == ["Short", "Parent", "Child", "Edge", "Long intro", "Short child"])
        // "Parent" has two words of its own: it stays open, and its long child folds.
        #expect(page.allSections.map(\.isCollapsed) == [false, false, true, false, true, false])
        // The total, for the button at the end of long sections, includes subsections.
        #expect(page.sections[1].wordCount == 1 + 1 + 1 + 12)
    }

    @Test func aHeadingWithAnAngleBracketCountsAllItsWords() throws {
        // The title "a < b c" is text; counted as HTML, "< b c" would read as a tag.
        let page = try Document(parsing: "# a < b c\n")
        #expect(page.sections[0].wordCount == 4)
    }

    @Test func wordsAreCountedInTextNotMarkup() {
        #expect(FoldRules.words(inHTML: "<p>one <em>two</em> three</p>\n<pre><code>four\n</code></pre>") == 4)
        #expect(FoldRules.words(inHTML: "<a href=\"many words in an attribute\">x</a>") == 1)
        #expect(FoldRules.words(inHTML: "") == 0)
        #expect(FoldRules.words(inHTML: "one <unclosed tag two") == 1)
        #expect(FoldRules.words(inHTML: "one<") == 1)
        #expect(FoldRules.words(inHTML: "a<b>c") == 2)
    }

    @Test func headingBeatsPageBeatsSite() throws {
        let site = ParseOptions(foldRules: FoldRules(fromLevel: 2))
        // The site's rule alone.
        #expect(try Document(parsing: "# A\n## B\n", options: site).allSections.map(\.isCollapsed) == [false, true])
        // A page rule replaces the site's rules as a whole.
        let page = "---\nfold_from_level: 3\n---\n# A\n## B\n### C\n"
        #expect(try Document(parsing: page, options: site).allSections.map(\.isCollapsed) == [false, false, true])
        let open = "---\ncollapsed: false\n---\n# A\n## B\n"
        #expect(try Document(parsing: open, options: site).allSections.map(\.isCollapsed) == [false, false])
        // A heading's own class beats both.
        let heading = "---\nfold_from_level: 1\n---\n# A {.open}\n## B\n### C {.open}\n"
        #expect(try Document(parsing: heading, options: site).allSections.map(\.isCollapsed) == [false, true, false])
        let closed = "## A {.collapsed}\n### B\n"
        #expect(try Document(parsing: closed, options: ParseOptions()).allSections.map(\.isCollapsed) == [true, false])
    }

    @Test func pageFoldLongerThan() throws {
        let markdown = "---\nfold_longer_than: 3\n---\n# A\none two\n# B\none two three four\n"
        #expect(try Document(parsing: markdown).allSections.map(\.isCollapsed) == [false, true])
    }

    @Test(arguments: [
        ("fold_from_level: 0", 2), ("fold_from_level: 7", 2), ("fold_from_level: two", 2),
        ("fold_longer_than: -1", 2), ("fold_longer_than: 1.5", 2), ("accordion: maybe", 2),
    ])
    func badFoldSettingsNameTheirLine(line: String, expectedLine: Int) throws {
        #expect {
            try Document(parsing: "---\n\(line)\n---\n# A\n")
        } throws: { error in
            (error as? SectionsError)?.line == expectedLine
        }
    }

    @Test func accordionHeadingMakesItsChildrenOneGroup() throws {
        let markdown = "# FAQ {.accordion}\n## One\n### Deep\n## Two\n## Three\n# After\n## Free\n"
        let page = try Document(parsing: markdown)
        let faq = page.sections[0]
        #expect(faq.children.map(\.accordion) == ["faq", "faq", "faq"])
        // Only the first child that would start open does: the browser shows one.
        #expect(faq.children.map(\.isCollapsed) == [false, true, true])
        #expect(faq.accordion == nil)
        #expect(faq.children[0].children[0].accordion == nil)
        #expect(page.sections[1].children[0].accordion == nil)
        #expect(faq.classes == ["accordion"])
    }

    @Test func accordionRespectsFoldRulesAndOpenHeadings() throws {
        let closed = try Document(parsing: "# FAQ {.accordion}\n## One {.collapsed}\n## Two\n## Three {.open}\n")
        #expect(closed.sections[0].children.map(\.isCollapsed) == [true, false, true])
        let allClosed = try Document(parsing: "---\ncollapsed: true\n---\n# FAQ {.accordion .open}\n## One\n## Two\n")
        #expect(allClosed.sections[0].isCollapsed == false)
        #expect(allClosed.sections[0].children.map(\.isCollapsed) == [true, true])
    }

    @Test func pageAccordionGroupsEverySetOfSiblings() throws {
        let page = try Document(parsing: "---\naccordion: true\n---\n# A\n## A1\n## A2\n# B\n")
        #expect(page.sections.map(\.accordion) == ["fm-accordion", "fm-accordion"])
        #expect(page.sections.map(\.isCollapsed) == [false, true])
        #expect(page.sections[0].children.map(\.accordion) == ["a", "a"])
        #expect(page.sections[0].children.map(\.isCollapsed) == [false, true])
    }

    /// The counter skips tags with one search each; a plain state machine over every byte is
    /// the definition it must agree with, on random mixes of text, tags and white space.
    @Test func wordCountAgreesWithTheBytewiseDefinition() {
        func reference(_ html: String) -> Int {
            var count = 0
            var inTag = false
            var inWord = false
            for byte in html.utf8 {
                if inTag {
                    inTag = byte != UInt8(ascii: ">")
                } else if byte == UInt8(ascii: "<") {
                    inTag = true
                    inWord = false
                } else if byte <= UInt8(ascii: " ") {
                    inWord = false
                } else if !inWord {
                    count += 1
                    inWord = true
                }
            }
            return count
        }
        let pieces = [
            "<", ">", " ", "\n", "\t", "a", "bc", "é", "<p>", "</em>", "&amp;", "x y", "<a href=\"q r\">",
            "longer words of plain text ", "\u{1}", "\u{7F}", "!", "~", "\u{10FFFF}",
        ]
        var generator = SystemRandomNumberGenerator()
        for round in 0..<4000 {
            // Long ones too: eight bytes at a time, across tags and word boundaries.
            let html = (0..<Int.random(in: 0...(round % 2 == 0 ? 24 : 300), using: &generator))
                .map { _ in pieces.randomElement(using: &generator)! }.joined()
            #expect(FoldRules.words(inHTML: html) == reference(html), "\(html.debugDescription)")
        }
    }
}
