import Foundation
import FoldmarkTestSupport
import Testing

@testable import Site
@testable import foldmark

/// Ctrl-C (or SIGTERM) during a build: it stops at the next page, publishes nothing,
/// removes its staging folder and says so, with exit status 130.
@Suite struct InterruptedBuildTests {
    /// A site of `pages` pages with a few sections each, in ten folders.
    static func files(pages: Int) -> [String: String] {
        var files = ["Content/index.md": "# Home\n\nThe start.\n"]
        let body = (1...8).map { "## Part \($0)\n\nA paragraph of part \($0), with [a link](#part-1).\n\n" }.joined()
        for page in 0..<pages {
            files["Content/folder-\(page % 10)/page-\(page).md"] = "# Page \(page)\n\nIts first words.\n\n" + body
        }
        return files
    }

    static func stagingFolders(beside output: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: output.deletingLastPathComponent().path).filter {
            $0.contains("foldmark-staging")
        }
    }

    /// The build cache's pack files, for the output folder `output`.
    static func packs(of site: TemporarySite, output: String = "_site") -> [String] {
        site.files(under: ".foldmark-cache/\(output)/packs")
    }

    @Test func cancelledBuildPublishesNothingAndRemovesItsStagingFolder() async throws {
        let site = try TemporarySite(files: Self.files(pages: 40))
        let output = site.root.appending(path: "_site")
        _ = try await SiteBuilder(site: SiteFolder(at: site.root), output: output).build()
        let before = try BadInput.snapshot(output)
        let packs = Self.packs(of: site)
        #expect(!packs.isEmpty)
        // Every page changes (the site's title is on each of them).
        try site.write("foldmark.yml", "title: Renamed\n")
        let root = site.root
        let building = Task { try await SiteBuilder(site: SiteFolder(at: root), output: output).build() }
        building.cancel()
        let failure = await #expect(throws: BuildFailure.self) { try await building.value }
        #expect(failure?.isInterrupted == true)
        #expect(failure?.errors.map(\.message) == ["the build was interrupted"])
        #expect(try BadInput.snapshot(output) == before)
        #expect(try Self.stagingFolders(beside: output).isEmpty)
        #expect(Self.packs(of: site) == packs)
        // The next build goes through.
        _ = try await SiteBuilder(site: SiteFolder(at: site.root), output: output).build()
        #expect(try site.read("_site/folder-3/page-13.html").contains(">Renamed</a>"))
    }

    /// A build that fails on a page leaves none of the pages' content it put into the build
    /// cache (only the cache index of a published build refers to it).
    @Test func failedBuildLeavesNoPackFiles() async throws {
        let site = try TemporarySite(files: Self.files(pages: 40))
        let output = site.root.appending(path: "_site")
        _ = try await SiteBuilder(site: SiteFolder(at: site.root), output: output).build()
        let packs = Self.packs(of: site)
        try site.write("foldmark.yml", "title: Renamed\n")
        try site.write("Content/folder-1/page-21.md", "# A {#x}\n# B {#x}\n")
        await #expect(throws: BuildFailure.self) {
            try await SiteBuilder(site: SiteFolder(at: site.root), output: output).build()
        }
        #expect(Self.packs(of: site) == packs)
    }

    @Test(.enabled(if: ToolProcess.executable != nil, "no foldmark executable beside the tests"))
    func ctrlCStopsTheBuildWithStatus130() throws {
        let site = try TemporarySite(files: Self.files(pages: 1_500))
        let output = site.root.appending(path: "out")
        let arguments = ["build", site.root.path, "--out", output.path, "--jobs", "1"]
        #expect(try ToolProcess.run(arguments).status == 0)
        let before = try BadInput.snapshot(output)
        let packs = Self.packs(of: site, output: "out")
        try site.write("foldmark.yml", "title: Renamed\n")
        // Interrupted once the build has made its staging folder: it is going through the
        // pages (1,500 of them, on one core).
        let run = try ToolProcess.run(arguments) { (try? Self.stagingFolders(beside: output).isEmpty) == false }
        #expect(run.status == 130, "\(run.output) \(run.errors)")
        #expect(run.errors == "Interrupted; the output folder was not changed.\n")
        #expect(run.output.isEmpty)
        #expect(try BadInput.snapshot(output) == before)
        #expect(try Self.stagingFolders(beside: output).isEmpty)
        #expect(Self.packs(of: site, output: "out") == packs)
    }
}
