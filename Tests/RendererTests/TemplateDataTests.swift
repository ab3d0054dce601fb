import Testing

@testable import Renderer

/// Values that extend others (``TemplateData/init(extending:)``), as each page of a large
/// folder extends the folder's navigation: the base is read where it is, never copied,
/// and renders as if the values had been made in one.
@Suite struct TemplateDataTests {
    static let template = try! Template("{{#items}}[{{name}}]{{/items}}|{{title}}|{{#more}}({{name}}){{/more}}")

    /// A base with a list of objects, as a folder's navigation holds its entries.
    static func base(items: Int) -> (TemplateData, [TemplateData.Value]) {
        var data = TemplateData()
        let keys = template.keys
        let objects = (0..<items).map { number in
            let mark = data.begin()
            data.field(keys["name"]!, data.text("item \(number)"))
            return data.endObject(mark)
        }
        return (data, objects)
    }

    @Test func extendedValuesRenderAsIfMadeInOne() {
        let keys = Self.template.keys
        let (base, objects) = Self.base(items: 3)
        var page = TemplateData(extending: base)
        page.reserve(1 << 16)
        // The page's list mixes items of the base with its own.
        let items = page.list(count: 2)
        page.set(objects[2], at: 0, of: items)
        let mark = page.begin()
        page.field(keys["name"]!, page.text("own"))
        page.set(page.endObject(mark), at: 1, of: items)
        let root = page.begin()
        page.field(keys["items"]!, items)
        page.field(keys["title"]!, page.text("Title"))
        let more = page.list(count: 1)
        page.set(objects[0], at: 0, of: more)
        page.field(keys["more"]!, more)
        let rootValue = page.endObject(root)
        let rendered = Self.template.renderUTF8(page, root: rootValue)
        #expect(String(decoding: rendered, as: UTF8.self) == "[item 2][own]|Title|(item 0)")
    }

    @Test func theBaseIsReadInPlace() {
        let (base, _) = Self.base(items: 1000)
        var page = TemplateData(extending: base)
        page.reserve(1 << 20)
        _ = page.text("more")
        _ = page.list(count: 10)
        #expect(page.baseBytes.withUnsafeBufferPointer { $0.baseAddress }
            == base.bytes.withUnsafeBufferPointer { $0.baseAddress })
        #expect(page.baseSlots.withUnsafeBufferPointer { $0.baseAddress }
            == base.slots.withUnsafeBufferPointer { $0.baseAddress })
        // The page's own values are numbered on from the base's.
        #expect(page.text("x").start == Int32(base.bytes.count + 4))
        #expect(page.list(count: 1).start == Int32(base.slots.count + 10))
    }
}
