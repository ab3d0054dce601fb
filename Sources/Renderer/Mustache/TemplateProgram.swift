/// A compiled template and its partials flattened into one array of instructions for
/// rendering, with the texts and names they use kept in tables of their own.
///
/// The parser's ``TemplateNode`` tree holds strings and arrays in every node, so walking
/// it retains and releases at each step. An ``Instruction`` holds only integers: the
/// instructions of a section's body follow the section, up to its `end`, and a partial's
/// are a range of the same array. A site renders the same few templates thousands of
/// times, which is where that walk showed.
struct TemplateProgram: Sendable {
    enum Instruction: Sendable {
        /// Appends `texts[index]`.
        case text(Int32)
        /// The start of a source line of a partial, where the partial's indentation goes.
        case lineStart
        /// Appends the value of `names[name]`, escaped or not.
        case variable(name: Int32, isEscaped: Bool)
        /// Renders the instructions after it up to `end` for the value of `names[name]`,
        /// then goes on at `end`.
        case section(name: Int32, isInverted: Bool, end: Int32)
        /// Renders `partials[partial]` (`-1`: no such partial, nothing) with the text
        /// `texts[indentation]` (`-1`: none) added before each of its lines.
        case partial(Int32, indentation: Int32)
    }

    private(set) var instructions: [Instruction] = []
    /// The literal texts, one after the other as the UTF-8 bytes that rendering appends;
    /// text `index` is `textBytes[textRanges[index]]`. (One array rather than one per text:
    /// appending a text then retains nothing.)
    private(set) var textBytes: [UInt8] = []
    private(set) var textRanges: [Range<Int>] = []
    /// Each name's parts, as keys: name `index` is `nameKeys[names[index]]`, so `a.b` is
    /// the keys of `a` and `b`, and the implicit iterator `.` is empty.
    private(set) var names: [Range<Int>] = []
    private(set) var nameKeys: [Int32] = []
    /// Every part of every name, as a small number: a lookup compares these, not strings.
    /// A field whose name is not here is never looked up (see ``TemplateData``).
    private(set) var keys: [String: Int32] = [:]
    /// Where the main template's and each partial's instructions are.
    private(set) var main: Range<Int> = 0..<0
    private(set) var partials: [Range<Int>] = []

    private var nameIndices: [[Int32]: Int32] = [:]

    init(main nodes: [TemplateNode], partials: [[TemplateNode]]) {
        main = append(nodes)
        self.partials = partials.map { append($0) }
        nameIndices = [:]
    }

    private mutating func append(_ nodes: [TemplateNode]) -> Range<Int> {
        let start = instructions.count
        for node in nodes {
            switch node {
            case .text(let text):
                instructions.append(.text(addText(text)))
            case .lineStart:
                instructions.append(.lineStart)
            case .variable(let name, let isEscaped):
                instructions.append(.variable(name: index(of: name), isEscaped: isEscaped))
            case .section(let name, let isInverted, let children):
                let at = instructions.count
                instructions.append(.lineStart)  // replaced below, once the body's end is known
                let body = append(children)
                instructions[at] = .section(name: index(of: name), isInverted: isInverted, end: Int32(body.upperBound))
            case .partial(let partial, let indentation):
                instructions.append(
                    .partial(partial.map(Int32.init) ?? -1, indentation: indentation.isEmpty ? -1 : addText(indentation)))
            }
        }
        return start..<instructions.count
    }

    private mutating func addText(_ text: String) -> Int32 {
        textRanges.append(textBytes.count..<(textBytes.count + text.utf8.count))
        textBytes.append(contentsOf: text.utf8)
        return Int32(textRanges.count - 1)
    }

    private mutating func index(of name: TemplateName) -> Int32 {
        var parts: [Int32] = []
        for part in name.parts { parts.append(key(for: part)) }
        if let index = nameIndices[parts] { return index }
        names.append(nameKeys.count..<(nameKeys.count + parts.count))
        nameKeys += parts
        nameIndices[parts] = Int32(names.count - 1)
        return Int32(names.count - 1)
    }

    private mutating func key(for part: String) -> Int32 {
        if let key = keys[part] { return key }
        let key = Int32(keys.count)
        keys[part] = key
        return key
    }
}
