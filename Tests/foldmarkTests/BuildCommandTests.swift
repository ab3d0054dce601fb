import Foundation
import FoldmarkTestSupport
import Testing

@testable import foldmark

@Suite struct BuildCommandTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    @Test func buildsTheRepositoryDocumentationMirroringPaths() async throws {
        let out = try TemporarySite(files: [:])
        // Into a folder inside the temporary one: the build cache goes beside the output,
        // and is removed with it.
        let run = await ToolRun.run(["build", Self.packageRoot.path, "--out", out.root.appending(path: "_site").path])
        #expect(run.status == 0, "\(run.errors)")
        let content = Self.packageRoot.appending(path: "Content")
        let sources = FileManager.default.enumerator(atPath: content.path)!.compactMap { $0 as? String }
            .filter { $0.hasSuffix(".md") }
        #expect(sources.count >= 5)
        let expected = Set(sources.map { String($0.dropLast(3)) + ".html" })
        let built = Set(out.files(under: "_site").filter { $0.hasSuffix(".html") })
        #expect(expected.isSubset(of: built))
        #expect(expected.contains("index.html"))
        // Besides the pages: 404.html and an index for each folder without index.md.
        let folders = Set(expected.compactMap { $0.contains("/") ? String($0[...$0.lastIndex(of: "/")!]) : nil })
        let generated = folders.map { $0 + "index.html" }.filter { !expected.contains($0) }
        #expect(built.subtracting(expected) == Set(generated + ["404.html"]))
        #expect(run.output.hasPrefix("Built \(sources.count + generated.count) pages"))
        for page in built {
            let html = try out.read("_site/" + page)
            #expect(html.hasPrefix("<!doctype html>"), "\(page)")
            #expect(html.contains("<main"), "\(page)")
        }
    }

    /// Each problem is a line of its own, as compilers print them: the warnings, the errors,
    /// and last how many errors there were.
    @Test func failedBuildPrintsEveryErrorThenHowMany() async throws {
        let site = try TemporarySite(files: [
            "Content/a.md": "---\ntitle: A\ncollapsed: maybe\ntitle: B\norder: x\n---\n# A\n",
            "Content/b.md": "---\nmeta:\n  author: Ann\n  author: Bo\n---\n# B\n",
            "foldmark.yml": "colour: blue\n",
        ])
        let run = await ToolRun.run(["build", site.root.path])
        #expect(run.status == 1)
        #expect(run.output.isEmpty)
        #expect(
            run.errors == """
                foldmark.yml:1: warning: unknown key 'colour'
                Content/a.md:3: error: front matter 'collapsed' must be true or false
                Content/a.md:4:1: error: duplicate key 'title' (first on line 2)
                Content/a.md:5: error: front matter 'order' must be a number
                Content/b.md:4:3: error: duplicate key 'author' (first on line 3)
                Build failed with 4 errors; the output folder was not changed.

                """)
    }

    /// `--json` reports each step of a build (documented in Content/reference/cli.md),
    /// and a fresh build spends time in those that every parsed page goes through.
    @Test func jsonReportsTheTimeOfEveryStep() async throws {
        let site = try TemporarySite(files: [
            "Content/index.md": "# Home\n\nText [a](a.md).\n", "Content/a.md": "# A\n## B\n",
        ])
        let run = await ToolRun.run(["build", site.root.path, "--json"])
        #expect(run.status == 0, "\(run.errors)")
        let report = try #require(JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
        let timings = try #require(report["timings"] as? [String: Double])
        let steps = ["read", "parse", "sectionize", "render", "index", "write", "site", "layout", "search", "publish"]
        #expect(Set(timings.keys) == Set(steps))
        #expect(timings.values.allSatisfy { $0 >= 0 })
        for step in ["read", "parse", "sectionize", "render", "layout", "publish"] {
            #expect((timings[step] ?? 0) > 0, "\(step)")
        }
    }
}
