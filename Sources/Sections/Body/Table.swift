/// A GitHub-flavoured pipe table.
public struct Table: Hashable, Sendable {
    /// A column's alignment, from the colons of the delimiter row.
    public enum Alignment: String, Hashable, Sendable {
        case none = ""
        case left, center, right
    }

    /// One for each column.
    public var alignments: [Alignment]
    /// The header row's cells as cmark's inline HTML, one for each column.
    public var header: [HTMLFragment]
    /// The body's rows, each with one cell for each column: a short row is filled up with
    /// empty cells, and the cells beyond the header's columns are dropped.
    public var rows: [[HTMLFragment]]

    public init(alignments: [Alignment], header: [HTMLFragment], rows: [[HTMLFragment]] = []) {
        self.alignments = alignments
        self.header = header
        self.rows = rows
    }
}
