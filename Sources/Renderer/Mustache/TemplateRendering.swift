import Basics
import Sections

/// The state of one ``Template/render(_:)`` call: the output, UTF-8 bytes appended to in
/// place, and the context stack, which sections push onto and pop.
///
/// Everything it reads, the program and the context (a ``TemplateData``), is arrays of
/// integers and bytes: rendering retains nothing per tag, and a lookup compares key numbers.
struct TemplateRendering: ~Copyable {
    /// How deeply partials may include partials before further ones render nothing. Keeps a
    /// partial that includes itself without end from exhausting the stack.
    static let maximumPartialDepth = 200

    private let instructions: [TemplateProgram.Instruction]
    private let textBytes: [UInt8]
    private let textRanges: [Range<Int>]
    private let names: [Range<Int>]
    private let nameKeys: [Int32]
    private let partials: [Range<Int>]
    private let bytes: [UInt8]
    private let shared: [UInt8]
    private let slots: [TemplateData.Slot]
    /// Those of the values that `data` extends, and where its own are numbered from.
    private let baseBytes: [UInt8]
    private let baseSlots: [TemplateData.Slot]
    private let ownBytesStart: Int
    private let ownSlotsStart: Int
    /// Where items rendered from objects before `memoized` slots are kept (see
    /// ``TemplateMemo``), and the lowest level of the stack that a lookup has looked at
    /// since the rendering of such an item began.
    /// (Not retained: the ``TemplateData`` that holds it outlives the rendering, and a
    /// strong reference read from `self` was retained and released for every list item.)
    private let memo: Unmanaged<TemplateMemo>?
    private let memoized: Int
    private var lowestLevel = Int.max
    private(set) var output: UniqueBuffer<UInt8>
    private var stack: [TemplateData.Value]
    /// What goes at each line start of a partial: the indentation of every standalone
    /// partial tag that encloses the instructions being rendered, outermost first.
    private var indentation: [UInt8] = []

    init(program: TemplateProgram, data: TemplateData, context: TemplateData.Value, capacity: Int) {
        instructions = program.instructions
        textBytes = program.textBytes
        textRanges = program.textRanges
        names = program.names
        nameKeys = program.nameKeys
        partials = program.partials
        bytes = data.bytes
        shared = data.shared
        slots = data.slots
        baseBytes = data.baseBytes
        baseSlots = data.baseSlots
        ownBytesStart = data.baseBytes.count
        ownSlotsStart = data.baseSlots.count
        memo = data.memo.map { Unmanaged.passUnretained($0) }
        memoized = data.memoized
        output = UniqueBuffer(capacity: capacity)
        stack = [context]
        stack.reserveCapacity(16)
    }

    /// Renders the instructions in `range`. `depth` counts the partials that enclose them.
    mutating func render(_ range: Range<Int>, depth: Int) {
        var at = range.lowerBound
        while at < range.upperBound {
            switch instructions[at] {
            case .text(let text):
                let range = textRanges[Int(text)]
                textBytes.withUnsafeBufferPointer {
                    output.append(contentsOf: UnsafeBufferPointer(rebasing: $0[range]))
                }
            case .lineStart:
                if !indentation.isEmpty { indentation.withUnsafeBufferPointer { output.append(contentsOf: $0) } }
            case .variable(let name, let isEscaped):
                let value = resolve(name)
                if value.kind == .markup {
                    appendMarkup(value, isEscaped: isEscaped, depth: depth)
                } else {
                    append(value, isEscaped: isEscaped)
                }
            case .section(let name, let isInverted, let end):
                let body = (at + 1)..<Int(end)
                let value = resolve(name)
                if isInverted {
                    if !value.isTruthy { render(body, depth: depth) }
                } else if value.kind == .list {
                    let items = Int(value.start)..<Int(value.start + value.count)
                    for item in items {
                        let value = slot(item).value
                        if let memo, value.kind == .object, Int(value.start) < memoized, indentation.isEmpty {
                            renderBody(body, in: value, depth: depth, memo: memo, instruction: at)
                        } else {
                            renderBody(body, in: value, depth: depth)
                        }
                    }
                } else if value.isTruthy {
                    renderBody(body, in: value, depth: depth)
                }
                at = Int(end)
                continue
            case .partial(let partial, let partialIndentation):
                guard partial >= 0, depth < Self.maximumPartialDepth else { break }
                // Most partial tags stand at the start of their line: nothing to indent.
                guard partialIndentation >= 0 else {
                    render(partials[Int(partial)], depth: depth + 1)
                    break
                }
                let enclosing = indentation.count
                let range = textRanges[Int(partialIndentation)]
                textBytes.withUnsafeBufferPointer {
                    indentation.append(contentsOf: UnsafeBufferPointer(rebasing: $0[range]))
                }
                render(partials[Int(partial)], depth: depth + 1)
                indentation.removeSubrange(enclosing...)
            }
            at += 1
        }
    }

    /// Appends what `{{name}}` shows of `value`: a text, escaped or not, `true` or `false`;
    /// nothing for the other kinds.
    private mutating func append(_ value: TemplateData.Value, isEscaped: Bool) {
        switch value.kind {
        case .text, .sharedText:
            let range = Int(value.start)..<Int(value.start + value.count)
            if value.kind == .text && range.lowerBound >= ownBytesStart {
                let own = (range.lowerBound - ownBytesStart)..<(range.upperBound - ownBytesStart)
                bytes.withUnsafeBufferPointer { append(UnsafeBufferPointer(rebasing: $0[own]), isEscaped: isEscaped) }
            } else if value.kind == .text {
                baseBytes.withUnsafeBufferPointer {
                    append(UnsafeBufferPointer(rebasing: $0[range]), isEscaped: isEscaped)
                }
            } else {
                shared.withUnsafeBufferPointer {
                    append(UnsafeBufferPointer(rebasing: $0[range]), isEscaped: isEscaped)
                }
            }
        case .true: output.append("true")
        case .false: output.append("false")
        case .null, .list, .object, .markup: break
        }
    }

    /// Appends what `{{name}}` shows of a markup value: each text piece as it is, each
    /// other piece rendered through its partial with the piece on top of the context
    /// stack, as a text would be placed (without the indentation of an enclosing
    /// standalone partial tag). Escaped, the whole is rendered aside first, then escaped.
    private mutating func appendMarkup(_ markup: TemplateData.Value, isEscaped: Bool, depth: Int) {
        guard !isEscaped else {
            var aside = UniqueBuffer<UInt8>(capacity: 256)
            swap(&output, &aside)
            appendMarkup(markup, isEscaped: false, depth: depth)
            swap(&output, &aside)
            HTMLFragment.appendEscaped(aside.buffer, to: &output)
            return
        }
        for index in Int(markup.start)..<Int(markup.start + markup.count) {
            let piece = slot(index)
            if piece.value.kind == .text || piece.value.kind == .sharedText {
                append(piece.value, isEscaped: false)
            } else if piece.key >= 0, depth < Self.maximumPartialDepth {
                // Placed like a text: no standalone partial's indentation goes into it.
                var enclosing: [UInt8] = []
                swap(&indentation, &enclosing)
                stack.append(piece.value)
                render(partials[Int(piece.key)], depth: depth + 1)
                stack.removeLast()
                swap(&indentation, &enclosing)
            }
        }
    }

    private mutating func append(_ text: UnsafeBufferPointer<UInt8>, isEscaped: Bool) {
        if isEscaped { HTMLFragment.appendEscaped(text, to: &output) } else { output.append(contentsOf: text) }
    }

    /// ``renderBody(_:in:depth:)`` for a list item whose output `memo` may hold: appends
    /// it from there, or renders it and keeps it if no lookup looked below the item.
    private mutating func renderBody(
        _ body: Range<Int>, in item: TemplateData.Value, depth: Int, memo: Unmanaged<TemplateMemo>, instruction: Int
    ) {
        let found = memo._withUnsafeGuaranteedRef {
            $0.appendOutput(for: item, instruction: instruction, depth: depth, to: &output)
        }
        if found {
            // It looked at nothing below the item, so nothing lower for the enclosing item.
            return
        }
        let enclosingLowest = lowestLevel
        lowestLevel = .max
        let start = output.count
        let level = stack.count
        renderBody(body, in: item, depth: depth)
        if lowestLevel >= level {
            let kept = Array(UnsafeBufferPointer(rebasing: output.buffer[start...]))
            memo._withUnsafeGuaranteedRef { $0.keep(kept, for: item, instruction: instruction, depth: depth) }
        }
        lowestLevel = min(enclosingLowest, lowestLevel)
    }

    private mutating func renderBody(_ body: Range<Int>, in context: TemplateData.Value, depth: Int) {
        stack.append(context)
        render(body, depth: depth)
        stack.removeLast()
    }

    /// Looks the first part of the name up from the top of the context stack down, then the
    /// other parts inside what it found, without going back to the stack: a missing key
    /// anywhere after the first part resolves to null.
    ///
    /// Notes in ``lowestLevel`` how far down the stack it looked.
    private mutating func resolve(_ name: Int32) -> TemplateData.Value {
        let (value, level) = find(name)
        if level < lowestLevel { lowestLevel = level }
        return value
    }

    /// The value of `name`, and the level of the stack where its first part was found, or
    /// -1 when it was not, which looked at every level.
    private func find(_ name: Int32) -> (TemplateData.Value, level: Int) {
        let parts = names[Int(name)]
        guard let first = parts.first else { return (stack[stack.count - 1], stack.count - 1) }
        var level = stack.count - 1
        while level >= 0 {
            if var value = field(nameKeys[first], of: stack[level]) {
                for part in parts.dropFirst() {
                    guard let next = field(nameKeys[part], of: value) else { return (.null, level) }
                    value = next
                }
                return (value, level)
            }
            level -= 1
        }
        return (.null, -1)
    }

    /// The value of field `key` of an object, the last if it has several; `nil` for a
    /// missing one, and for any value that is not an object.
    @inline(__always)
    private func field(_ key: Int32, of value: TemplateData.Value) -> TemplateData.Value? {
        guard value.kind == .object else { return nil }
        let start = Int(value.start)
        let end = start + Int(value.count)
        // An object is made in one piece (``TemplateData/endObject(_:)``), so its slots are
        // all among the values' own or all in the base: scanned in place, without choosing
        // between the two arrays (and checking bounds) per slot.
        if start >= ownSlotsStart {
            return slots.withUnsafeBufferPointer {
                Self.last(key, in: $0, from: start - ownSlotsStart, to: end - ownSlotsStart)
            }
        }
        precondition(end <= ownSlotsStart, "an object's slots are in one array")
        return baseSlots.withUnsafeBufferPointer { Self.last(key, in: $0, from: start, to: end) }
    }

    /// The value of the last slot of `slots[start..<end]` with `key`.
    @inline(__always)
    private static func last(
        _ key: Int32, in slots: UnsafeBufferPointer<TemplateData.Slot>, from start: Int, to end: Int
    ) -> TemplateData.Value? {
        var index = end
        while index > start {
            index -= 1
            if slots[index].key == key { return slots[index].value }
        }
        return nil
    }

    /// Slot `index`, in the base or among the values' own.
    @inline(__always)
    private func slot(_ index: Int) -> TemplateData.Slot {
        index >= ownSlotsStart ? slots[index - ownSlotsStart] : baseSlots[index]
    }
}
