/// An error at a line and column of one file that can carry the other problems found in the
/// same pass over it, so that one run reports every wrong key of a front matter or
/// `foldmark.yml` rather than the first: the first problem is thrown, the others ride with
/// it, and a report lists ``allProblems``. ``SectionsError`` and Site's error are such.
public protocol LocatedProblem: Error, Equatable {
    var line: Int? { get }
    var column: Int? { get }
    /// The problems found after this one in the same pass, in the order of the file, each
    /// with none of its own.
    var otherProblems: [Self] { get set }
}

extension LocatedProblem {
    /// The first of `problems` in the order of the file, carrying the others; `nil` if
    /// there are none. A problem found twice (a mapping reached through two aliases) is
    /// kept once.
    public init?(combining problems: [Self]) {
        guard var first = problems.first else { return nil }
        if problems.count > 1 {
            var sorted = problems.sorted { ($0.line ?? 0, $0.column ?? 0) < ($1.line ?? 0, $1.column ?? 0) }
            sorted = sorted.indices.compactMap { $0 > 0 && sorted[$0] == sorted[$0 - 1] ? nil : sorted[$0] }
            first = sorted.removeFirst()
            first.otherProblems = sorted
        }
        self = first
    }

    /// This problem, then ``otherProblems``: what a report lists, one line each.
    public var allProblems: [Self] {
        guard !otherProblems.isEmpty else { return [self] }
        var alone = self
        alone.otherProblems = []
        return [alone] + otherProblems
    }
}
