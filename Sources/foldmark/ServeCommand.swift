import Basics
import FoundationEssentials
import Server
import Site
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

extension CommandLineTool {
    /// `foldmark serve`: builds the site, serves it with live reload and rebuilds on every
    /// change until Ctrl-C (SIGINT) or SIGTERM, then stops the server (and a build under way,
    /// at its next page) and exits with 0. A second Ctrl-C exits at once with 130, whatever
    /// the first one's stop is doing (see ``InterruptSignals``).
    func serve(_ arguments: ServeArguments) async -> Int32 {
        let root = URL(fileURLWithPath: arguments.site, isDirectory: true)
        let output = arguments.output.map { URL(fileURLWithPath: $0, isDirectory: true) }
        let configuration = ServerConfiguration(host: arguments.host, port: arguments.port)
        let (out, err, paths) = (standardOutput, standardError, ProblemPaths(site: root, from: pathsFrom))
        // On a terminal, a build that takes more than a second shows the progress line of
        // `foldmark build` (the first build of a large site, or a change of its templates).
        let progress = isTerminal ? BuildProgress() : nil
        let line = Mutex<ProgressLine.Drawer?>(nil)
        let session = PreviewSession(
            site: root, output: output, options: BuildOptions(includesDrafts: arguments.includesDrafts),
            configuration: configuration, progress: progress
        ) { event in
            if case .building = event {
                if let progress { line.withLock { $0 = ProgressLine.Drawer(stream: err, progress: progress) } }
                return
            }
            line.withLock { $0.take() }?.stop()
            Self.print(event, out: out, err: err, paths: paths)
        }
        do throws(SiteError) {
            try SiteFolder.requireFolder(root.path)
        } catch {
            standardError.print(error.placed(by: paths).description)
            return 1
        }
        InterruptSignals.handle(exitingOnSecondWith: Self.interruptedStatus) { session.stop() }
        defer { InterruptSignals.restore() }
        let server: PreviewServer
        do {
            server = try await session.start()
        } catch {
            standardError.print("foldmark: error: \(error.message)")
            return 1
        }
        if !Self.isLoopback(arguments.host) {
            standardError.print(
                "foldmark: warning: serving on '\(arguments.host)': other machines on the network can read the site")
        }
        // (Not when Ctrl-C came during the first build.)
        if !session.isStopped {
            standardOutput.print(
                "Serving \(session.output.path) at \(server.url.absoluteString) with live reload; press Ctrl-C to stop")
        }
        await session.run()
        standardOutput.print("Stopped.")
        return 0
    }

    private static func print(
        _ event: PreviewSession.Event, out: OutputStream, err: OutputStream, paths: ProblemPaths
    ) {
        switch event {
        case .built(let report, let isFirst):
            for warning in report.warnings { err.print(warning.placed(by: paths).description) }
            if isFirst {
                out.print(report.summary)
            } else {
                var changed = report.written + report.removed.map { $0 + " (removed)" }
                if changed.count > 5 { changed = changed.prefix(5) + ["…"] }
                out.print(
                    "\(time()) " + report.summary + (changed.isEmpty ? "" : ": " + changed.joined(separator: ", ")))
            }
        case .failed(let report):
            for error in report.errors { err.print(error.placed(by: paths).description) }
            let count = report.errors.count
            err.print(
                "\(time()) Build failed with " + NumberText.counted(count, "error") + "; "
                    + "serving the last good build, with the errors shown on every page.")
        case .warning(let message):
            err.print("foldmark: warning: \(message)")
        case .building, .interrupted:
            break
        }
    }

    private static func time() -> String {
        var now = time_t(Date().timeIntervalSince1970)
        var parts = tm()
        localtime_r(&now, &parts)
        let clock = [parts.tm_hour, parts.tm_min, parts.tm_sec].map { NumberText.padded(Int($0), width: 2) }
        return "[" + clock.joined(separator: ":") + "]"
    }

    private static func isLoopback(_ host: String) -> Bool {
        host == "localhost" || host == "::1" || host.hasPrefix("127.")
    }
}
