import FoldmarkTestSupport
import Testing

@Suite struct InitCommandTests {
    @Test func initCreatesASiteThatBuildsWithNoWarning() async throws {
        let site = try TemporarySite(files: [:])
        let folder = site.root.appending(path: "new").path
        let run = await ToolRun.run(["init", folder])
        #expect(run.status == 0)
        #expect(
            run.output == """
                created \(folder)/foldmark.yml
                created \(folder)/Content/index.md
                created \(folder)/.gitignore
                Preview it with: foldmark serve \(folder)

                """)
        #expect(site.files(under: "new") == [".gitignore", "Content/index.md", "foldmark.yml"])
        #expect(try site.read("new/.gitignore") == "_site/\n.foldmark-cache/\n")
        let home = try site.read("new/Content/index.md")
        for command in ["foldmark serve", "foldmark build", "foldmark check --strict", "foldmark help"] {
            #expect(home.contains("`\(command)"), "\(command)")
        }
        let build = await ToolRun.run(["build", folder, "--strict"])
        #expect(build.status == 0)
        #expect(build.errors == "")
        let html = try site.read("new/_site/index.html")
        #expect(html.contains("<details class=\"fm-section\" id=\"details\">"))
        #expect(html.contains("href=\"#check\"") && html.contains("id=\"check\""))
    }

    /// A `.gitignore` of the user's keeps every byte; the lines it lacks come after them.
    @Test func initExtendsAnExistingIgnoreFile() async throws {
        let site = try TemporarySite(files: [".gitignore": "node_modules\n/_site"])
        let run = await ToolRun.run(["init", site.root.path, "--force"])
        #expect(run.status == 0)
        #expect(run.output.contains("added .foldmark-cache/ to \(site.root.path)/.gitignore\n"))
        #expect(!run.output.contains("created \(site.root.path)/.gitignore"))
        #expect(try site.read(".gitignore") == "node_modules\n/_site\n.foldmark-cache/\n")
        let again = await ToolRun.run(["init", site.root.path, "--force"])
        #expect(again.output == "Preview it with: foldmark serve \(site.root.path)\n")
        #expect(try site.read(".gitignore") == "node_modules\n/_site\n.foldmark-cache/\n")
    }

    /// `git init` first, then `foldmark init`: a folder of nothing but git's files is an
    /// empty one, and its `.gitignore` is extended.
    @Test func initTakesAFolderWithOnlyGitsFiles() async throws {
        let site = try TemporarySite(files: [".git/HEAD": "ref: refs/heads/main\n", ".gitignore": "*.log\n"])
        let run = await ToolRun.run(["init", site.root.path])
        #expect(run.status == 0, "\(run.errors)")
        #expect(site.exists("Content/index.md") && site.exists("foldmark.yml"))
        #expect(try site.read(".gitignore") == "*.log\n_site/\n.foldmark-cache/\n")
        #expect(try site.read(".git/HEAD") == "ref: refs/heads/main\n")
    }

    @Test func initRefusesANonEmptyFolderAndNeverOverwrites() async throws {
        let site = try TemporarySite(files: ["foldmark.yml": "title: Mine\n"])
        let refused = await ToolRun.run(["init", site.root.path])
        #expect(refused.status == 1)
        #expect(refused.errors.contains("the folder is not empty"))
        #expect(!site.exists("Content") && !site.exists(".gitignore"))
        let forced = await ToolRun.run(["init", site.root.path, "--force"])
        #expect(forced.status == 0)
        #expect(try site.read("foldmark.yml") == "title: Mine\n")
        #expect(site.exists("Content/index.md"))
    }
}
