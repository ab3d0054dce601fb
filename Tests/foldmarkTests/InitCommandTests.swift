import FoldmarkTestSupport
import Testing

@Suite struct InitCommandTests {
    @Test func initCreatesASiteThatBuilds() async throws {
        let site = try TemporarySite(files: [:])
        let folder = site.root.appending(path: "new").path
        let run = await ToolRun.run(["init", folder])
        #expect(run.status == 0)
        #expect(site.files(under: "new") == ["Content/index.md", "foldmark.yml"])
        let build = await ToolRun.run(["build", folder, "--strict"])
        #expect(build.status == 0, "\(build.errors)")
        let html = try site.read("new/_site/index.html")
        #expect(html.contains("<details class=\"fm-section\" id=\"details\">"))
        #expect(html.contains("id=\"ids\""))
    }

    @Test func initRefusesANonEmptyFolderAndNeverOverwrites() async throws {
        let site = try TemporarySite(files: ["foldmark.yml": "title: Mine\n"])
        let refused = await ToolRun.run(["init", site.root.path])
        #expect(refused.status == 1)
        #expect(refused.errors.contains("the folder is not empty"))
        let forced = await ToolRun.run(["init", site.root.path, "--force"])
        #expect(forced.status == 0)
        #expect(try site.read("foldmark.yml") == "title: Mine\n")
        #expect(site.exists("Content/index.md"))
    }
}
