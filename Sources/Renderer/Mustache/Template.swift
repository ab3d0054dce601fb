/// A compiled logic-less Mustache template.
///
/// Parsing happens once, in ``init(_:partials:)``; ``render(_:)`` only walks the node tree,
/// so one `Template` can render every page of a site, from any number of threads.
/// Supports the spec's interpolation, sections, inverted sections, partials, comments and
/// set-delimiter tags; not lambdas, dynamic names or inheritance.
///
/// `{{name}}` escapes through ``HTMLFragment/escape(_:)``; `{{{name}}}` and `{{& name}}` don't.
public struct Template: Sendable {
    /// The template and its partials (in the order of their sorted names), compiled.
    private let program: TemplateProgram
    /// A first guess at the output's size, so that rendering rarely has to grow the string.
    private let estimatedSize: Int
    /// The number of each partial, by name.
    private let partialNumbers: [String: Int32]

    /// Compiles `source` and every partial in `partials`, which maps partial names to their
    /// source. Partials may include each other and themselves. A `{{> name}}` with no
    /// partial of that name renders nothing.
    ///
    /// - Throws: ``TemplateError`` for an unclosed tag or section, a closing tag that matches
    ///   no open section, or an invalid tag, in the main template or in a partial.
    public init(_ source: String, partials: [String: String] = [:]) throws(TemplateError) {
        let names = partials.keys.sorted()
        var indices: [String: Int] = [:]
        for (index, name) in names.enumerated() { indices[name] = index }

        var parser = TemplateParser(source, template: nil, partialIndices: indices, marksLineStarts: false)
        let nodes = try parser.parse()
        var compiled: [[TemplateNode]] = []
        compiled.reserveCapacity(names.count)
        for name in names {
            var parser = TemplateParser(
                partials[name] ?? "",
                template: name,
                partialIndices: indices,
                marksLineStarts: true
            )
            compiled.append(try parser.parse())
        }
        program = TemplateProgram(main: nodes, partials: compiled)
        estimatedSize = max(256, source.utf8.count * 2)
        partialNumbers = indices.mapValues { Int32($0) }
    }

    /// Renders the template with `context` at the bottom of the context stack. `size`, if
    /// given, is the caller's guess at the output's size in bytes: the text it inserts is
    /// often far larger than the template, and growing the output copies it each time.
    public func render(_ context: TemplateValue, size: Int? = nil) -> String {
        String(decoding: renderUTF8(context, size: size), as: UTF8.self)
    }

    /// ``render(_:size:)`` as UTF-8 bytes, for output that goes straight to a file.
    public func renderUTF8(_ context: TemplateValue, size: Int? = nil) -> [UInt8] {
        var data = TemplateData()
        let root = data.add(context, keys: program.keys)
        return renderUTF8(data, root: root, size: size)
    }

    /// Renders with `root`, a value of `data`, at the bottom of the context stack. `data`'s
    /// field keys must be this template's (``key(_:)``).
    func renderUTF8(_ data: TemplateData, root: TemplateData.Value, size: Int? = nil) -> [UInt8] {
        render(data, root: root, size: size) { Array($0) }
    }

    /// ``renderUTF8(_:root:size:)`` handing the output to `body` where it was rendered,
    /// valid only during the call: a page that goes to a file needs no array of its own.
    func render<Result>(
        _ data: TemplateData, root: TemplateData.Value, size: Int? = nil,
        then body: (UnsafeBufferPointer<UInt8>) -> Result
    ) -> Result {
        var rendering = TemplateRendering(
            program: program, data: data, context: root, capacity: max(estimatedSize, size ?? 0))
        rendering.render(program.main, depth: 0)
        return body(rendering.output.buffer)
    }

    /// The number that stands for `name` in this template's lookups, for the fields of a
    /// ``TemplateData``; `-1` if no tag uses the name, so that the field can be left out.
    func key(_ name: String) -> Int32 {
        program.keys[name] ?? -1
    }

    /// The number of the partial `name`, for the pieces of a markup value
    /// (``TemplateData/markupPiece(_:partial:)``); `-1` if there is none.
    func partial(_ name: String) -> Int32 {
        partialNumbers[name] ?? -1
    }

    /// The numbers of every field name, for ``TemplateData/add(_:keys:)``.
    var keys: [String: Int32] { program.keys }
}
