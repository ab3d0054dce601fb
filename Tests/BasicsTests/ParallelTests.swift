import Synchronization
import Testing

@testable import Basics

@Suite struct ParallelTests {
    /// What the bodies of one ``Parallel/map(_:jobs:chunk:_:)`` saw.
    final class Record: Sendable {
        let runs: Mutex<[Int]>
        let busy: Mutex<[Bool]>
        let clashes = Atomic<Int>(0)
        let order = Mutex<[Int]>([])

        init(count: Int, workers: Int) {
            runs = Mutex([Int](repeating: 0, count: count))
            busy = Mutex([Bool](repeating: false, count: workers))
        }
    }

    /// Every index runs once, on a worker no other body is using at the same time, and the
    /// results come back in index order, for counts around the chunk size.
    @Test(arguments: [0, 1, 31, 32, 33, 1000])
    func chunkedMapRunsEveryIndexOnceInOrder(count: Int) async {
        for jobs in [1, 2, 3] {
            let record = Record(count: count, workers: Parallel.workers(for: count, jobs: jobs))
            let results = await Parallel.map(count, jobs: jobs, chunk: 32) { index, worker in
                let wasBusy = record.busy.withLock { flags in
                    defer { flags[worker] = true }
                    return flags[worker]
                }
                if wasBusy { record.clashes.add(1, ordering: .relaxed) }
                record.runs.withLock { $0[index] += 1 }
                record.busy.withLock { $0[worker] = false }
                return index * 3
            }
            #expect(results == (0..<count).map { $0 * 3 })
            #expect(record.runs.withLock { $0 } == [Int](repeating: 1, count: count))
            #expect(record.clashes.load(ordering: .relaxed) == 0)
        }
    }

    /// A task takes consecutive indices: with one chunk bigger than the work, one worker
    /// does it all, in order.
    @Test func chunksAreConsecutive() async {
        let record = Record(count: 0, workers: 0)
        _ = await Parallel.map(100, jobs: 2, chunk: 100) { index, _ in
            record.order.withLock { $0.append(index) }
        }
        #expect(record.order.withLock { $0 } == Array(0..<100))
    }
    /// The chunks handed out cover every index once, each run from its start, and two
    /// chunks handed out one after the other lie a run apart (when there is more than one run).
    @Test func chunkOrderCoversEveryIndexOnceFromSeveralPlaces() {
        for count in [0, 1, 31, 32, 33, 100, 1000, 1001] {
            for lanes in [1, 2, 3, 4] {
                let order = ChunkOrder(count: count, chunk: 32, lanes: lanes)
                let chunks = (0..<order.slots).compactMap(order.chunk)
                #expect(chunks.flatMap { Array($0) }.sorted() == Array(0..<count), "count \(count), lanes \(lanes)")
                #expect(chunks.allSatisfy { $0.count == 32 || $0.upperBound == count })
                if lanes > 1 && order.perLane > 1 {
                    // the first chunks handed out are the starts of the runs
                    #expect(order.chunk(0)?.lowerBound == 0)
                    #expect(order.chunk(1)?.lowerBound == order.perLane * 32)
                }
            }
        }
    }
}
