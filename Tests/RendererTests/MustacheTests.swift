import Testing

@testable import Renderer

@Suite struct MustacheTests {
    static let tree: TemplateValue = [
        "title": "Root",
        "children": [
            ["title": "A", "children": [["title": "A1", "children": []]]],
            ["title": "B", "children": []],
        ],
    ]

    @Test func recursivePartialRendersTree() throws {
        let template = try Template(
            "<ul>{{> section}}</ul>",
            partials: ["section": "<li>{{title}}{{#children}}<ul>{{> section}}</ul>{{/children}}</li>"]
        )
        #expect(
            template.render(Self.tree)
                == "<ul><li>Root<ul><li>A<ul><li>A1</li></ul></li></ul><ul><li>B</li></ul></li></ul>"
        )
    }

    @Test func standalonePartialIndentationAccumulates() throws {
        let section = """
            <li>{{title}}
            {{#children}}
              {{> section}}
            {{/children}}
            </li>

            """
        let template = try Template("<ul>\n  {{> section}}\n</ul>\n", partials: ["section": section])
        let expected = """
            <ul>
              <li>Root
                <li>A
                  <li>A1
                  </li>
                </li>
                <li>B
                </li>
              </li>
            </ul>

            """
        #expect(template.render(Self.tree) == expected)
    }

    @Test func escapesQuotesAndApostrophes() throws {
        let template = try Template(#"<a title="{{title}}">{{{title}}}</a>"#)
        #expect(
            template.render(["title": #"Tom's "best" <b>&"#])
                == #"<a title="Tom&#39;s &quot;best&quot; &lt;b&gt;&amp;">Tom's "best" <b>&</a>"#)
    }

    /// Escaping copies the runs between special characters as UTF-8: a combining mark
    /// right after a quote joins it into one `Character`, and must neither vanish nor repeat.
    @Test func escapesQuotesFollowedByCombiningMarks() throws {
        let template = try Template("{{title}}")
        #expect(template.render(["title": "\"\u{301}x'\u{300}<é>"]) == "&quot;\u{301}x&#39;\u{300}&lt;é&gt;")
        #expect(template.render(["title": "plain"]) == "plain")
    }

    /// An object's last value for a name wins, and objects compare by their fields in any order.
    @Test func objectFieldsLastValueWinsAndOrderDoesNotMatter() throws {
        let template = try Template("{{a}}{{b}}")
        #expect(template.render(.object(TemplateObject([("a", "1"), ("b", "2"), ("a", "3")]))) == "32")
        var object: TemplateObject = ["a": "1", "b": "2"]
        #expect(TemplateValue.object(object) == ["b": "2", "a": "1"])
        #expect(TemplateValue.object(object) != ["a": "1"])
        object["a"] = nil
        #expect(object.names == ["b"])
        #expect(object.hashValue == (["b": "2"] as TemplateObject).hashValue)
    }

    @Test func interpolatesNumbersAndBooleans() throws {
        let template = try Template("{{a}} {{b}} {{c}} {{d}} {{e}}")
        #expect(template.render(["a": 85, "b": 1.21, "c": -3, "d": true, "e": ["x"]]) == "85 1.21 -3 true ")
    }

    @Test func emptyStringIsTruthyButEmptyListIsNot() throws {
        let template = try Template("{{#s}}s{{/s}}{{#l}}l{{/l}}{{^l}}no l{{/l}}")
        #expect(template.render(["s": "", "l": []]) == "sno l")
    }

    @Test func missingPartialRendersNothing() throws {
        let template = try Template("[{{> missing}}]")
        #expect(template.render([:]) == "[]")
    }

    @Test func compiledOnceRendersManyTimes() throws {
        let template = try Template("{{#items}}{{name}}={{value}};{{/items}}{{^items}}none{{/items}}")
        for count in 0..<50 {
            let items: [TemplateValue] = (0..<count).map { ["name": .string("n\($0)"), "value": .number(Double($0))] }
            let expected = count == 0 ? "none" : (0..<count).map { "n\($0)=\($0);" }.joined()
            #expect(template.render(["items": .list(items)]) == expected)
        }
    }

    @Test func rendersConcurrently() async throws {
        let template = try Template("{{#n}}<{{.}}>{{/n}}")
        let outputs = await withTaskGroup(of: (Int, String).self) { group in
            for number in 0..<32 {
                group.addTask { (number, template.render(["n": .number(Double(number))])) }
            }
            return await group.reduce(into: [:]) { $0[$1.0] = $1.1 }
        }
        #expect(outputs.count == 32)
        #expect(outputs.allSatisfy { $0.value == "<\($0.key)>" })
    }

    @Test func selfIncludingPartialStopsAtDepthLimit() throws {
        let template = try Template("{{> loop}}", partials: ["loop": "x{{> loop}}"])
        let output = template.render(.null)
        #expect(output == String(repeating: "x", count: TemplateRendering.maximumPartialDepth))
    }

    struct SyntaxErrorCase: Sendable, CustomTestStringConvertible {
        var source: String
        var partials: [String: String] = [:]
        var error: TemplateError
        var testDescription: String { error.message }
    }

    static let syntaxErrors: [SyntaxErrorCase] = [
        .init(
            source: "a\n  {{#items}}\n{{name}}\n",
            error: .init(message: "unclosed section 'items'", line: 2, column: 3)
        ),
        .init(
            source: "{{#a}}\n{{#b}}\nx {{/a}}",
            error: .init(message: "closing tag 'a' does not match section 'b' opened at 2:1", line: 3, column: 3)
        ),
        .init(
            source: "ok\n\n   {{/a}}",
            error: .init(message: "closing tag 'a' has no open section", line: 3, column: 4)
        ),
        .init(
            source: "é {{name\n{{other}}",
            error: .init(message: "unclosed tag: '}}' is missing", line: 1, column: 3)
        ),
        .init(
            source: "x\n{{{raw}}",
            error: .init(message: "unclosed tag: '}}}' is missing", line: 2, column: 1)
        ),
        .init(
            source: "{{a b}}",
            error: .init(message: "invalid name 'a b'", line: 1, column: 1)
        ),
        .init(
            source: "\n {{ }}",
            error: .init(message: "tag has no name", line: 2, column: 2)
        ),
        .init(
            source: "{{=<%=}}",
            error: .init(message: "invalid delimiters '<%': write them as {{=<% %>=}}", line: 1, column: 1)
        ),
        .init(
            source: "{{> item}}",
            partials: ["item": "<li>\n{{#a}}</li>"],
            error: .init(message: "unclosed section 'a'", line: 2, column: 1, template: "item")
        ),
    ]

    @Test(arguments: syntaxErrors)
    func syntaxErrorIsLocated(_ errorCase: SyntaxErrorCase) {
        #expect(throws: errorCase.error) {
            try Template(errorCase.source, partials: errorCase.partials)
        }
    }

    @Test func errorDescriptionNamesPartial() {
        let error = TemplateError(message: "unclosed section 'a'", line: 2, column: 1, template: "item")
        #expect(error.description == "partial 'item':2:1: unclosed section 'a'")
        #expect(TemplateError(message: "m", line: 3, column: 7).description == "3:7: m")
    }
}
