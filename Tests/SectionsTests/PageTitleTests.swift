import Sections
import Testing

/// A page's only `#` heading, when it is its first, is the page's title: it never folds.
@Suite struct PageTitleTests {
    @Test(arguments: [
        ("# T\nlead\n## A\n", true),
        ("intro\n# T\n## A\n### B\n", true),
        ("# T\n", true),
        ("# A\n## B\n# C\n", false),
        ("## A\n# B\n", false),
        ("## A\n### B\n", false),
        ("text only\n", false),
    ])
    func onlyASingleLeadingHashIsATitle(markdown: String, isTitle: Bool) throws {
        #expect(try Document(parsing: markdown).hasTitleHeading == isTitle)
    }

    @Test func theTitleNeverStartsClosedItsSubsectionsDo() throws {
        let collapsed = "---\ncollapsed: true\n---\n# T\nlead\n## A\n### B\n"
        #expect(try Document(parsing: collapsed).allSections.map(\.isCollapsed) == [false, true, true])
        let fromLevel = "---\nfold_from_level: 1\n---\n# T\n## A\n"
        #expect(try Document(parsing: fromLevel).allSections.map(\.isCollapsed) == [false, true])
        let longer = "---\nfold_longer_than: 2\n---\n# T\none two three four\n## A\none two three\n"
        #expect(try Document(parsing: longer).allSections.map(\.isCollapsed) == [false, true])
        let site = ParseOptions(foldRules: FoldRules(collapsed: true))
        #expect(try Document(parsing: "# T\n## A\n", options: site).allSections.map(\.isCollapsed) == [false, true])
    }

    @Test func foldClassesOnTheTitleAreIgnoredItsIDAndOtherClassesKept() throws {
        let page = try Document(parsing: "# T {#top .wide .collapsed}\n## A {.collapsed}\n")
        let title = try #require(page.sections.first)
        #expect(!title.isCollapsed)
        #expect(title.id == "top")
        #expect(title.classes == ["wide"])
        #expect(title.children.map(\.isCollapsed) == [true])
    }

    @Test func aTitleIsNoAccordionMemberItsSubsectionsAre() throws {
        let page = try Document(parsing: "---\naccordion: true\n---\n# T\n## A\n## B\n")
        #expect(page.sections[0].accordion == nil)
        #expect(page.sections[0].children.map(\.accordion) == ["t", "t"])
        #expect(page.sections[0].children.map(\.isCollapsed) == [false, true])
    }

    @Test func severalHashHeadingsStillFold() throws {
        let page = try Document(parsing: "---\ncollapsed: true\n---\n# A\n# B\n")
        #expect(!page.hasTitleHeading)
        #expect(page.sections.map(\.isCollapsed) == [true, true])
    }
}
