import Basics
import FoundationEssentials
import Site
import Synchronization

/// What `foldmark serve` does: builds a site, serves its output folder with live reload,
/// and builds again whenever the site's sources change, until ``stop()``.
///
/// Each build is an ordinary incremental ``SiteBuilder`` build into the same output
/// folder as `foldmark build` (sharing its cache), so pages that did not change are not
/// rewritten, and a page whose source was removed is removed. A failed build changes
/// nothing on disk: the server keeps serving the last good build, and every page shows
/// the errors until a build succeeds again.
public final class PreviewSession: Sendable {
    /// What happened, for the terminal.
    public enum Event: Sendable {
        /// A build starts (``progress``, if given, follows it).
        case building
        /// A build succeeded; `isFirst` for the build before serving starts.
        case built(BuildReport, isFirst: Bool)
        /// A build failed; its errors are in the report.
        case failed(BuildReport)
        /// A build stopped by ``PreviewSession/stop()``, which published nothing.
        case interrupted
        case warning(String)
    }

    public let root: URL
    public let output: URL
    public let options: BuildOptions
    public let configuration: ServerConfiguration
    /// Follows each build in turn, when given.
    private let progress: BuildProgress?

    private struct Running: Sendable {
        var server: PreviewServer
        var watcher: SiteWatcher
    }

    private let report: @Sendable (Event) -> Void
    private let running = Mutex<Running?>(nil)
    private let stopped = Mutex(false)
    /// The build under way, which ``stop()`` cancels.
    private let building = Mutex<Task<BuildReport?, Never>?>(nil)

    /// `output` defaults to `_site` in the site folder, as for `foldmark build`.
    public init(
        site root: URL, output: URL? = nil, options: BuildOptions = BuildOptions(),
        configuration: ServerConfiguration = ServerConfiguration(), progress: BuildProgress? = nil,
        report: @escaping @Sendable (Event) -> Void
    ) {
        self.progress = progress
        self.root = root.standardizedFileURL
        self.output = (output ?? root.appending(path: "_site", directoryHint: .isDirectory)).standardizedFileURL
        self.options = options
        self.configuration = configuration
        self.report = report
    }

    /// Starts watching and serving, then builds the site once; returns the running server.
    ///
    /// The port is taken before the first build, so a port in use fails at once rather
    /// than after a long build. Pages asked for during that build come from the previous
    /// output (or are "not found"), and reload when it is done. The server keeps running
    /// when the build fails: the pages then show its errors.
    public func start() async throws(ServerError) -> PreviewServer {
        guard FileIO.isFolder(root.path) else {
            throw ServerError("no site folder at \(root.path)")
        }
        do {
            try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        } catch {
            throw ServerError(
                "cannot create the output folder \(output.path): \(FileIO.describe(error, withPath: false))")
        }
        // Watching starts first, so that a change made during the first build is built too.
        let report = self.report
        let watcher = try SiteWatcher(root: root, warning: { report(.warning($0)) })
        let server: PreviewServer
        do {
            server = try PreviewServer(serving: output, configuration: configuration)
        } catch {
            watcher.stop()
            throw error
        }
        if let first = await build() { publish(first, to: server, isFirst: true) }
        running.withLock { $0 = Running(server: server, watcher: watcher) }
        if stopped.withLock({ $0 }) { stop() }
        return server
    }

    /// Builds after each settled burst of changes, until ``stop()``; returns once the
    /// build under way (if any) has stopped.
    public func run() async {
        guard let watcher = running.withLock({ $0?.watcher }), let server = running.withLock({ $0?.server }) else {
            return
        }
        for await _ in watcher.changes {
            guard let built = await build() else { break }
            publish(built, to: server, isFirst: false)
        }
        server.stop()
    }

    /// Whether ``stop()`` was called (Ctrl-C during the first build, for one).
    public var isStopped: Bool { stopped.withLock { $0 } }

    /// Stops watching and serving: every connection is closed and the port is free when
    /// this returns. A build under way stops at its next page, publishing nothing, and
    /// ``start()`` or ``run()`` returns then. Idempotent, and safe from any thread (a signal
    /// handler's queue, for one).
    public func stop() {
        stopped.withLock { $0 = true }
        // A build under way stops at its next page (a large site's takes seconds).
        building.withLock { $0?.cancel() }
        guard let current = running.withLock({ $0 }) else { return }
        current.watcher.stop()
        current.server.stop()
    }

    private func publish(_ result: BuildReport, to server: PreviewServer, isFirst: Bool) {
        // The terminal hears of a build before the browsers do.
        if result.errors.isEmpty {
            report(.built(result, isFirst: isFirst))
            server.buildSucceeded(changed: result.written + result.removed)
        } else {
            report(.failed(result))
            server.buildFailed(result.errors)
        }
    }

    /// One build; a failed build is a report with errors, one stopped by ``stop()`` `nil`.
    private func build() async -> BuildReport? {
        report(.building)
        let site: SiteFolder
        do throws(SiteError) {
            site = try SiteFolder(at: root)
        } catch {
            return BuildReport(warnings: [], errors: error.allProblems)
        }
        // A task of its own, which ``stop()`` can cancel.
        let task = Task { [output, options, progress] () -> BuildReport? in
            do throws(BuildFailure) {
                return try await SiteBuilder(site: site, output: output, options: options).build(progress: progress)
            } catch {
                return error.isInterrupted ? nil : error.report
            }
        }
        building.withLock { $0 = task }
        // (Stopped before the task could be cancelled.)
        if stopped.withLock({ $0 }) { task.cancel() }
        let built = await task.value
        building.withLock { $0 = nil }
        if built == nil { report(.interrupted) }
        return built
    }
}
