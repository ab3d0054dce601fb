import Testing

@testable import Sections

/// ``SimpleYAML`` must read what it accepts exactly as libyaml does, and leave the rest to
/// libyaml: compared on every combination of keys, spacing and values below, the simple
/// ones and those just beyond them.
@Suite struct SimpleYAMLTests {
    static let values = [
        "", " ", "Plain words", "plain  spaced  ", "152", "-5", "3.14", "true", "null", "~", "a-b_c/d (e) f+g=h; i",
        "a, b", "a: b", "a #b", "a#b", "#comment", "\"Quoted: text # here\"", "\"\"", "' single '", "'it''s'",
        "\"esc\\\"aped\"", "\"unclosed", "\"x\" ", "[a, b]", "[ a , b ]", "[]", "[ ]", "[a,]", "[a, [b]]", "[\"a\", b]",
        "[a: b]", "&anchor x", "*alias", "!tag x", "|", ">", "- item", "? key", "@x", "`x`", "%x", "{a: b}",
        "caf\u{E9}", "x\u{2028}y", "a\tb", "x\r", "'x'", "a'b", "a\"b",
    ]

    static let documents: [String] = {
        var documents: [String] = []
        for value in values {
            documents.append("title: \(value)")
            documents.append("title:\(value)")
            documents.append("key_1: \(value)\n\nother-key: x\n")
            documents.append("a: 1\nb: \(value)\n")
        }
        documents += [
            "", "\n", "title", "title:", "-a: x", "_a: x", " a: x", "a : x", "a:  x", "a: x\n  b", "a: x\n- b",
            "a: x\n# note\nb: y", "a: 1\na: 2", "1: one", "a: x\n---\nb: y", "a:\n  - b\n", "a: >\n  folded\n",
        ]
        return documents
    }()

    @Test(arguments: documents)
    func readsAsLibyamlDoes(document: String) throws {
        var libyamlProblems: [SectionsError] = []
        let libyaml = try? YAMLLoader(firstLine: 2).loadWithLibyaml(document, problems: &libyamlProblems)
        guard SimpleYAML.read(document, firstLine: 2) != nil else { return }
        // The simple reader's way, with its check of repeated keys.
        var problems: [SectionsError] = []
        let simple = try YAMLLoader(firstLine: 2).load(document, problems: &problems)
        #expect(libyaml == simple, "\(document.debugDescription)")
        #expect(libyamlProblems == problems, "\(document.debugDescription)")
    }

    /// The comparison above checks only what the simple reader accepts: enough must be.
    @Test func acceptsManyOfTheDocuments() {
        let accepted = Self.documents.filter { SimpleYAML.read($0, firstLine: 2) != nil }
        #expect(accepted.count >= 60, "\(accepted.count) of \(Self.documents.count)")
    }

    @Test func readsTheUsualFrontMatterItself() {
        let document = "title: \"Merge View\"\nweight: 152\ndescription: 'a step'\ntags: [design, api]\ndraft:\n"
        let expected = YAMLValue.mapping([
            .init(key: "title", value: .scalar("Merge View", isPlain: false), line: 2),
            .init(key: "weight", value: .scalar("152", isPlain: true), line: 3),
            .init(key: "description", value: .scalar("a step", isPlain: false), line: 4),
            .init(
                key: "tags", value: .sequence([.scalar("design", isPlain: true), .scalar("api", isPlain: true)]),
                line: 5),
            .init(key: "draft", value: .scalar("", isPlain: true), line: 6),
        ])
        #expect(SimpleYAML.read(document, firstLine: 2) == expected)
        var problems: [SectionsError] = []
        #expect((try? YAMLLoader(firstLine: 2).loadWithLibyaml(document, problems: &problems)) == expected)
        #expect(problems.isEmpty)
    }

    @Test(arguments: ["a: #b", "a: x\n  y", "a: [b, c", "a: \"x\\n\"", "a: caf\u{E9}", "a:\tb", "- a"])
    func leavesTheRestToLibyaml(document: String) {
        #expect(SimpleYAML.read(document, firstLine: 1) == nil)
    }
}
