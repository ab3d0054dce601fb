import FoldmarkTestSupport
import Foundation
import Server
import Site
import Synchronization
import Testing

/// `foldmark serve` end to end: a site is built, served and rebuilt when its sources change.
@Suite struct PreviewSessionTests {
    static let files = [
        "foldmark.yml": "title: Docs\n",
        "Content/index.md": "# Home\n\nWelcome.\n",
        "Content/guide.md": "---\norder: 1\n---\n# Guide\n\n## Install\n\nOld body.\n",
    ]

    /// A site in a temporary folder, served by a running ``PreviewSession``.
    final class Running: Sendable {
        let root: URL
        let session: PreviewSession
        let server: PreviewServer
        let task: Task<Void, Never>
        let events = EventLog()
        let progress = BuildProgress()

        init(files: [String: String] = PreviewSessionTests.files) async throws {
            root = FileManager.default.temporaryDirectory.appending(path: "foldmark-session-\(UUID().uuidString)")
            for (path, text) in files { try ServedFolder.write(text, to: root.appending(path: path)) }
            let events = self.events
            session = PreviewSession(site: root, configuration: ServerConfiguration(port: 0), progress: progress) {
                event in
                let line: String
                switch event {
                case .building:
                    events.builds.withLock { $0 += 1 }
                    return
                case .built(let report, _): line = "built " + (report.written + report.removed).joined(separator: " ")
                case .failed(let report): line = "failed " + report.errors.map(\.description).joined(separator: "; ")
                case .warning(let message): line = "warning " + message
                case .interrupted: line = "interrupted"
                }
                events.lines.withLock { $0.append(line) }
            }
            server = try await session.start()
            let session = self.session
            task = Task(executorPreference: DedicatedExecutor.shared) { await session.run() }
        }

        func write(_ path: String, _ text: String) throws {
            try ServedFolder.write(text, to: root.appending(path: path))
        }

        func fetch(_ target: String) throws -> Reply {
            try Reply.fetch(target, port: server.port)
        }

        /// Fetches `target` until `predicate` holds for its answer (the served page is the
        /// state waited for); fails, saying the session hung, if it does not after the guard.
        func wait(for target: String, _ predicate: (Reply) -> Bool) async throws {
            var reply = try fetch(target)
            let deadline = ContinuousClock.now + HangGuard.duration
            while !predicate(reply) {
                guard ContinuousClock.now < deadline else {
                    throw TestFailure(
                        "hung: \(target) did not change after \(HangGuard.duration): \(reply.status) \(reply.text.suffix(300)); events: \(events.lines.withLock { $0 })"
                    )
                }
                try await Task.sleep(for: .milliseconds(10))
                reply = try fetch(target)
            }
        }

        func finish() async {
            session.stop()
            await task.value
        }

        deinit {
            session.stop()  // also when a test failed before finish()
            try? FileManager.default.removeItem(at: root)
        }
    }

    final class EventLog: Sendable {
        let lines = Mutex<[String]>([])
        /// The builds announced as they started.
        let builds = Mutex(0)
    }

    /// Ctrl-C during a first build stops it at its next page rather than at its end:
    /// nothing is published, and the session says so instead of reporting a build. The
    /// session is stopped from inside the build, as its reading step starts.
    @Test func stopInterruptsTheBuildUnderWay() async throws {
        try await withTaskExecutorPreference(DedicatedExecutor.shared) {
            let root = FileManager.default.temporaryDirectory.appending(path: "foldmark-session-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: root) }
            for page in 0..<100 {
                try ServedFolder.write(
                    "# Page \(page)\n\n" + String(repeating: "## Part\n\nSome words of a part.\n\n", count: 8),
                    to: root.appending(path: "Content/folder-\(page % 10)/page-\(page).md"))
            }
            let events = EventLog()
            let session = Mutex<PreviewSession?>(nil)
            let steps = Mutex<[BuildProgress.Step]>([])
            let progress = BuildProgress { step in
                steps.withLock { $0.append(step) }
                if step == .reading { session.withLock { $0 }?.stop() }
            }
            session.withLock {
                $0 = PreviewSession(site: root, configuration: ServerConfiguration(port: 0), progress: progress) {
                    event in
                    switch event {
                    case .built: events.lines.withLock { $0.append("built") }
                    case .failed(let report): events.lines.withLock { $0.append("failed \(report.errors)") }
                    case .interrupted: events.lines.withLock { $0.append("interrupted") }
                    case .building, .warning: break
                    }
                }
            }
            _ = try await session.withLock { $0 }!.start()
            // The session holds the progress, whose observer holds the session: let go.
            session.withLock { $0 = nil }
            #expect(events.lines.withLock { $0 } == ["interrupted"])
            // The build went no further than the step it was stopped in.
            #expect(!steps.withLock { $0 }.contains(.writing))
            #expect(!FileManager.default.fileExists(atPath: root.appending(path: "_site/index.html").path))
            let beside = try FileManager.default.contentsOfDirectory(atPath: root.path)
            #expect(!beside.contains { $0.contains("staging") })
        }
    }

    /// Each build is announced as it starts, and the session's progress follows it from
    /// the start (what `foldmark serve` draws its progress line from).
    @Test func eachBuildIsAnnouncedAndFollowed() async throws {
        try await withTaskExecutorPreference(DedicatedExecutor.shared) {
            let site = try await Running()
            #expect(site.events.builds.withLock { $0 } == 1)
            #expect(site.progress.state == (.finishing, 2, 2))
            try site.write("Content/guide.md", "# Guide\n\nNew body.\n")
            try await site.wait(for: "/guide.html") { $0.text.contains("New body.") }
            #expect(site.events.builds.withLock { $0 } >= 2)
            #expect(site.progress.state == (.finishing, 2, 2))
            await site.finish()
        }
    }

    /// Every edit of a page reaches the served page, edit after edit. How soon it does is
    /// the benchmark's to measure (scripts/bench-serve.sh), not a test's: on a busy machine
    /// a time limit fails for the machine's sake.
    @Test func eachEditOfAPageIsServed() async throws {
        try await withTaskExecutorPreference(DedicatedExecutor.shared) {
            let site = try await Running()
            #expect(try site.fetch("/guide.html").text.contains("Old body."))
            for round in 1...3 {
                try site.write("Content/guide.md", "---\norder: 1\n---\n# Guide\n\n## Install\n\nNew body \(round).\n")
                try await site.wait(for: "/guide.html") {
                    $0.text.contains("New body \(round).")
                }
            }
            #expect(try site.fetch("/guide.html").text.contains("New body 3."))
            await site.finish()
        }
    }

    @Test func deletedPageIsGoneFromOutputAndNavigation() async throws {
        try await withTaskExecutorPreference(DedicatedExecutor.shared) {
            let site = try await Running()
            #expect(try site.fetch("/index.html").text.contains("guide.html"))
            try FileManager.default.removeItem(at: site.root.appending(path: "Content/guide.md"))
            try await site.wait(for: "/guide.html") { $0.status == 404 }
            #expect(!FileManager.default.fileExists(atPath: site.root.appending(path: "_site/guide.html").path))
            #expect(!(try site.fetch("/index.html").text.contains("guide.html")))
            await site.finish()
        }
    }

    @Test func newFolderAndPageAreWatched() async throws {
        try await withTaskExecutorPreference(DedicatedExecutor.shared) {
            let site = try await Running()
            try site.write("Content/deep/er/page.md", "# Deep\n\nFirst.\n")
            try await site.wait(for: "/deep/er/page.html") { $0.status == 200 && $0.text.contains("First.") }
            // The new folder is watched too: an edit inside it is seen.
            try site.write("Content/deep/er/page.md", "# Deep\n\nSecond.\n")
            try await site.wait(for: "/deep/er/page.html") { $0.text.contains("Second.") }
            await site.finish()
        }
    }

    @Test func templateAndConfigurationChangesRebuild() async throws {
        try await withTaskExecutorPreference(DedicatedExecutor.shared) {
            let site = try await Running()
            try site.write("foldmark.yml", "title: Renamed Docs\n")
            try await site.wait(for: "/guide.html") { $0.text.contains("Renamed Docs") }
            try site.write("Templates/style.css", "body { color: rebeccapurple; }\n")
            // The page links to the theme's stylesheet, whose name changes with its content.
            try await site.wait(for: "/guide.html") { reply in
                guard let start = reply.text.range(of: "<link rel=\"stylesheet\" href=\""),
                    let end = reply.text[start.upperBound...].firstIndex(of: "\"")
                else { return false }
                let href = String(reply.text[start.upperBound..<end])
                return (try? site.fetch("/" + href))?.text.contains("rebeccapurple") == true
            }
            await site.finish()
        }
    }

    @Test func brokenBuildKeepsTheLastGoodPagesAndReportsTheError() async throws {
        try await withTaskExecutorPreference(DedicatedExecutor.shared) {
            let site = try await Running()
            let events = try TestConnection(port: site.server.port)
            try events.send("GET /__foldmark/events HTTP/1.1\r\nHost: x\r\n\r\n")
            _ = try await events.events(until: { $0.contains("{\"ok\":true}") })
            try site.write("Content/guide.md", "---\ntitle: [broken\n---\n# Guide\n\nNew body.\n")
            let text = try await events.events(until: { $0.contains("\"ok\":false") })
            #expect(text.contains("\"file\":\"Content\\/guide.md\""))
            #expect(text.contains("\"line\":3"))
            #expect(text.contains("malformed YAML in front matter"))
            #expect(try site.fetch("/guide.html").text.contains("Old body."))
            #expect(site.events.lines.withLock { $0.last?.hasPrefix("failed Content/guide.md:3") } == true)
            // Fixed: the error goes away and the page changes.
            try site.write("Content/guide.md", "# Guide\n\nFixed body.\n")
            _ = try await events.events(until: {
                $0.contains("\"changed\":[") && $0.hasSuffix("{\"ok\":true}\n\n") == false
            })
            try await site.wait(for: "/guide.html") { $0.text.contains("Fixed body.") }
            await site.finish()
        }
    }

    @Test func firstBuildFailureStillServes() async throws {
        try await withTaskExecutorPreference(DedicatedExecutor.shared) {
            var files = Self.files
            files["Content/index.md"] = "---\nbroken: [\n---\n# Home\n"
            let site = try await Running(files: files)
            #expect(site.events.lines.withLock { $0.first?.hasPrefix("failed Content/index.md") } == true)
            #expect(try site.fetch("/index.html").status == 404)
            try site.write("Content/index.md", "# Home\n\nRepaired.\n")
            try await site.wait(for: "/index.html") { $0.status == 200 && $0.text.contains("Repaired.") }
            await site.finish()
        }
    }

    @Test func stopReleasesThePort() async throws {
        try await withTaskExecutorPreference(DedicatedExecutor.shared) {
            let site = try await Running()
            let port = site.server.port
            await site.finish()
            #expect(throws: (any Error).self) { try Reply.fetch("/", port: port) }
            // The port can be served again at once.
            let again = try PreviewServer(
                serving: FileManager.default.temporaryDirectory, configuration: ServerConfiguration(port: port))
            again.stop()
        }
    }
}
