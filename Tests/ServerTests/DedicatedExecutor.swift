import Dispatch
import Foundation
import Synchronization

/// Threads of their own for the tests that measure how fast the preview reacts.
///
/// `swift test` runs every suite at once, and the tests of other modules keep the few
/// threads that Swift concurrency shares (one per core) busy for seconds at a time. A
/// rebuild waiting for one of them would measure the test runner's load, not foldmark,
/// which in `foldmark serve` has the process to itself. Tasks that prefer this executor,
/// and the task groups they start (the build's parallel passes), run here instead.
final class DedicatedExecutor: TaskExecutor {
    static let shared = DedicatedExecutor(threads: max(2, ProcessInfo.processInfo.activeProcessorCount))

    private let jobs = Mutex<[UnownedJob]>([])
    private let available = DispatchSemaphore(value: 0)

    init(threads: Int) {
        for index in 0..<threads {
            let thread = Thread { [self] in work() }
            thread.name = "test-executor-\(index)"
            thread.start()
        }
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        jobs.withLock { $0.append(job) }
        available.signal()
    }

    private func work() {
        while true {
            available.wait()
            let job = jobs.withLock { $0.removeFirst() }
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}
