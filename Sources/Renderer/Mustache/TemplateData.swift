/// The context of one rendering, laid out flat for one ``Template``: the texts one after
/// the other in one byte array, and the items of lists and fields of objects in one array
/// of small values, each field with its name as the template's key number.
///
/// A ``TemplateValue`` tree holds a string or an array in nearly every node, so rendering
/// from it retains and releases at every lookup and every list item, and a lookup compares
/// names as strings. Rendering from this retains nothing and compares integers. Lists and
/// objects are built inside out: their items go onto a stack of pending ones
/// (``item(_:)``, ``field(_:_:)``), and ``endList(_:)`` or ``endObject(_:)`` moves them
/// into place, so that each list's and object's items are contiguous.
///
/// A field whose name the template never uses (see ``Template/key(_:)``) is left out, as
/// no tag can look it up; its object stays truthy, and a list keeps every item.
struct TemplateData {
    enum Kind: UInt8 {
        case null, `false`, `true`
        /// A string or number: `bytes[start..<start + count]`, always truthy.
        case text
        /// The same in `shared`.
        case sharedText
        /// `count` items from `slots[start]` on.
        case list
        /// `count` fields from `slots[start]` on.
        case object
        /// HTML in `count` pieces from `slots[start]` on (see ``markupPiece(_:partial:)``):
        /// a text is placed as it is, any other value is rendered through the partial
        /// that its slot's key numbers. Truthy when it has pieces.
        case markup
    }

    struct Value {
        var kind: Kind
        var start: Int32 = 0
        var count: Int32 = 0

        static let null = Value(kind: .null)

        static func bool(_ value: Bool) -> Value { Value(kind: value ? .true : .false) }

        /// Whether a section `{{#name}}` renders (and `{{^name}}` does not) for this value.
        var isTruthy: Bool {
            switch kind {
            case .null, .false: false
            case .list, .markup: count > 0
            case .true, .text, .sharedText, .object: true
            }
        }
    }

    /// A list item (key `-1`) or an object's field.
    struct Slot {
        var key: Int32
        var value: Value
    }

    /// The texts and slots of the values that these extend (``init(extending:)``), read in
    /// place: the values of a large folder's navigation, which each of its pages extends
    /// with its own. Copying them for every page cost time in proportion to the folder's
    /// size, for each of its pages. Empty for values that extend none.
    let baseBytes: [UInt8]
    let baseSlots: [Slot]
    /// The texts and slots added here, numbered on from those of the base: a value's
    /// `start` below `baseBytes.count` (a text) or `baseSlots.count` (a list or object) is
    /// in the base.
    private(set) var bytes: [UInt8] = []
    /// Texts that many renderings share (a theme's stylesheet), which ``sharedText(_:)``
    /// points into instead of copying them.
    let shared: [UInt8]
    private(set) var slots: [Slot] = []
    /// Items of lists and objects not yet ended, innermost last.
    private var pending: [Slot] = []
    /// Where the rendered items of objects laid out before ``memoized`` slots are kept, for
    /// other renderings that start from a copy of these values (see ``TemplateMemo``).
    private(set) var memo: TemplateMemo?
    private(set) var memoized = 0

    init(shared: [UInt8] = []) {
        self.shared = shared
        baseBytes = []
        baseSlots = []
        pending.reserveCapacity(64)
    }

    /// Values that start as `base` (whose lists and objects are all ended), to which more
    /// are added; `base` is read where it is, not copied.
    init(extending base: TemplateData) {
        precondition(base.baseBytes.isEmpty && base.baseSlots.isEmpty && base.pending.isEmpty)
        shared = base.shared
        baseBytes = base.bytes
        baseSlots = base.slots
        memo = base.memo
        memoized = base.memoized
        pending.reserveCapacity(64)
    }

    /// Lets renderings of copies of these values share what they render of the objects
    /// laid out so far, which no copy changes.
    mutating func shareRenderings() {
        memo = TemplateMemo(slots: baseSlots.count + slots.count)
        memoized = baseSlots.count + slots.count
    }

    /// Makes room for `count` more bytes of text, and some more values.
    mutating func reserve(_ count: Int) {
        bytes.reserveCapacity(bytes.count + count)
        slots.reserveCapacity(slots.count + 256)
    }

    mutating func text(_ text: String) -> Value {
        var text = text  // withUTF8 on a native string copies nothing
        return text.withUTF8 { self.text($0) }
    }

    mutating func text(_ text: UnsafeBufferPointer<UInt8>) -> Value {
        let start = bytes.count
        bytes.append(contentsOf: text)
        return Value(kind: .text, start: Int32(baseBytes.count + start), count: Int32(text.count))
    }

    /// The text `shared[range]`.
    func sharedText(_ range: Range<Int>) -> Value {
        Value(kind: .sharedText, start: Int32(range.lowerBound), count: Int32(range.count))
    }

    /// Where the list or object begun now starts among the pending items, for its end.
    func begin() -> Int { pending.count }

    /// Adds the next item of the list being built.
    mutating func item(_ value: Value) {
        pending.append(Slot(key: -1, value: value))
    }

    /// Adds a field to the object being built; one with key `-1` (a name the template never
    /// uses) is left out.
    mutating func field(_ key: Int32, _ value: Value) {
        if key >= 0 { pending.append(Slot(key: key, value: value)) }
    }

    /// A list of `count` items, null until ``set(_:at:of:)`` sets them: for a list whose
    /// items are objects built one after the other, which then need not wait in the
    /// pending items.
    mutating func list(count: Int) -> Value {
        let start = baseSlots.count + slots.count
        slots.append(contentsOf: repeatElement(Slot(key: -1, value: .null), count: count))
        return Value(kind: .list, start: Int32(start), count: Int32(count))
    }

    /// Sets an item of a list made by ``list(count:)`` here (not in the base).
    mutating func set(_ item: Value, at index: Int, of list: Value) {
        slots[Int(list.start) - baseSlots.count + index].value = item
    }

    /// Adds the next piece of the markup being built: a text that is HTML already, or a
    /// value for the partial numbered `partial` (``Template/partial(_:)``; `-1` for a text,
    /// or for no partial, which renders nothing).
    mutating func markupPiece(_ value: Value, partial: Int32) {
        pending.append(Slot(key: partial, value: value))
    }

    /// The markup of the pieces added since `begin()` returned `mark`.
    mutating func endMarkup(_ mark: Int) -> Value { end(mark, as: .markup) }

    /// The list of the items added since `begin()` returned `mark`.
    mutating func endList(_ mark: Int) -> Value { end(mark, as: .list) }

    /// The object of the fields added since `begin()` returned `mark`.
    mutating func endObject(_ mark: Int) -> Value { end(mark, as: .object) }

    private mutating func end(_ mark: Int, as kind: Kind) -> Value {
        let start = slots.count
        pending.withUnsafeBufferPointer { slots.append(contentsOf: UnsafeBufferPointer(rebasing: $0[mark...])) }
        pending.removeLast(pending.count - mark)
        return Value(kind: kind, start: Int32(baseSlots.count + start), count: Int32(slots.count - start))
    }
}

extension TemplateData {
    /// Adds `value` and everything in it, with the field names as `keys` numbers them.
    mutating func add(_ value: TemplateValue, keys: [String: Int32]) -> Value {
        switch value {
        case .null: return .null
        case .bool(let value): return .bool(value)
        case .string, .number: return text(value.interpolatedText)
        case .list(let items):
            let mark = begin()
            for item in items { self.item(add(item, keys: keys)) }
            return endList(mark)
        case .object(let object):
            let mark = begin()
            for (name, value) in object.fields {
                guard let key = keys[name] else { continue }
                field(key, add(value, keys: keys))
            }
            return endObject(mark)
        }
    }
}
