import FoldmarkTestSupport
import Foundation
import Server
import Synchronization
import Testing

@Suite struct SiteWatcherTests {
    static func site() throws -> URL {
        let root = FileManager.default.temporaryDirectory.appending(path: "foldmark-watch-\(UUID().uuidString)")
        try ServedFolder.write("# A\n", to: root.appending(path: "Content/a.md"))
        try ServedFolder.write("body {}\n", to: root.appending(path: "Templates/style.css"))
        return root
    }

    /// How long a watcher that has reported what it should is watched for more. A report
    /// that should not come can only come later on a loaded machine, never sooner, so this
    /// window can only make such a test pass more easily there, not fail.
    static let quiet = Duration.milliseconds(400)

    /// Counts the elements of `changes` that arrive within `window`, then stops `watcher`.
    static func count(_ watcher: SiteWatcher, within window: Duration) async -> Int {
        let counter = Task(executorPreference: DedicatedExecutor.shared) {
            var count = 0
            for await _ in watcher.changes { count += 1 }
            return count
        }
        try? await Task.sleep(for: window)
        watcher.stop()
        return await counter.value
    }

    /// Waits for the first element of `changes` (failing, saying the watcher hung, if it
    /// never comes), then counts it and those that follow within ``quiet``.
    static func countAfterTheFirst(_ watcher: SiteWatcher) async throws -> Int {
        let count = Mutex(0)
        let counter = Task(executorPreference: DedicatedExecutor.shared) {
            for await _ in watcher.changes { count.withLock { $0 += 1 } }
        }
        defer { watcher.stop() }
        try await HangGuard.wait(until: { count.withLock { $0 } > 0 }, "the watcher reported no change")
        try? await Task.sleep(for: quiet)
        watcher.stop()
        await counter.value
        return count.withLock { $0 }
    }

    @Test func burstOfChangesIsReportedOnce() async throws {
        try await withTaskExecutorPreference(DedicatedExecutor.shared) {
            let root = try Self.site()
            defer { try? FileManager.default.removeItem(at: root) }
            // Gathered for as long as the files keep coming a second apart at the most,
            // which a busy machine writing twenty small files never reaches.
            let watcher = try SiteWatcher(root: root, debounce: .seconds(1), longestDelay: HangGuard.duration)
            for index in 0..<20 {
                try ServedFolder.write("# \(index)\n", to: root.appending(path: "Content/p\(index).md"))
            }
            let reports = try await Self.countAfterTheFirst(watcher)
            #expect(reports == 1)
        }
    }

    @Test func outputAndHiddenFilesAreIgnored() async throws {
        try await withTaskExecutorPreference(DedicatedExecutor.shared) {
            let root = try Self.site()
            defer { try? FileManager.default.removeItem(at: root) }
            let watcher = try SiteWatcher(root: root)
            try ServedFolder.write("x", to: root.appending(path: "_site/index.html"))
            try ServedFolder.write("x", to: root.appending(path: ".foldmark-cache/index"))
            try ServedFolder.write("x", to: root.appending(path: "Content/.a.md.swp"))
            try ServedFolder.write("x", to: root.appending(path: "notes.txt"))
            #expect(await Self.count(watcher, within: Self.quiet) == 0)
        }
    }

    @Test func eachWatchedPlaceReportsChanges() async throws {
        try await withTaskExecutorPreference(DedicatedExecutor.shared) {
            for path in ["foldmark.yml", "Content/a.md", "Templates/page.html", "Content/new/b.md"] {
                let root = try Self.site()
                defer { try? FileManager.default.removeItem(at: root) }
                let watcher = try SiteWatcher(root: root)
                try ServedFolder.write("x\n", to: root.appending(path: path))
                let reports = try await Self.countAfterTheFirst(watcher)
                #expect(reports == 1, "\(path)")
            }
        }
    }

    @Test func foldersThatExistAtTheStartAreWatchedButNotHiddenOnes() async throws {
        try await withTaskExecutorPreference(DedicatedExecutor.shared) {
            let root = try Self.site()
            defer { try? FileManager.default.removeItem(at: root) }
            try ServedFolder.write("# X\n", to: root.appending(path: "Content/guide/deep/x.md"))
            try ServedFolder.write("x\n", to: root.appending(path: "Content/.git/config"))
            let hidden = try SiteWatcher(root: root)
            try ServedFolder.write("y\n", to: root.appending(path: "Content/.git/config"))
            #expect(await Self.count(hidden, within: Self.quiet) == 0)
            let watcher = try SiteWatcher(root: root)
            try ServedFolder.write("# X again\n", to: root.appending(path: "Content/guide/deep/x.md"))
            let reports = try await Self.countAfterTheFirst(watcher)
            #expect(reports == 1)
        }
    }

    @Test func removalIsAChange() async throws {
        try await withTaskExecutorPreference(DedicatedExecutor.shared) {
            let root = try Self.site()
            defer { try? FileManager.default.removeItem(at: root) }
            let watcher = try SiteWatcher(root: root)
            try FileManager.default.removeItem(at: root.appending(path: "Content/a.md"))
            let reports = try await Self.countAfterTheFirst(watcher)
            #expect(reports == 1)
        }
    }
}
