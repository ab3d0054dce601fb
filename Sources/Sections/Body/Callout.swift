/// A GitHub-style callout: a block quote whose first line is `[!NOTE]`, `[!TIP]`,
/// `[!IMPORTANT]`, `[!WARNING]` or `[!CAUTION]`, optionally followed by `-` or `+` and a
/// title.
public struct Callout: Hashable, Sendable {
    public enum Kind: String, CaseIterable, Hashable, Sendable {
        case note, tip, important, warning, caution
    }

    /// Whether the reader can fold the callout, and how it starts.
    public enum Folding: Hashable, Sendable {
        /// No sign after the marker: always open.
        case none
        /// `[!TIP]-`: foldable, starts closed.
        case collapsed
        /// `[!TIP]+`: foldable, starts open.
        case expanded
    }

    public var kind: Kind
    public var folding: Folding
    /// The text after the marker as cmark's inline HTML; empty when there is none, and
    /// the theme shows a title of its own for the kind.
    public var titleHTML: HTMLFragment
    /// The quote's blocks after the marker's line.
    public var body: Body

    public init(kind: Kind, folding: Folding = .none, titleHTML: HTMLFragment = .empty, body: Body = .empty) {
        self.kind = kind
        self.folding = folding
        self.titleHTML = titleHTML
        self.body = body
    }
}
