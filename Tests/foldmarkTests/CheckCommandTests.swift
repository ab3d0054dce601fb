import FoldmarkTestSupport
import Testing

/// `foldmark check`: a build into a temporary folder, removed after.
@Suite struct CheckCommandTests {
    static let files = [
        "Content/index.md": "# Home\n\nSee [gone](gone.md).\n",
    ]

    @Test func checkReportsAndKeepsNothing() async throws {
        let site = try TemporarySite(files: Self.files)
        let run = await ToolRun.run(["check", site.root.path, "--strict"])
        #expect(run.status == 1)
        #expect(run.errors.contains("error: link to missing page 'gone.md'"))
        #expect(!site.exists("_site"))
        let clean = try TemporarySite(files: ["Content/index.md": "# Home\n"])
        let ok = await ToolRun.run(["check", clean.root.path])
        #expect(ok.status == 0)
        #expect(ok.output.hasPrefix("Checked: Built 1 page"))
        #expect(!clean.exists("_site"))
    }
}
