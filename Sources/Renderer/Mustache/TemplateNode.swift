/// One piece of a compiled template. ``Template`` parses its source into a tree of these
/// once, at init, so rendering never looks at the source again.
enum TemplateNode: Sendable {
    /// Literal text, copied to the output as is.
    case text(String)
    /// `{{name}}` (escaped) or `{{{name}}}` / `{{& name}}` (raw).
    case variable(TemplateName, isEscaped: Bool)
    /// `{{#name}}…{{/name}}`, or `{{^name}}…{{/name}}` when `isInverted`.
    case section(TemplateName, isInverted: Bool, children: [TemplateNode])
    /// `{{> name}}`. `index` points into the template's compiled partials and is `nil` when
    /// no partial has that name, which renders nothing, as the spec asks. `indentation` is the
    /// whitespace before a standalone partial tag; every line of the partial gets it.
    case partial(index: Int?, indentation: String)
    /// The start of a source line of a partial, where the partial's indentation goes.
    case lineStart
}

/// A tag's name, split at dots: `a.b.c` looks up `a` in the context stack, then `b` and `c`
/// inside it. The implicit iterator `.` has no parts and means the top of the stack.
struct TemplateName: Sendable, Hashable {
    var parts: [String]

    /// Splits `text`, or returns `nil` when a part is empty, as in `a..b` or `.a`.
    init?(_ text: String) {
        if text == "." {
            parts = []
            return
        }
        // A name of ASCII, as nearly all are, is split on its bytes; by `Character`
        // otherwise (a `.` followed by a combining mark is not a separator).
        parts =
            text.utf8.allSatisfy { $0 < 0x80 }
            ? text.utf8.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false).map {
                String(decoding: $0, as: UTF8.self)
            } : text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        if parts.contains(where: \.isEmpty) { return nil }
    }
}
