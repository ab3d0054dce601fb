import Foundation
import FoldmarkTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Ctrl-C stops `foldmark serve` whenever it comes: before the port is open, during the
/// first build, while browsers' live-reload streams connect, while they wait, during a
/// rebuild and while its reload event goes out. Each try starts the binary on a new small
/// site and a free port with two or three live-reload clients, sends SIGINT, and requires
/// the process to end (within ``HangGuard``, not a time limit: the times are printed),
/// with status 0 and "Stopped.", and every client's connection to be closed.
@Suite struct ServeInterruptTests {
    /// When SIGINT comes, in turn from one try to the next.
    enum Moment: CaseIterable {
        /// 0-30 ms after the start: before the port is open or during the first build,
        /// while the clients try to connect.
        case early
        /// While the clients' streams are open and waiting.
        case waiting
        /// 50-250 ms after a page was changed: during its rebuild, or as the reload event
        /// goes out (changes settle for 100 ms first).
        case rebuilding
        /// Just after the server is up, while the clients connect.
        case connecting
        /// Again and again (every 0.2 ms from 0-10 ms after the first) while it stops: the
        /// second ends it at once (130) unless the first was done already (0), and none
        /// kills it, even between "Stopped." and its exit.
        case repeated
    }

    static let tries = 200

    @Test(.enabled(if: ToolProcess.executable != nil, "no foldmark executable beside the tests"))
    func ctrlCAlwaysStopsServe() async throws {
        var random = SplitMix(seed: 44)
        var times: [Moment: [Duration]] = [:]
        var endings: [String: Int] = [:]
        for number in 0..<Self.tries {
            let moment = Moment.allCases[number % Moment.allCases.count]
            let (time, ending) = try await Self.trial(moment, random: &random)
            times[moment, default: []].append(time)
            endings[ending, default: 0] += 1
        }
        let all = times.values.flatMap { $0 }.sorted()
        #expect(all.count == Self.tries)
        print("foldmark serve stopped after SIGINT, \(all.count) tries: " + Self.describe(all) + ", \(endings)")
        for moment in Moment.allCases {
            print("  \(moment): " + Self.describe((times[moment] ?? []).sorted()))
        }
    }

    /// One try: starts serve, connects the clients, interrupts it at `moment`, checks how
    /// it ended; returns the time from the (first) SIGINT to its end, and how it ended.
    private static func trial(_ moment: Moment, random: inout SplitMix) async throws -> (Duration, String) {
        let site = try TemporarySite(files: [
            "Content/index.md": "# Home\n\n## Pages\n\n[One](one.md), [two](two.md)\n",
            "Content/one.md": "# One\n\n## Part\n\nText.\n", "Content/two.md": "# Two\n\nText.\n",
        ])
        let serve = try ServeProcess(executable: ToolProcess.executable!, site: site.root, port: ServeProcess.freePort())
        let clientCount = Int.random(in: 2...3, using: &random)
        var clients: [LiveReloadClient] = []
        func connect() {
            // Not holding the process: a try that fails ends it as `serve` goes (its deinit
            // kills it), and the clients' reads with it.
            clients = (0..<clientCount).map { _ in
                LiveReloadClient(port: serve.port, while: { [weak serve] in serve?.isRunning ?? false })
            }
        }
        switch moment {
        case .early:
            connect()
            try await Task.sleep(for: .microseconds(Int.random(in: 0...30_000, using: &random)))
        case .waiting, .repeated:
            connect()
            try await HangGuard.wait(until: { clients.allSatisfy(\.hasStream) }, "live-reload streams")
            try await Task.sleep(for: .microseconds(Int.random(in: 0...5_000, using: &random)))
        case .rebuilding:
            connect()
            try await HangGuard.wait(until: { clients.allSatisfy(\.hasStream) }, "live-reload streams")
            try site.write("Content/one.md", "# One\n\n## Part\n\nText, changed.\n")
            try await Task.sleep(for: .microseconds(Int.random(in: 50_000...250_000, using: &random)))
        case .connecting:
            try await HangGuard.wait(until: { serve.output.contains("Serving") }, "the server's address")
            connect()
            try await Task.sleep(for: .microseconds(Int.random(in: 0...3_000, using: &random)))
        }
        let interrupted = ContinuousClock.now
        serve.interrupt()
        if moment == .repeated {
            try await Task.sleep(for: .microseconds(Int.random(in: 0...10_000, using: &random)))
            while serve.isRunning {
                serve.interrupt()
                try await Task.sleep(for: .microseconds(200))
            }
        }
        let ended = try await serve.exit()
        try check(serve, moment)
        try await HangGuard.wait(until: { clients.allSatisfy(\.isEnded) }, "live-reload connections left open")
        let (reason, status) = serve.termination
        return (ended - interrupted, reason == .exit ? "status \(status)" : "signal \(status)")
    }

    /// Status 0 and "Stopped." (or 130 after a second SIGINT), nothing on standard error. A
    /// SIGINT in the first milliseconds of the process, before serve handles it, ends it
    /// as it ends any program: killed by SIGINT, with nothing started and nothing printed.
    private static func check(_ serve: ServeProcess, _ moment: Moment) throws {
        let (reason, status) = serve.termination
        let context = "\(moment): \(reason) \(status), output: \(serve.output) errors: \(serve.errors)"
        if reason == .uncaughtSignal {
            #expect(status == SIGINT && moment == .early && serve.output.isEmpty, "\(context)")
            return
        }
        if moment == .repeated && status == 130 { return }
        #expect(status == 0, "\(context)")
        #expect(serve.output.hasSuffix("Stopped.\n"), "\(context)")
        #expect(serve.errors.isEmpty, "\(context)")
    }

    private static func describe(_ sorted: [Duration]) -> String {
        guard !sorted.isEmpty else { return "none" }
        let milliseconds = { (time: Duration) in
            String(format: "%.1f ms", Double(time.components.attoseconds) / 1e15 + Double(time.components.seconds) * 1e3)
        }
        return "median \(milliseconds(sorted[sorted.count / 2])), max \(milliseconds(sorted.last!))"
    }
}
