import Dispatch
import FoundationEssentials
import Synchronization

/// Runs independent work on every core.
package enum Parallel {
    /// `body(0..<count)` on up to `jobs` tasks (default: one per core), each taking every
    /// n-th index; the results come back in index order, whatever the number of tasks.
    package static func map<T: Sendable>(_ count: Int, jobs: Int? = nil, _ body: @escaping @Sendable (Int) -> T) async -> [T] {
        let workers = workers(for: count, jobs: jobs)
        let parts = await withTaskGroup(of: (Int, [T]).self) { group in
            for worker in 0..<workers {
                group.addTask {
                    (worker, stride(from: worker, to: count, by: workers).map(body))
                }
            }
            return await group.reduce(into: [[T]](repeating: [], count: workers)) { $0[$1.0] = $1.1 }
        }
        var result: [T] = []
        result.reserveCapacity(count)
        // (index i ran on task i % workers: callers may rely on that to give each task
        // a resource of its own.)
        for index in 0..<count {
            result.append(parts[index % workers][index / workers])
        }
        return result
    }

    /// `body(index, worker)` for every index of `0..<count`, on up to `jobs` tasks (default:
    /// one per core); the results come back in index order. Each task takes the next `chunk`
    /// consecutive indices whenever it is done with the last ones: neighbouring pages, which
    /// are mostly in one folder, go to one task, and a task that drew cheap pages takes more.
    /// The chunks are handed out from as many places in `0..<count` as there are tasks, in
    /// turn (see ``ChunkOrder``), so that tasks working at the same time are far apart:
    /// two tasks creating files in one folder wait for each other on its lock. `worker`
    /// (in `0..<workers(for: count, jobs: jobs)`) numbers the task, for a resource of its own.
    package static func map<T: Sendable>(
        _ count: Int, jobs: Int? = nil, chunk: Int, _ body: @escaping @Sendable (_ index: Int, _ worker: Int) -> T
    ) async -> [T] {
        let workers = workers(for: count, jobs: jobs)
        let order = ChunkOrder(count: count, chunk: chunk, lanes: workers)
        let next = ChunkCounter()
        // Each value is made in its place in one buffer (every index by one task only, and
        // read once all are done), then moved into the array: no list per task that grows
        // by copying, and no value copied, which would retain, then release, every string
        // and array a page's outcome holds.
        let values = UnsafeMutablePointer<T>.allocate(capacity: max(count, 1))
        defer { values.deallocate() }
        nonisolated(unsafe) let base = values
        await withTaskGroup(of: Void.self) { group in
            for worker in 0..<workers {
                group.addTask {
                    while case let number = next.take(), number < order.slots {
                        guard let range = order.chunk(number) else { continue }
                        for index in range { (base + index).initialize(to: body(index, worker)) }
                    }
                }
            }
        }
        return [T](unsafeUninitializedCapacity: count) { buffer, initialized in
            if count > 0 { buffer.baseAddress!.moveInitialize(from: values, count: count) }
            initialized = count
        }
    }

    /// `body(index)` for every index of `0..<count`, each on one of Dispatch's threads
    /// rather than in the shared pool of Swift tasks (see ``Background``); the results
    /// come back in index order.
    package static func mapOnThreads<T: Sendable>(_ count: Int, _ body: @Sendable (Int) -> T) -> [T] {
        guard count > 0 else { return [] }
        return [T](unsafeUninitializedCapacity: count) { buffer, initialized in
            // Each index is written by one thread only, and read after all are done.
            nonisolated(unsafe) let base = buffer.baseAddress!
            DispatchQueue.concurrentPerform(iterations: count) { index in (base + index).initialize(to: body(index)) }
            initialized = count
        }
    }

    /// How many tasks ``map(_:jobs:_:)`` uses for `count` items.
    package static func workers(for count: Int, jobs: Int?) -> Int {
        max(1, min(jobs ?? cores, count))
    }

    /// The cores this process may use, found once: Foundation reads the cgroup's CPU quota
    /// files on every call (ten times in a one-page edit).
    package static let cores = ProcessInfo.processInfo.activeProcessorCount
}

/// The order in which ``Parallel/map(_:jobs:chunk:_:)`` hands out its chunks: `0..<count`
/// is cut into `lanes` runs of consecutive chunks, and the n-th chunk handed out is the
/// (n / lanes)-th of run n % lanes. Chunks handed out one after the other are therefore
/// in different runs, a run's length apart, while each run is still done from its start.
package struct ChunkOrder: Sendable {
    package let count: Int
    package let chunk: Int
    package let lanes: Int
    /// Chunks per run; the last run may be shorter, or empty.
    package let perLane: Int

    package init(count: Int, chunk: Int, lanes: Int) {
        self.count = count
        self.chunk = max(1, chunk)
        self.lanes = max(1, lanes)
        let chunks = (count + self.chunk - 1) / self.chunk
        perLane = (chunks + self.lanes - 1) / self.lanes
    }

    /// How many numbers ``chunk(_:)`` takes: every run as long as the first.
    package var slots: Int { lanes * perLane }

    /// The indices of the `number`-th chunk handed out (`number < slots`), or `nil` for a
    /// number past the end of a shorter last run, which has no chunk.
    package func chunk(_ number: Int) -> Range<Int>? {
        let start = ((number % lanes) * perLane + number / lanes) * chunk
        return start < count ? start..<min(start + chunk, count) : nil
    }
}

/// The number of the next chunk a task of ``Parallel/map(_:jobs:chunk:_:)`` takes.
private final class ChunkCounter: Sendable {
    private let value = Atomic<Int>(0)

    /// A number no other call returns.
    package func take() -> Int {
        value.add(1, ordering: .relaxed).oldValue
    }
}

/// Values that are no longer needed, freed on a thread of their own.
public enum Leftovers {
    /// Lets go of `value` on a new thread, outside the shared pool of Swift tasks: freeing
    /// what a build made of thousands of pages takes tens of milliseconds, and a task of
    /// the pool doing it would hold up the build's own tasks (on a two-core machine, two
    /// such tasks keep the end of a build waiting). In a process that ends with its
    /// build (``keepUntilExit()``), it is kept instead.
    ///
    /// Under the sanitizers (`scripts/leak-check.sh`) it is freed here and now, so that the
    /// leak check sees every value of a build released. Kept to the exit, the storage of a
    /// `Data` held in a cache record was reported as leaked, though freeing the same values
    /// reports nothing: LeakSanitizer does not recognize every reference Swift stores (a
    /// multi-payload enum can keep its case in a reference's spare bits).
    package static func free(_ value: some Sendable) {
        #if FOLDMARK_SANITIZED
            withExtendedLifetime(value) {}
        #else
            let isKept = kept.withLock { kept in
                guard kept != nil else { return false }
                kept?.append(value)
                return true
            }
            if !isKept { SystemThread.start { withExtendedLifetime(value) {} } }
        #endif
    }

    /// Keeps what builds leave until the process exits, which takes back all its memory at
    /// once: for a process that ends with its build (`foldmark build`, not `serve`).
    /// Freeing it piece by piece only took a core from the end of the build: on 10,000
    /// pages, a thread freeing the records beside the cache's last writes. (The page pass
    /// hands its values here too, though the cache's new index could have reused their
    /// memory: the peak is slightly higher and the build ends sooner. See
    /// ``SiteBuilder/build(progress:)``.)
    public static func keepUntilExit() {
        kept.withLock { if $0 == nil { $0 = [] } }
    }

    /// What is kept, reachable to the end (so not a leak); `nil` while leftovers are freed.
    private static let kept = Mutex<[any Sendable]?>(nil)
}

/// A value made on a thread of its own, outside the shared pool of Swift tasks, while the
/// task that asked for it goes on; ``value`` waits for it without holding a thread. In a
/// process whose pool is busy (`foldmark serve`, the test suite), a task of the pool could
/// wait behind other work for as long as that takes; a thread starts at once.
package final class Background<Value: Sendable>: Sendable {
    private struct State {
        package var value: Value?
        package var waiter: CheckedContinuation<Value, Never>?
    }
    private let state = Mutex(State())

    package init(_ make: @escaping @Sendable () -> Value) {
        SystemThread.start { self.finish(make()) }
    }

    private func finish(_ value: Value) {
        let waiter = state.withLock { state in
            state.value = value
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume(returning: value)
    }

    package var value: Value {
        get async {
            await withCheckedContinuation { continuation in
                let ready = state.withLock { state in
                    if state.value == nil { state.waiter = continuation }
                    return state.value
                }
                if let ready { continuation.resume(returning: ready) }
            }
        }
    }
}

/// What each task of a parallel pass (see ``Parallel/map(_:jobs:chunk:_:)``) keeps from
/// one of its pages to the next, used by that task alone: its open packs and folder.
/// (Separate storage per task: tasks must not share an array they all write to.)
package final class TaskStates<State>: @unchecked Sendable {
    private let states: UnsafeMutableBufferPointer<State>
    private let close: (inout State) -> Void

    package init(count: Int, _ make: () -> State, close: @escaping (inout State) -> Void) {
        states = .allocate(capacity: max(count, 1))
        for index in states.indices { (states.baseAddress! + index).initialize(to: make()) }
        self.close = close
    }

    deinit {
        for index in states.indices { close(&states[index]) }
        _ = states.deinitialize()
        states.deallocate()
    }

    /// `body` with the state of task `worker`.
    package func with<Result>(_ worker: Int, _ body: (inout State) -> Result) -> Result {
        body(&states[worker])
    }
}
