import Synchronization

/// How far a running build is, readable from another thread while pages are built.
/// Each page counts twice: once when it is parsed, once when it is laid out.
public final class BuildProgress: Sendable {
    private let total = Atomic<Int>(0)
    private let done = Atomic<Int>(0)

    public init() {}

    /// Steps done and steps in all; `total` is 0 until the pages are known.
    public var fraction: (done: Int, total: Int) {
        (done.load(ordering: .relaxed), total.load(ordering: .relaxed))
    }

    func start(pages: Int) {
        total.store(2 * pages, ordering: .relaxed)
    }

    /// Changes the number of steps: pages that turned out to be drafts need no layout,
    /// generated folder indexes do.
    func expect(more steps: Int) {
        total.add(steps, ordering: .relaxed)
    }

    func advance() {
        done.add(1, ordering: .relaxed)
    }
}
