import Foundation
import FoldmarkTestSupport
import Testing

@testable import foldmark

@Suite struct CommandLineTests {
    @Test(arguments: [[], ["frobnicate"], ["build", "--bogus"], ["build", "a", "b"], ["build", "--out"], ["render"]])
    func usageErrorsExitTwo(arguments: [String]) async {
        let run = await ToolRun.run(arguments)
        #expect(run.status == 2)
        #expect(run.errors.hasPrefix("foldmark: error: "))
        #expect(run.output.isEmpty)
    }

    @Test func helpAndVersion() async {
        let help = await ToolRun.run(["--help"])
        #expect(help.status == 0)
        #expect(help.output.contains("  build    build SITE/Content into SITE/_site\n"))
        let version = await ToolRun.run(["--version"])
        #expect(version.output.hasPrefix("foldmark \(CommandLineTool.version) ("))
    }

    /// foldmark asks mimalloc to give freed memory back after 10 ms rather than its own 25,
    /// unless the environment says otherwise. (Builds under a sanitizer run without mimalloc.)
    @Test(.enabled(if: Allocator.decommitDelayInEffect != nil, "needs mimalloc"))
    func mimallocGivesFreedMemoryBackSooner() {
        Allocator.configure()
        let isSetByEnvironment =
            ProcessInfo.processInfo.environment["MIMALLOC_DECOMMIT_DELAY"] != nil
            || ProcessInfo.processInfo.environment["MIMALLOC_RESET_DELAY"] != nil
        if !isSetByEnvironment { #expect(Allocator.decommitDelayInEffect == Allocator.decommitDelay) }
        #expect(Allocator.decommitDelay < 25)
    }

    @Test func buildArguments() throws {
        #expect(try BuildArguments(parsing: []) == BuildArguments(site: ".", output: nil))
        #expect(try BuildArguments(parsing: ["docs", "--out", "x"]) == BuildArguments(site: "docs", output: "x"))
        #expect(try BuildArguments(parsing: ["--out=y"]) == BuildArguments(site: ".", output: "y"))
        #expect(try BuildArguments(parsing: ["--drafts"]) == BuildArguments(includesDrafts: true))
    }

    /// A script URL as `--base-url` is a usage error, before any build.
    @Test func baseURLOptionMustBeAWebURL() async throws {
        let site = try TemporarySite(files: ["Content/index.md": "# A\n"])
        let option = await ToolRun.run(["build", site.root.path, "--base-url", "javascript:alert(1)//"])
        #expect(option.status == 2)
        #expect(
            option.errors.hasPrefix(
                "foldmark: error: --base-url must start with http:// or https://, got 'javascript:alert(1)//'\n"))
        #expect(!site.exists("_site"))
    }

    @Test func renderWritesOneStandalonePage() async throws {
        let site = try TemporarySite(files: ["page.md": "## Hello {.collapsed}\nworld\n"])
        let run = await ToolRun.run(["render", site.root.appending(path: "page.md").path])
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.output.hasPrefix("<!doctype html>"))
        #expect(run.output.contains("<details class=\"fm-section\" id=\"hello\">"))
        #expect(run.output.contains("<p>world</p>"))
    }

    /// Not the current folder's `foldmark.yml` and templates (the tests run in the
    /// repository, which has its own), but those of the site whose `Content/` holds the page.
    @Test func renderTakesTheSettingsAndThemeOfThePagesSite() async throws {
        let site = try TemporarySite(files: [
            "foldmark.yml": "title: Elsewhere\nlanguage: de\n", "Templates/style.css": "main { color: teal }",
            "Content/a/page.md": "# Page\n",
        ])
        let run = await ToolRun.run(["render", site.root.appending(path: "Content/a/page.md").path])
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.output.contains("<html lang=\"de\">"))
        #expect(run.output.contains("<title>Page · Elsewhere</title>"))
        #expect(run.output.contains("teal"))
    }

    /// A page rendered alone has no theme files beside it: it holds them inline.
    @Test func renderInlinesTheThemeFiles() async throws {
        let site = try TemporarySite(files: ["Content/index.md": "# Home\n"])
        let render = await ToolRun.run(["render", site.root.appending(path: "Content/index.md").path])
        #expect(render.status == 0, "\(render.errors)")
        #expect(render.output.contains("<style>") && !render.output.contains("_foldmark/"))
    }

    @Test func renderReportsErrorsWithFileAndLine() async throws {
        let site = try TemporarySite(files: ["bad.md": "# A {#x}\n# B {#x}\n"])
        let path = site.root.appending(path: "bad.md").path
        let run = await ToolRun.run(["render", path])
        #expect(run.status == 1)
        #expect(run.errors == "\(path):2: error: duplicate section id 'x' (first used on line 1)\n")
    }

    @Test func renderOfMissingFile() async {
        let run = await ToolRun.run(["render", "/nonexistent/x.md"])
        #expect(run.status == 1)
        #expect(run.errors == "/nonexistent/x.md: error: cannot read the file: No such file or directory\n")
        let folder = await ToolRun.run(["render", "/tmp"])
        #expect(folder.status == 1)
        #expect(folder.errors == "/tmp: error: cannot read the file: Is a directory\n")
    }

    @Test func renderWarnsAboutInvalidUTF8Too() async throws {
        let site = try TemporarySite(files: [:])
        try site.write("page.md", bytes: Array("# A\n\nx".utf8) + [0xC0, 0xAF] + Array("\u{0}\n".utf8))
        let file = site.root.appending(path: "page.md").path
        let run = await ToolRun.run(["render", file])
        #expect(run.status == 0)
        #expect(
            run.errors == """
                \(file):3:2: warning: invalid UTF-8 at byte offset 6 (and 1 more), replaced with U+FFFD
                \(file):3:4: warning: NUL byte at byte offset 8, replaced with U+FFFD

                """)
        #expect(PageHTML.main(of: run.output).contains("<p>x\u{FFFD}\u{FFFD}\u{FFFD}</p>"))
    }
}
