import Sections
import Testing

/// `{.tabs}` on a heading: its subsections are the panels of one tab set, which never fold.
@Suite struct TabSetTests {
    @Test func theTabsClassMakesATabSet() throws {
        let page = try Document(parsing: "## Install {.tabs #install}\n### Python\n### Go\n## Other\n")
        #expect(page.sections.map(\.isTabSet) == [true, false])
        #expect(page.sections[0].classes == ["tabs"])
        #expect(page.sections[0].children.map(\.title) == ["Python", "Go"])
    }

    @Test func panelsNeverStartClosedTheirSubsectionsMay() throws {
        let markdown = "---\nfold_from_level: 3\n---\n## I {.tabs}\n### A {.collapsed}\n### B\n#### C\n"
        let page = try Document(parsing: markdown)
        #expect(page.allSections.map(\.isCollapsed) == [false, false, false, true])
    }

    @Test func panelsAreNoAccordionMembers() throws {
        let page = try Document(parsing: "---\naccordion: true\n---\n## I {.tabs}\n### A\n### B\n")
        #expect(page.sections[0].children.map(\.accordion) == [nil, nil])
        #expect(page.sections[0].children.map(\.isCollapsed) == [false, false])
        let both = try Document(parsing: "## I {.accordion .tabs}\n### A\n### B\n")
        #expect(both.sections[0].children.map(\.accordion) == [nil, nil])
    }
}
