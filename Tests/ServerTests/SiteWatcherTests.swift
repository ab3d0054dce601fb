import Foundation
import Server
import Testing

@Suite struct SiteWatcherTests {
    static func site() throws -> URL {
        let root = FileManager.default.temporaryDirectory.appending(path: "foldmark-watch-\(UUID().uuidString)")
        try ServedFolder.write("# A\n", to: root.appending(path: "Content/a.md"))
        try ServedFolder.write("body {}\n", to: root.appending(path: "Templates/style.css"))
        return root
    }

    /// Counts the elements of `changes` that arrive within `window`.
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

    @Test func burstOfChangesIsReportedOnce() async throws {
        try await withTaskExecutorPreference(DedicatedExecutor.shared) {
            let root = try Self.site()
            defer { try? FileManager.default.removeItem(at: root) }
            let watcher = try SiteWatcher(root: root)
            for index in 0..<20 {
                try ServedFolder.write("# \(index)\n", to: root.appending(path: "Content/p\(index).md"))
            }
            #expect(await Self.count(watcher, within: TimeBudget.milliseconds(600)) == 1)
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
            #expect(await Self.count(watcher, within: TimeBudget.milliseconds(400)) == 0)
        }
    }

    @Test func eachWatchedPlaceReportsChanges() async throws {
        try await withTaskExecutorPreference(DedicatedExecutor.shared) {
            for path in ["foldmark.yml", "Content/a.md", "Templates/page.html", "Content/new/b.md"] {
                let root = try Self.site()
                defer { try? FileManager.default.removeItem(at: root) }
                let watcher = try SiteWatcher(root: root)
                try ServedFolder.write("x\n", to: root.appending(path: path))
                #expect(await Self.count(watcher, within: TimeBudget.milliseconds(400)) == 1, "\(path)")
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
            #expect(await Self.count(hidden, within: TimeBudget.milliseconds(400)) == 0)
            let watcher = try SiteWatcher(root: root)
            try ServedFolder.write("# X again\n", to: root.appending(path: "Content/guide/deep/x.md"))
            #expect(await Self.count(watcher, within: TimeBudget.milliseconds(400)) == 1)
        }
    }

    @Test func removalIsAChange() async throws {
        try await withTaskExecutorPreference(DedicatedExecutor.shared) {
            let root = try Self.site()
            defer { try? FileManager.default.removeItem(at: root) }
            let watcher = try SiteWatcher(root: root)
            try FileManager.default.removeItem(at: root.appending(path: "Content/a.md"))
            #expect(await Self.count(watcher, within: TimeBudget.milliseconds(400)) == 1)
        }
    }
}
