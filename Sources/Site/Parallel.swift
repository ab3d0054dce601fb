import Foundation
import Synchronization

/// Runs independent work on every core.
enum Parallel {
    /// `body(0..<count)` on up to `jobs` tasks (default: one per core), each taking every
    /// n-th index; the results come back in index order, whatever the number of tasks.
    static func map<T: Sendable>(_ count: Int, jobs: Int? = nil, _ body: @escaping @Sendable (Int) -> T) async -> [T] {
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
    /// are mostly in one folder, go to one task (two tasks creating files in one folder wait
    /// for each other on its lock), and a task that drew cheap pages takes more. `worker`
    /// (in `0..<workers(for: count, jobs: jobs)`) numbers the task, for a resource of its own.
    static func map<T: Sendable>(
        _ count: Int, jobs: Int? = nil, chunk: Int, _ body: @escaping @Sendable (_ index: Int, _ worker: Int) -> T
    ) async -> [T] {
        let workers = workers(for: count, jobs: jobs)
        let next = ChunkCounter()
        let parts = await withTaskGroup(of: [(Int, T)].self) { group in
            for worker in 0..<workers {
                group.addTask {
                    var done: [(Int, T)] = []
                    while case let start = next.take(chunk), start < count {
                        for index in start..<min(start + chunk, count) { done.append((index, body(index, worker))) }
                    }
                    return done
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        var slots = [T?](repeating: nil, count: count)
        for part in parts {
            for (index, value) in part { slots[index] = value }
        }
        return slots.map { $0! }
    }

    /// How many tasks ``map(_:jobs:_:)`` uses for `count` items.
    static func workers(for count: Int, jobs: Int?) -> Int {
        max(1, min(jobs ?? ProcessInfo.processInfo.activeProcessorCount, count))
    }
}

/// The next index a task of ``Parallel/map(_:jobs:chunk:_:)`` takes.
private final class ChunkCounter: Sendable {
    private let value = Atomic<Int>(0)

    /// The first of the next `count` indices, which no other call returns.
    func take(_ count: Int) -> Int {
        value.add(count, ordering: .relaxed).oldValue
    }
}
