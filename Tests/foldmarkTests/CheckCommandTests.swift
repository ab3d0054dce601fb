import FoldmarkTestSupport
import Foundation
import Testing

/// `foldmark check`: a build into a temporary folder, removed after, that reports what it
/// checked.
@Suite struct CheckCommandTests {
    /// Two pages, one of them with a link to a missing page: a warning, an error under
    /// `--strict`.
    static let files = [
        "Content/index.md": "# Home\n\nSee [gone](gone.md).\n",
        "Content/guide.md": "# Guide\n",
    ]

    @Test func checkReportsAndKeepsNothing() async throws {
        let site = try TemporarySite(files: Self.files)
        let run = await ToolRun.run(["check", site.root.path, "--strict"])
        #expect(run.status == 1)
        #expect(run.errors.contains("error: link to missing page 'gone.md'"))
        #expect(run.errors.hasSuffix("Check failed with 1 error.\n"))
        #expect(!site.exists("_site"))
    }

    @Test func cleanSiteHasNoProblems() async throws {
        let clean = try TemporarySite(files: ["Content/index.md": "# Home\n"])
        let ok = await ToolRun.run(["check", clean.root.path])
        #expect(ok.status == 0)
        #expect(ok.output == "Checked 1 page: no problems\n")
        #expect(!clean.exists("_site"))
    }

    @Test func warningsAreCounted() async throws {
        let site = try TemporarySite(files: Self.files)
        let run = await ToolRun.run(["check", site.root.path])
        #expect(run.status == 0)
        #expect(run.output == "Checked 2 pages: 1 warning\n")
        #expect(run.errors.contains("warning: link to missing page 'gone.md'"))
    }

    /// A strict check that fails still reports the pages it read and the time it took.
    @Test func strictJSONHasTheCounts() async throws {
        let site = try TemporarySite(files: Self.files)
        let run = await ToolRun.run(["check", site.root.path, "--strict", "--json"])
        #expect(run.status == 1)
        let report = try #require(JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
        #expect(report["ok"] as? Bool == false)
        #expect(report["pages"] as? Int == 2)
        #expect(try #require(report["seconds"] as? Double) > 0)
        #expect((report["errors"] as? [Any])?.count == 1)
    }

    @Test func jsonOfACleanCheck() async throws {
        let site = try TemporarySite(files: Self.files)
        let run = await ToolRun.run(["check", site.root.path, "--json"])
        #expect(run.status == 0)
        let report = try #require(JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
        #expect(report["pages"] as? Int == 2)
        #expect((report["warnings"] as? [Any])?.count == 1)
    }
}
