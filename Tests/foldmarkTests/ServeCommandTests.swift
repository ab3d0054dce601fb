import Foundation
import FoldmarkTestSupport
import Testing

@testable import foldmark

#if canImport(Glibc)
    import Glibc
#endif

@Suite struct ServeCommandTests {
    @Test func serveArguments() throws {
        #expect(try ServeArguments(parsing: []) == ServeArguments())
        #expect(ServeArguments().port == 8000)
        #expect(ServeArguments().host == "127.0.0.1")
        #expect(try ServeArguments(parsing: ["docs", "--port", "0"]) == ServeArguments(site: "docs", port: 0))
        #expect(try ServeArguments(parsing: ["--port=9000", "--host=::1"]) == ServeArguments(host: "::1", port: 9000))
        #expect(
            try ServeArguments(parsing: ["-p", "1", "--host", "0.0.0.0"]) == ServeArguments(host: "0.0.0.0", port: 1))
        #expect(
            try ServeArguments(parsing: ["--out", "public", "--drafts"])
                == ServeArguments(output: "public", includesDrafts: true))
    }

    @Test(arguments: [
        ["serve", "--port"], ["serve", "--port", "x"], ["serve", "--port", "70000"], ["serve", "--port=-1"],
        ["serve", "--host"], ["serve", "--host="], ["serve", "a", "b"], ["serve", "--bogus"],
    ])
    func usageErrorsExitTwo(arguments: [String]) async {
        let run = await ToolRun.run(arguments)
        #expect(run.status == 2)
        #expect(run.errors.hasPrefix("foldmark: error: "))
    }

    /// A missing site is said as `build` says it, before anything starts: there is
    /// nothing to serve, and no folder to make an output in.
    @Test func missingSiteFolderExitsOne() async throws {
        let folders = try TemporarySite(files: ["other/x": "x"])
        let run = try ToolProcess.run(["serve", "nope", "--port", "0"], in: folders.root.appending(path: "other"))
        #expect(run.status == 1)
        #expect(run.errors == "nope: error: no such folder (run 'foldmark init nope' to start a site there)\n")
        #expect(!folders.exists("other/nope"))
    }

    @Test func helpNamesServe() async {
        let help = await ToolRun.run(["serve", "--help"])
        #expect(help.output.contains("foldmark serve [SITE] [--port N] [--host HOST]"))
    }

    @Test func interruptStopsTheServerWithStatusZero() async throws {
        let site = try TemporarySite(files: ["Content/index.md": "# Home\n"])
        let output = CapturedOutput()
        let errors = CapturedOutput()
        let tool = CommandLineTool(standardOutput: output.stream, standardError: errors.stream)
        let run = Task { await tool.run(["serve", site.root.path, "--port", "0"]) }
        // A guard against a hang, longer than HangGuard's: under AddressSanitizer, with every
        // suite running at once on two cores, the server can take minutes to print its
        // address.
        let deadline = ContinuousClock.now + .seconds(600)
        while !output.text.contains("with live reload; press Ctrl-C to stop") {
            try #require(
                ContinuousClock.now < deadline, "hung: no address printed after 600 s: \(output.text) \(errors.text)")
            try await Task.sleep(for: .milliseconds(20))
        }
        let address = try #require(output.text.firstMatch(of: /at (http:\/\/127\.0\.0\.1:\d+\/)/)?.1)
        #expect(output.text.hasPrefix("Built 1 page"))
        kill(getpid(), SIGINT)  // Ctrl-C: the command's handler catches it
        #expect(await run.value == 0)
        #expect(output.text.hasSuffix("Stopped.\n"))
        #expect(errors.text.isEmpty)
        #expect(!address.isEmpty)
    }
}
