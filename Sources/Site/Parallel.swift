import Foundation

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

    /// How many tasks ``map(_:jobs:_:)`` uses for `count` items.
    static func workers(for count: Int, jobs: Int?) -> Int {
        max(1, min(jobs ?? ProcessInfo.processInfo.activeProcessorCount, count))
    }
}
