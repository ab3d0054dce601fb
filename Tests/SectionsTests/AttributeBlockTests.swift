import Sections
import Testing

@Suite struct AttributeBlockTests {
    @Test func explicitIDReplacesSlugAndIsHidden() throws {
        let section = try #require(try Document(parsing: "## Install it {#setup}\n").sections.first)
        #expect(section.id == "setup")
        #expect(section.title == "Install it")
        #expect(section.titleHTML.html == "Install it")
    }

    @Test func combinationsSetIDAndFold() throws {
        let section = try #require(try Document(parsing: "## FAQ {#faq .collapsed .wide}\n").sections.first)
        #expect(section.id == "faq")
        #expect(section.isCollapsed)
        #expect(section.classes == ["wide"])
    }

    @Test func blockWorksOnSetextHeadings() throws {
        let section = try #require(try Document(parsing: "Title {.collapsed}\n---\n").sections.first)
        #expect(section.title == "Title")
        #expect(section.isCollapsed)
    }

    @Test func underscoresInIDsSurviveCmarkSplittingText() throws {
        let section = try #require(try Document(parsing: "# A_b {#my_id_2}\n").sections.first)
        #expect(section.id == "my_id_2")
        #expect(section.title == "A_b")
    }

    @Test func blockAfterInlineMarkup() throws {
        let section = try #require(try Document(parsing: "# Use `x` {#use}\n").sections.first)
        #expect(section.id == "use")
        #expect(section.titleHTML.html == "Use <code>x</code>")
    }

    @Test(arguments: [
        ("# Braces \\{#x}\n", "Braces {#x}"),
        ("# Set {x}\n", "Set {x}"),
        ("# Empty {}\n", "Empty {}"),
        ("# Code `{#x}`\n", "Code {#x}"),
        ("# Middle {#x} text\n", "Middle {#x} text"),
    ])
    func notABlockStaysText(markdown: String, title: String) throws {
        let section = try #require(try Document(parsing: markdown).sections.first)
        #expect(section.title == title)
        #expect(!section.isCollapsed)
    }

    /// Blocks after and before characters beyond ASCII. White space beyond ASCII after a
    /// block makes it text (the source line must end with the block), and so does a
    /// combining mark after `{`.
    @Test(arguments: [
        ("# Ünïcode title {#u}\n", "Ünïcode title", "u"),
        ("# Title {#x}\u{A0}\n", "Title {#x}\u{A0}", "title-x"),
        ("# Café {#café .collapsed}\n", "Café", "café"),
        ("# 日本 {#ja}\u{3000}\n", "日本 {#ja}\u{3000}", "日本-ja"),
        ("# A\u{A0}{#x}\n", "A", "x"),
        ("# A {\u{301}#x}\n", "A {\u{301}#x}", "a-\u{301}x"),
        ("# B }{#x}\n", "B }", "x"),
        ("# C {#x}}\n", "C {#x}}", "c-x"),
    ])
    func blocksAmongCharactersBeyondASCII(markdown: String, title: String, id: String) throws {
        let section = try #require(try Document(parsing: markdown).sections.first)
        #expect(section.title == title)
        #expect(section.id == id)
    }

    @Test func escapedBraceBeforeARealBlock() throws {
        let section = try #require(try Document(parsing: "# A \\{ b {#real}\n").sections.first)
        #expect(section.title == "A { b")
        #expect(section.id == "real")
    }

    @Test func escapedBackslashBeforeABlockKeepsTheBlock() throws {
        let section = try #require(try Document(parsing: "# Path C:\\\\ {#windows} ##\n").sections.first)
        #expect(section.title == "Path C:\\")
        #expect(section.id == "windows")
    }

    @Test func explicitIDWinsOverEarlierSlug() throws {
        let page = try Document(parsing: "# Setup\n# Other {#setup}\n")
        #expect(page.allSections.map(\.id) == ["setup-1", "setup"])
    }

    @Test func duplicateExplicitIDIsAnErrorWithLine() {
        #expect(throws: SectionsError(.duplicateID("x", firstLine: 1), line: 3)) {
            try Document(parsing: "# A {#x}\n\n# B {#x}\n")
        }
    }

    @Test func unsafeIDIsRejected() {
        #expect(throws: SectionsError(.invalidID("x\"onclick=\"alert(1)"), line: 2)) {
            try Document(parsing: "\n# A {#x\"onclick=\"alert(1)}\n")
        }
    }

    @Test func laterFoldClassWins() throws {
        #expect(AttributeBlock(parsing: ".collapsed .open")?.collapsed == false)
        #expect(AttributeBlock(parsing: ".open .collapsed")?.collapsed == true)
        #expect(AttributeBlock(parsing: "#x")?.collapsed == nil)
        #expect(AttributeBlock(parsing: "x") == nil)
    }

    /// Blocks of ASCII are read on bytes; they must read as any other: split at spaces and
    /// tabs, `#id` (the last wins) and `.class` tokens only, neither alone.
    @Test func blocksReadTheSameWhateverTheirText() {
        let cases: [(String, AttributeBlock?)] = [
            ("#a", AttributeBlock(id: "a")), ("  #a\t .b  .c ", AttributeBlock(id: "a", classes: ["b", "c"])),
            ("#a #b", AttributeBlock(id: "b")), (".x.y", AttributeBlock(classes: ["x.y"])),
            ("#a#b", AttributeBlock(id: "a#b")), ("", nil), (" \t ", nil), ("#", nil), (".", nil),
            ("#a .", nil), ("x", nil), ("#a x", nil),
            // Past ASCII, and a carriage return, by characters.
            ("#é .ü", AttributeBlock(id: "é", classes: ["ü"])), ("#a\r.b", AttributeBlock(id: "a\r.b")),
            // A mark after a blank joins it into one character, which splits nothing.
            ("#\u{301}", nil), ("# \u{301}", AttributeBlock(id: " \u{301}")),
        ]
        for (text, expected) in cases {
            #expect(AttributeBlock(parsing: text[...]) == expected, "\(text.debugDescription)")
        }
    }
}
