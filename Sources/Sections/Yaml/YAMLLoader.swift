internal import CYaml

/// Reads one YAML document with libyaml's loader and copies it into ``YAMLValue``s.
///
/// libyaml resolves aliases by sharing nodes, so a few lines of anchors can describe an
/// exponentially large tree; copying stops at ``maximumNodes`` and at ``maximumDepth``.
struct YAMLLoader {
    static let maximumNodes = 100_000
    static let maximumDepth = 64

    /// The 1-based line of the YAML text's first line in the file, for error locations.
    var firstLine: Int

    /// Returns `nil` for an empty stream (no document at all). A key that a mapping repeats,
    /// at any depth, is added to `problems`; what libyaml cannot read is thrown.
    func load(_ text: String, problems: inout [SectionsError]) throws(SectionsError) -> YAMLValue? {
        if let simple = SimpleYAML.read(text, firstLine: firstLine) {
            // One mapping of plain keys, each at the start of its line.
            if case .mapping(let pairs) = simple { Self.findDuplicateKeys(pairs, problems: &problems) }
            return simple
        }
        return try loadWithLibyaml(text, problems: &problems)
    }

    /// ``load(_:problems:)`` by libyaml, whatever the document.
    func loadWithLibyaml(_ text: String, problems: inout [SectionsError]) throws(SectionsError) -> YAMLValue? {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else { throw SectionsError(.parserFailed, line: firstLine) }
        defer { yaml_parser_delete(&parser) }
        let bytes = Array(text.utf8)
        return try bytes.withUnsafeBufferPointer { buffer throws(SectionsError) -> YAMLValue? in
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            var document = yaml_document_t()
            guard yaml_parser_load(&parser, &document) == 1 else {
                let problem = parser.problem.map { String(cString: $0) } ?? "unknown error"
                // What libyaml was reading, and where that began: an unclosed `[` or quote
                // is found only where the text ends, far from the line to mend.
                let context =
                    parser.context.map { context in
                        let start = parser.context_mark
                        return String(cString: context)
                            + " that starts at line \(firstLine + Int(start.line)), column \(Int(start.column) + 1): "
                    } ?? ""
                throw SectionsError(
                    .malformedYAML(context + problem),
                    line: firstLine + Int(parser.problem_mark.line),
                    column: Int(parser.problem_mark.column) + 1)
            }
            defer { yaml_document_delete(&document) }
            guard let root = yaml_document_get_root_node(&document) else { return nil }
            var budget = Self.maximumNodes
            return try convert(root, in: &document, depth: 0, budget: &budget, problems: &problems)
        }
    }

    private func convert(
        _ node: UnsafeMutablePointer<yaml_node_t>, in document: inout yaml_document_t, depth: Int, budget: inout Int,
        problems: inout [SectionsError]
    ) throws(SectionsError) -> YAMLValue {
        budget -= 1
        let line = firstLine + Int(node.pointee.start_mark.line)
        guard budget >= 0, depth <= Self.maximumDepth else {
            throw SectionsError(.malformedYAML("too deeply nested or too many aliases"), line: line)
        }
        switch node.pointee.type {
        case YAML_SCALAR_NODE:
            let scalar = node.pointee.data.scalar
            let text =
                scalar.value.map {
                    String(decoding: UnsafeBufferPointer(start: $0, count: scalar.length), as: UTF8.self)
                } ?? ""
            return .scalar(text, isPlain: scalar.style == YAML_PLAIN_SCALAR_STYLE)
        case YAML_SEQUENCE_NODE:
            var items: [YAMLValue] = []
            var item = node.pointee.data.sequence.items.start
            while let current = item, current != node.pointee.data.sequence.items.top {
                if let child = yaml_document_get_node(&document, current.pointee) {
                    items.append(
                        try convert(child, in: &document, depth: depth + 1, budget: &budget, problems: &problems))
                }
                item = current + 1
            }
            return .sequence(items)
        case YAML_MAPPING_NODE:
            var pairs: [YAMLValue.Pair] = []
            // The pairs whose key is a sequence or a mapping: their `key` is "", not a name.
            var complexKeys: [Int] = []
            var pair = node.pointee.data.mapping.pairs.start
            while let current = pair, current != node.pointee.data.mapping.pairs.top {
                if let keyNode = yaml_document_get_node(&document, current.pointee.key),
                    let valueNode = yaml_document_get_node(&document, current.pointee.value)
                {
                    let key = try convert(
                        keyNode, in: &document, depth: depth + 1, budget: &budget, problems: &problems)
                    let value = try convert(
                        valueNode, in: &document, depth: depth + 1, budget: &budget, problems: &problems)
                    if keyNode.pointee.type != YAML_SCALAR_NODE { complexKeys.append(pairs.count) }
                    let mark = keyNode.pointee.start_mark
                    pairs.append(
                        YAMLValue.Pair(
                            key: key.string ?? "", value: value, line: firstLine + Int(mark.line),
                            column: Int(mark.column) + 1))
                }
                pair = current + 1
            }
            Self.findDuplicateKeys(pairs, skipping: complexKeys, problems: &problems)
            return .mapping(pairs)
        default:
            return .scalar("", isPlain: true)
        }
    }

    /// Adds a ``SectionsError/Reason/duplicateKey(_:firstLine:)`` for every pair of `pairs`
    /// (but those at the indexes `skipping`) whose key an earlier pair has: YAML forbids it,
    /// and a lookup would take the later value without a word.
    ///
    /// Front matter has a few keys: comparing each with those before it costs less than a
    /// dictionary, which a mapping of many keys gets instead, so that the work stays linear.
    static func findDuplicateKeys(
        _ pairs: [YAMLValue.Pair], skipping: [Int] = [], problems: inout [SectionsError]
    ) {
        func report(_ index: Int, firstAt first: Int) {
            let pair = pairs[index]
            problems.append(
                SectionsError(
                    .duplicateKey(pair.key, firstLine: pairs[first].line), line: pair.line, column: pair.column))
        }
        if pairs.count <= 16 {
            for index in pairs.indices.dropFirst() where !skipping.contains(index) {
                for earlier in 0..<index where pairs[earlier].key == pairs[index].key && !skipping.contains(earlier) {
                    report(index, firstAt: earlier)
                    break
                }
            }
        } else {
            var firstIndex: [String: Int] = [:]
            firstIndex.reserveCapacity(pairs.count)
            let skipped = Set(skipping)
            for index in pairs.indices where !skipped.contains(index) {
                if let first = firstIndex[pairs[index].key] {
                    report(index, firstAt: first)
                } else {
                    firstIndex[pairs[index].key] = index
                }
            }
        }
    }
}
