import Sections

/// The state of one ``Template/render(_:)`` call: the output, appended to in place, and the
/// context stack, which sections push onto and pop, so contexts are never copied.
struct TemplateRendering {
    /// How deeply partials may include partials before further ones render nothing. Keeps a
    /// partial that includes itself without end from exhausting the stack.
    static let maximumPartialDepth = 200

    private let partials: [[TemplateNode]]
    private(set) var output = ""
    private var stack: [TemplateValue]

    init(context: TemplateValue, partials: [[TemplateNode]], capacity: Int) {
        self.partials = partials
        output.reserveCapacity(capacity)
        stack = [context]
        stack.reserveCapacity(16)
    }

    /// Renders `nodes`, writing `indentation` at each ``TemplateNode/lineStart``.
    /// `depth` counts the partials that enclose `nodes`.
    mutating func render(_ nodes: [TemplateNode], indentation: String, depth: Int) {
        for node in nodes {
            switch node {
            case .text(let text):
                output += text
            case .lineStart:
                if !indentation.isEmpty { output += indentation }
            case .variable(let name, let isEscaped):
                switch resolve(name) {
                case .string(let text):
                    if isEscaped { HTMLFragment.appendEscaped(text, to: &output) } else { output += text }
                case let value:
                    output += value.interpolatedText
                }
            case .section(let name, let isInverted, let children):
                let value = resolve(name)
                if isInverted {
                    if !value.isTruthy { render(children, indentation: indentation, depth: depth) }
                } else if case .list(let items) = value {
                    for item in items {
                        renderChildren(children, in: item, indentation: indentation, depth: depth)
                    }
                } else if value.isTruthy {
                    renderChildren(children, in: value, indentation: indentation, depth: depth)
                }
            case .partial(let index, let partialIndentation):
                guard let index, depth < Self.maximumPartialDepth else { break }
                let combined = partialIndentation.isEmpty ? indentation : indentation + partialIndentation
                render(partials[index], indentation: combined, depth: depth + 1)
            }
        }
    }

    private mutating func renderChildren(
        _ children: [TemplateNode],
        in context: TemplateValue,
        indentation: String,
        depth: Int
    ) {
        stack.append(context)
        render(children, indentation: indentation, depth: depth)
        stack.removeLast()
    }

    /// Looks the first part of `name` up from the top of the context stack down, then the
    /// other parts inside what it found, without going back to the stack: a missing key
    /// anywhere after the first part resolves to ``TemplateValue/null``.
    private func resolve(_ name: TemplateName) -> TemplateValue {
        guard let first = name.parts.first else { return stack[stack.count - 1] }
        var level = stack.count - 1
        while level >= 0 {
            if case .object(let fields) = stack[level], var value = fields[first] {
                for part in name.parts.dropFirst() {
                    guard case .object(let fields) = value, let next = fields[part] else { return .null }
                    value = next
                }
                return value
            }
            level -= 1
        }
        return .null
    }
}
