import Testing

@testable import Renderer

/// Markup values (``TemplateData/Kind/markup``): HTML whose pieces are texts placed as
/// they are and values rendered through a partial each, as a section's body holds
/// cmark's HTML and the blocks that the theme lays out.
@Suite struct MarkupValueTests {
    static let template = try! Template(
        "<main>{{{body}}}</main>|{{body}}|{{#body}}yes{{/body}}",
        partials: ["box": "<b{{#shut}} hidden{{/shut}}>{{{body}}}</b>", "dot": "<i>{{name}}</i>"])

    /// `<p>x</p>`, a box holding a dot and text, then `&`.
    static func render(partialOfBox: Int32? = nil) -> String {
        let template = Self.template
        let keys = template.keys
        var data = TemplateData()
        let inner = data.begin()
        let dot = data.begin()
        data.field(keys["name"]!, data.text("<dot>"))
        data.markupPiece(data.endObject(dot), partial: template.partial("dot"))
        data.markupPiece(data.text("<br>"), partial: -1)
        let innerBody = data.endMarkup(inner)
        let outer = data.begin()
        data.markupPiece(data.text("<p>x</p>"), partial: -1)
        let box = data.begin()
        data.field(keys["shut"]!, .bool(true))
        data.field(keys["body"]!, innerBody)
        data.markupPiece(data.endObject(box), partial: partialOfBox ?? template.partial("box"))
        data.markupPiece(data.text("&"), partial: -1)
        let body = data.endMarkup(outer)
        let root = data.begin()
        data.field(keys["body"]!, body)
        let rootValue = data.endObject(root)
        return String(decoding: template.renderUTF8(data, root: rootValue), as: UTF8.self)
    }

    @Test func piecesRenderThroughTheirPartialsAndNest() {
        let main = Self.render().split(separator: "|")[0]
        #expect(main == "<main><p>x</p><b hidden><i>&lt;dot&gt;</i><br></b>&</main>")
    }

    @Test func escapedInterpolationEscapesTheRenderedMarkup() {
        let escaped = Self.render().split(separator: "|")[1]
        #expect(escaped == "&lt;p&gt;x&lt;/p&gt;&lt;b hidden&gt;&lt;i&gt;&amp;lt;dot&amp;gt;&lt;/i&gt;&lt;br&gt;&lt;/b&gt;&amp;")
    }

    @Test func markupWithPiecesIsTruthy() {
        #expect(Self.render().hasSuffix("|yes"))
    }

    @Test func aPieceWithoutAPartialRendersNothing() {
        #expect(Self.template.partial("missing") == -1)
        #expect(Self.render(partialOfBox: -1).hasPrefix("<main><p>x</p>&</main>"))
    }

    /// A block inside a standalone partial tag's indentation is placed as a text is: the
    /// partial's lines are not indented.
    @Test func blocksTakeNoIndentationFromAnEnclosingPartial() throws {
        let template = try Template(
            "<ul>\n  {{> item}}\n</ul>", partials: ["item": "<li>\n{{{body}}}\n</li>\n", "line": "a\nb\n"])
        let keys = template.keys
        var data = TemplateData()
        let markup = data.begin()
        data.markupPiece(data.text("<p>\nq</p>"), partial: -1)
        let block = data.begin()
        data.markupPiece(data.endObject(block), partial: template.partial("line"))
        let body = data.endMarkup(markup)
        let root = data.begin()
        data.field(keys["body"]!, body)
        let rootValue = data.endObject(root)
        let rendered = String(decoding: template.renderUTF8(data, root: rootValue), as: UTF8.self)
        #expect(rendered == "<ul>\n  <li>\n  <p>\nq</p>a\nb\n\n  </li>\n</ul>")
    }
}
