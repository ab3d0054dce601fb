/// The checkbox of a GitHub-flavoured task list item: a list item whose text starts with
/// `[ ]`, `[x]` or `[X]` and a blank. It is placed where the item's text starts; the
/// item itself stays cmark's list HTML.
public struct TaskItem: Hashable, Sendable {
    /// `[x]` or `[X]`.
    public var isChecked: Bool
    /// The item's first paragraph as plain text (see ``Section/title``), which labels the
    /// checkbox for screen readers: a checkbox with no name is read as "checkbox" alone.
    public var text: String

    public init(isChecked: Bool, text: String = "") {
        self.isChecked = isChecked
        self.text = text
    }
}
