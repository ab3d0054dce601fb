@testable import Sections
import Testing

@Suite struct FrontMatterTests {
    @Test func knownKeysAndExtras() throws {
        let page = try Document(
            parsing: "---\ntitle: Guide\ndescription: \"How to\"\ncollapsed: yes\norder: 2.5\ndraft: false\nauthor: Ann\n---\n# A\n")
        let front = page.frontMatter
        #expect(front.title == "Guide")
        #expect(front.description == "How to")
        #expect(front.collapsed == true)
        #expect(front.order == 2.5)
        #expect(front.isDraft == false)
        #expect(front.values.map(\.key) == ["title", "description", "collapsed", "order", "draft", "author"])
        #expect(front.values.last?.value == .scalar("Ann", isPlain: true))
        #expect(front.yaml == "title: Guide\ndescription: \"How to\"\ncollapsed: yes\norder: 2.5\ndraft: false\nauthor: Ann\n")
        #expect(page.sections.count == 1)
    }

    @Test func onlyFrontMatterIsAnEmptyPage() throws {
        let page = try Document(parsing: "---\ntitle: T\n---\n")
        #expect(page.frontMatter.title == "T")
        #expect(page.sections.isEmpty && page.preamble.isEmpty)
    }

    @Test func emptyFrontMatter() throws {
        let page = try Document(parsing: "---\n---\ntext\n")
        #expect(page.frontMatter.values.isEmpty && page.frontMatter.title == nil)
        #expect(page.frontMatter.yaml == "")
        #expect(page.preamble.html == "<p>text</p>\n")
    }

    @Test func dashesLaterInTheFileAreAThematicBreak() throws {
        let page = try Document(parsing: "text\n\n---\ntitle: no\n---\n")
        #expect(page.frontMatter == FrontMatter())
    }

    @Test func crlfLineEndings() throws {
        let page = try Document(parsing: "---\r\ntitle: Windows\r\n---\r\n# A\r\nbody\r\n")
        #expect(page.frontMatter.title == "Windows")
        #expect(page.sections.first?.body.html == "<p>body</p>\n")
    }

    /// Front matter is split on bytes; line ends of every kind, blanks after a fence and a
    /// combining mark that makes a fence's last dash another character give the split that
    /// `Character`s give.
    @Test(arguments: [
        ("---\rtitle: CR\r---\rbody", "title: CR\r", "body", 3),
        ("---\r\ntitle: a\n...\t \nbody", "title: a\n", "body", 3),
        ("--- \ntitle: b\n---\r\n\r\nbody", "title: b\n", "\r\nbody", 3),
        ("---\ntitle: c\n---\u{301}\n---\nbody", "title: c\n---\u{301}\n", "body", 4),
        ("---\n---", "", "", 2),
        ("--- \u{301}\ntitle: d\n---\n", nil, "--- \u{301}\ntitle: d\n---\n", 0),
        ("----\nx\n", nil, "----\nx\n", 0),
    ] as [(String, String?, String, Int)])
    func frontMatterSplitsOnLines(text: String, yaml: String?, body: String, lines: Int) throws {
        let split = try FrontMatter.split(text)
        #expect(split.yaml == yaml)
        #expect(String(split.body) == body)
        #expect(split.bodyLineOffset == lines)
    }

    @Test func unclosedFrontMatterIsAnError() {
        #expect(throws: SectionsError(.unclosedFrontMatter, line: 1, column: 1)) {
            try Document(parsing: "---\ntitle: x\n# A\n")
        }
    }

    @Test func malformedYAMLNamesLineAndColumn() throws {
        let error = try #require(throws: SectionsError.self) {
            try Document(parsing: "---\ntitle: ok\nlist: [a, b\n---\n")
        }
        guard case .malformedYAML = error.reason else {
            Issue.record("wrong reason \(error.reason)")
            return
        }
        #expect(error.line == 4)
        #expect(error.column != nil)
    }

    @Test func frontMatterMustBeAMapping() {
        #expect(throws: SectionsError(.frontMatterNotMapping, line: 2)) {
            try Document(parsing: "---\n- a\n- b\n---\n")
        }
    }

    @Test func wrongValueKindIsAnError() {
        #expect(throws: SectionsError(.invalidValue(key: "collapsed", expected: "true or false"), line: 2)) {
            try Document(parsing: "---\ncollapsed: maybe\n---\n")
        }
    }

    /// Every key of the wrong kind is named, each on its own line, in the order of the file
    /// (not the order the keys are read in), the first carrying the others.
    @Test func everyWrongKeyIsReportedWithItsLine() throws {
        let error = try #require(throws: SectionsError.self) {
            try Document(
                parsing: "---\norder: x\ntitle: [a]\nauthor: Ann\ncollapsed: maybe\nfold_from_level: 9\n---\n# A\n")
        }
        #expect(
            error.allProblems == [
                SectionsError(.invalidValue(key: "order", expected: "a number"), line: 2),
                SectionsError(.invalidValue(key: "title", expected: "text"), line: 3),
                SectionsError(.invalidValue(key: "collapsed", expected: "true or false"), line: 5),
                SectionsError(
                    .invalidValue(key: "fold_from_level", expected: "a heading level from 1 to 6"), line: 6),
            ])
        #expect(error.allProblems.map(\.description).first == "2: front matter 'order' must be a number")
    }

    @Test func repeatedKeyIsAnErrorNamingBothLines() throws {
        let error = try #require(throws: SectionsError.self) {
            try Document(parsing: "---\ntitle: A\nauthor: Ann\ntitle: B\n---\n# A\n")
        }
        #expect(error == SectionsError(.duplicateKey("title", firstLine: 2), line: 4, column: 1))
        #expect(error.description == "4:1: duplicate key 'title' (first on line 2)")
    }

    /// libyaml's way (nested mappings are beyond the simple reader): in a block mapping, in
    /// a flow mapping, every repeat after the first, and with a wrong value of another key.
    @Test func repeatedNestedKeysAreErrorsWithWrongValues() throws {
        let yaml = "---\nmeta:\n  author: Ann\n  author: Bo\ncollapsed: maybe\nlinks: {a: 1, b: 2, a: 3}\n"
            + "tags: [x, {k: 1, k: 2}]\nmeta: again\n---\n"
        let error = try #require(throws: SectionsError.self) { try Document(parsing: yaml) }
        #expect(
            error.allProblems.map(\.description) == [
                "4:3: duplicate key 'author' (first on line 3)",
                "5: front matter 'collapsed' must be true or false",
                "6:21: duplicate key 'a' (first on line 6)",
                "7:18: duplicate key 'k' (first on line 7)",
                "8:1: duplicate key 'meta' (first on line 2)",
            ])
    }

    /// The same name in two mappings, or as a key and a value, is no repeat.
    @Test func sameKeyInSeparateMappingsIsFine() throws {
        let page = try Document(parsing: "---\na:\n  title: x\nb:\n  title: y\ntitle: title\n---\n")
        #expect(page.frontMatter.title == "title")
    }

    @Test func quotedTrueIsText() throws {
        #expect(throws: SectionsError.self) { try Document(parsing: "---\ncollapsed: \"true\"\n---\n") }
    }

    @Test func aliasBombIsRefused() {
        let bomb = "---\na: &a [x, x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]\n"
            + "c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]\nd: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]\n"
            + "e: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d, *d]\nf: [*e, *e, *e, *e, *e, *e, *e, *e, *e, *e]\n---\n"
        #expect(throws: SectionsError.self) { try Document(parsing: bomb) }
    }
}
