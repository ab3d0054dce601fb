/// The checkbox of a GitHub-flavoured task list item: a list item whose text starts with
/// `[ ]`, `[x]` or `[X]` and a blank. It is placed where the item's text starts; the
/// item itself stays cmark's list HTML.
public struct TaskItem: Hashable, Sendable {
    /// `[x]` or `[X]`.
    public var isChecked: Bool

    public init(isChecked: Bool) {
        self.isChecked = isChecked
    }
}
