import Synchronization

/// How far a running build is, readable from another thread while pages are built: which
/// step it is in, and how many of that step's pages are done.
public final class BuildProgress: Sendable {
    /// The steps a user sees, in order.
    public enum Step: Int, Sendable {
        /// Listing the sources and reading the build cache; no pages are known yet.
        case listing
        /// Reading, parsing and sectioning every source (or taking it from the cache).
        case reading
        /// The whole-site steps before the layout: folder indexes, link checking and the
        /// navigation.
        case checking
        /// Laying out every page with its navigation and writing what changed.
        case writing
        /// The rest: the search index, the output folder and the cache.
        case finishing
    }

    /// The step, the step's pages and the pages done, in one word so that a reader never
    /// sees a count of one step with another step: `step << 56 | total << 28 | done`.
    private let word = Atomic<UInt64>(0)
    private static let countBits: UInt64 = 28
    private static let countMask: UInt64 = 1 << countBits - 1

    /// Called on the build's own thread as each step starts, before any of its pages.
    private let stepStarted: (@Sendable (Step) -> Void)?

    /// A progress that `stepStarted`, if given, hears of each step as it starts (on the
    /// build's thread, before the step's first page, so what it does happens at a known
    /// point of the build: stopping a preview session there interrupts that step).
    public init(stepStarted: (@Sendable (Step) -> Void)? = nil) {
        self.stepStarted = stepStarted
    }

    /// The current step, its pages done and its pages in all.
    public var state: (step: Step, done: Int, total: Int) {
        let word = word.load(ordering: .relaxed)
        return (
            Step(rawValue: Int(word >> 56)) ?? .finishing,
            Int(word & Self.countMask),
            Int(word >> Self.countBits & Self.countMask)
        )
    }

    /// Starts `step`, which has `pages` pages (none done yet).
    func start(_ step: Step, pages: Int) {
        let total = UInt64(min(pages, Int(Self.countMask)))
        word.store(UInt64(step.rawValue) << 56 | total << Self.countBits, ordering: .relaxed)
        stepStarted?(step)
    }

    /// Goes on to ``Step/finishing``, keeping the counts of the step before (every page
    /// of it done, when it ended well). Called once no page is advanced any more.
    func finish() {
        let counts = word.load(ordering: .relaxed) & (1 << 56 - 1)
        word.store(UInt64(Step.finishing.rawValue) << 56 | counts, ordering: .relaxed)
        stepStarted?(.finishing)
    }

    /// One more page of the current step is done: at most as many times as the step has
    /// pages, so the count stays within its bits.
    func advance() {
        word.add(1, ordering: .relaxed)
    }
}
