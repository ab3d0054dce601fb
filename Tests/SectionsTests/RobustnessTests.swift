import Sections
import Testing

/// Regression tests for inputs that once crashed or misread pages: each comes from the
/// fuzzer (`scripts/fuzz.sh`) or from the bad-input catalogue.
@Suite struct RobustnessTests {
    /// Found by the fuzzer: a combining mark right after `<h2>` made one `Character` of
    /// `>` and the mark, so the search for `>` found the `>` of `</h2>` instead, and
    /// slicing the heading's HTML trapped ("Range requires lowerBound <= upperBound").
    @Test(arguments: ["\u{315}\u{0}\u{3}||||||||||\n-", "# \u{301}x\n", "\u{301}\n===\n", "## \u{20DD}\n"])
    func combiningMarkAtTheStartOfAHeading(markdown: String) throws {
        let document = try Document(parsing: markdown)
        let section = try #require(document.sections.first)
        #expect(!section.title.isEmpty)
        #expect(!section.titleHTML.html.contains("<h"))
        #expect(!section.titleHTML.html.contains("</"))
    }

    /// A combining mark after `}` joins it into another `Character`; the block is then
    /// text. One inside the braces belongs to the id.
    @Test func combiningMarksNearAttributeBlocks() throws {
        let afterBrace = try #require(try Document(parsing: "## T {#x}\u{301}\n").sections.first)
        #expect(afterBrace.id == "t-x\u{301}")
        #expect(afterBrace.title == "T {#x}\u{301}")
        let inside = try #require(try Document(parsing: "## T {#x\u{301}}\n").sections.first)
        #expect(inside.id == "x\u{301}")
        #expect(inside.title == "T")
    }

    /// Found with the catalogue: 100,000 nested emphases in one heading overflowed the
    /// stack of the recursive walk that made its plain-text title.
    @Test func deeplyNestedInlineMarkupInAHeading() throws {
        let depth = 100_000
        let markdown =
            "# " + String(repeating: "*a ", count: depth) + "b" + String(repeating: " a*", count: depth) + "\n"
        let section = try #require(try Document(parsing: markdown).sections.first)
        #expect(section.title.hasPrefix("a a a "))
        #expect(section.title.count == 4 * depth + 1)
    }

    /// Found with the catalogue: lines ending in a lone CR (old Mac files) were one line
    /// for the attribute block check, so `{#b}` stayed text.
    @Test func attributeBlocksInFilesWithCarriageReturns() throws {
        let document = try Document(parsing: "# A {#a}\r## B {#b .collapsed}\rtext\r\n# C {.open}\r\n")
        #expect(document.allSections.map(\.id) == ["a", "b", "c"])
        #expect(document.allSections.map(\.isCollapsed) == [false, true, false])
    }

    /// 50,000 headings with the same text: each slug used to test every earlier suffix.
    @Test func manyEqualHeadingsGetSuffixesInLinearTime() throws {
        let document = try Document(parsing: String(repeating: "## Step\n", count: 50_000))
        #expect(document.sections.count == 50_000)
        #expect(document.sections.last?.id == "step-49999")
    }

    @Test func classesMustBeLettersDigitsDashesAndUnderscores() throws {
        #expect(throws: SectionsError(.invalidClass("x\"y"), line: 1)) { try Document(parsing: "# T {.x\"y}\n") }
        #expect(throws: SectionsError(.invalidClass("a<b"), line: 2)) { try Document(parsing: "\n# T {.ok .a<b}\n") }
        #expect(try Document(parsing: "# T {.wide_1 .x-y .日本}\n").sections.first?.classes == ["wide_1", "x-y", "日本"])
    }

    @Test func reservedIDsAreSteppedAroundAndRefused() throws {
        let options = ParseOptions(reservedIDs: ["content", "top"])
        let document = try Document(parsing: "# Content\n# Top\n# Other {#content-1}\n", options: options)
        #expect(document.allSections.map(\.id) == ["content-2", "top-1", "content-1"])
        #expect(throws: SectionsError(.reservedID("top"), line: 1)) {
            try Document(parsing: "# X {#top}\n", options: options)
        }
    }

    @Test func wrongFrontMatterValueIsReportedOnItsKeysLine() throws {
        #expect(throws: SectionsError(.invalidValue(key: "order", expected: "a number"), line: 4)) {
            try Document(parsing: "---\ntitle: T\n\norder: [1]\n---\n")
        }
        #expect(throws: SectionsError(.invalidValue(key: "order", expected: "a number"), line: 2)) {
            try Document(parsing: "---\norder: nan\n---\n")
        }
        #expect(throws: SectionsError(.invalidValue(key: "draft", expected: "true or false"), line: 3)) {
            try Document(parsing: "---\ntitle: T\ndraft: perhaps\n---\n")
        }
    }
}
