import Foundation
import Testing

@testable import Site
@testable import foldmark

@Suite struct BuildCacheTests {
    @Test func oneBuildWritesOnePackPerWorkerNotAFilePerPage() async throws {
        var files = ["Content/index.md": "# Home\n"]
        for index in 0..<30 { files["Content/p\(index).md"] = "# P\(index)\n" }
        let site = try TemporarySite(files: files)
        #expect(await ToolRun.run(["build", site.root.path, "--jobs", "2"]).status == 0)
        let packs = site.files(under: ".foldmark-cache/_site/packs")
        #expect(packs.count == 2)
        // A build with nothing to parse leaves no new, empty pack behind.
        #expect(await ToolRun.run(["build", site.root.path, "--jobs", "2"]).status == 0)
        #expect(site.files(under: ".foldmark-cache/_site/packs") == packs)
    }

    @Test func aMissingPackMeansThePagesAreBuiltAgain() async throws {
        let site = try TemporarySite(files: ["Content/index.md": "# Home\n", "Content/a.md": "# A\nText.\n"])
        #expect(await ToolRun.run(["build", site.root.path]).status == 0)
        for pack in site.files(under: ".foldmark-cache/_site/packs") {
            try FileManager.default.removeItem(at: site.root.appending(path: ".foldmark-cache/_site/packs/" + pack))
        }
        try FileManager.default.removeItem(at: site.root.appending(path: "_site/a.html"))
        let run = await ToolRun.run(["build", site.root.path, "--json"])
        #expect(run.status == 0, "\(run.errors)")
        let report = try #require(JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
        #expect(report["cached"] as? Int == 0)
        #expect(try site.read("_site/a.html").contains("<p>Text.</p>"))
    }

    @Test func packsOfEarlierBuildsAreCompactedWhenMostlyDead() async throws {
        let big = String(repeating: "Lorem ipsum dolor sit amet. ", count: 40_000)  // ~1.1 MB per page
        let site = try TemporarySite(files: ["Content/index.md": "# Home\n", "Content/a.md": "# A\n" + big])
        #expect(await ToolRun.run(["build", site.root.path, "--jobs", "1"]).status == 0)
        // Each edit appends a new copy of the page; the old ones are dead bytes.
        for round in 0..<20 {
            try site.write("Content/a.md", "# A \(round)\n" + big)
            #expect(await ToolRun.run(["build", site.root.path, "--jobs", "1"]).status == 0)
        }
        let folder = site.root.appending(path: ".foldmark-cache/_site/packs")
        let total = try site.files(under: ".foldmark-cache/_site/packs").reduce(0) { sum, name in
            sum + ((try FileManager.default.attributesOfItem(atPath: folder.appending(path: name).path))[.size] as? Int ?? 0)
        }
        #expect(total < 20 << 20)  // bounded: live content plus at most 16 MiB of dead bytes
        let unchanged = await ToolRun.run(["build", site.root.path, "--json"])
        let report = try #require(JSONSerialization.jsonObject(with: Data(unchanged.output.utf8)) as? [String: Any])
        #expect(report["cached"] as? Int == 2)
        #expect(try site.read("_site/a.html").contains("<h1>A 19</h1>"))
    }
}
