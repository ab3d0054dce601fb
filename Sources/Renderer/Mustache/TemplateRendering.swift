import Sections

/// The state of one ``Template/render(_:)`` call: the output, UTF-8 bytes appended to in
/// place, and the context stack, which sections push onto and pop, so contexts are never
/// copied.
struct TemplateRendering {
    /// How deeply partials may include partials before further ones render nothing. Keeps a
    /// partial that includes itself without end from exhausting the stack.
    static let maximumPartialDepth = 200

    private let program: TemplateProgram
    private let instructions: UnsafeBufferPointer<TemplateProgram.Instruction>
    private let textBytes: UnsafeBufferPointer<UInt8>
    private let textRanges: UnsafeBufferPointer<Range<Int>>
    private(set) var output: [UInt8] = []
    private var stack: [TemplateValue]

    /// `instructions`, `textBytes` and `textRanges` must be those of `program`, valid for as
    /// long as the rendering.
    init(
        program: TemplateProgram, instructions: UnsafeBufferPointer<TemplateProgram.Instruction>,
        textBytes: UnsafeBufferPointer<UInt8>, textRanges: UnsafeBufferPointer<Range<Int>>,
        context: TemplateValue, capacity: Int
    ) {
        self.program = program
        self.instructions = instructions
        self.textBytes = textBytes
        self.textRanges = textRanges
        output.reserveCapacity(capacity)
        stack = [context]
        stack.reserveCapacity(16)
    }

    /// Renders the instructions in `range`, writing `indentation` at each line start of a
    /// partial. `depth` counts the partials that enclose them.
    mutating func render(_ range: Range<Int>, indentation: [UInt8], depth: Int) {
        var at = range.lowerBound
        while at < range.upperBound {
            switch instructions[at] {
            case .text(let text):
                output.append(contentsOf: self.text(text))
            case .lineStart:
                if !indentation.isEmpty { output += indentation }
            case .variable(let name, let isEscaped):
                switch resolve(name) {
                case .string(let text):
                    if isEscaped { HTMLFragment.appendEscaped(text, to: &output) } else { output += text.utf8 }
                case let value:
                    output += value.interpolatedText.utf8
                }
            case .section(let name, let isInverted, let end):
                let body = (at + 1)..<Int(end)
                let value = resolve(name)
                if isInverted {
                    if !value.isTruthy { render(body, indentation: indentation, depth: depth) }
                } else if case .list(let items) = value {
                    for item in items {
                        renderBody(body, in: item, indentation: indentation, depth: depth)
                    }
                } else if value.isTruthy {
                    renderBody(body, in: value, indentation: indentation, depth: depth)
                }
                at = Int(end)
                continue
            case .partial(let partial, let partialIndentation):
                guard partial >= 0, depth < Self.maximumPartialDepth else { break }
                let combined = partialIndentation < 0 ? indentation : indentation + self.text(partialIndentation)
                render(program.partials[Int(partial)], indentation: combined, depth: depth + 1)
            }
            at += 1
        }
    }

    /// The bytes of literal text `index`.
    @inline(__always)
    private func text(_ index: Int32) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: textBytes[textRanges[Int(index)]])
    }

    private mutating func renderBody(_ body: Range<Int>, in context: TemplateValue, indentation: [UInt8], depth: Int) {
        stack.append(context)
        render(body, indentation: indentation, depth: depth)
        stack.removeLast()
    }

    /// Looks the first part of the name up from the top of the context stack down, then the
    /// other parts inside what it found, without going back to the stack: a missing key
    /// anywhere after the first part resolves to ``TemplateValue/null``.
    private func resolve(_ name: Int32) -> TemplateValue {
        // Reads in place: copying the name's parts, or each context on the way down, would
        // retain and release them for every tag.
        program.names.withUnsafeBufferPointer { names in
            let parts = names.baseAddress! + Int(name)
            guard let first = parts.pointee.first else { return stack[stack.count - 1] }
            var level = stack.count - 1
            while level >= 0 {
                if var value = stack[level].field(first) {
                    for part in parts.pointee.dropFirst() {
                        guard let next = value.field(part) else { return .null }
                        value = next
                    }
                    return value
                }
                level -= 1
            }
            return .null
        }
    }
}

extension TemplateValue {
    /// The value of the field `name` of an object; `nil` for a missing one, and for any
    /// value that is not an object.
    @inline(__always)
    fileprivate func field(_ name: String) -> TemplateValue? {
        guard case .object(let fields) = self else { return nil }
        return fields[name]
    }
}
