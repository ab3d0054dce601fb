import Foundation
import FoldmarkTestSupport
import Testing

@testable import Site

/// A build stopped (its task cancelled, as Ctrl-C does) or failed midway publishes nothing
/// and leaves neither its staging folder nor the content it put into the build cache.
@Suite struct InterruptedBuildTests {
    /// The build cache's pack files, for the output folder `_site`.
    static func packs(of site: TemporarySite) -> [String] {
        site.files(under: ".foldmark-cache/_site/packs")
    }

    @Test func cancelledBuildPublishesNothingAndRemovesItsStagingFolder() async throws {
        let site = try TemporarySite(files: InterruptibleSite.files(pages: 40))
        let output = site.root.appending(path: "_site")
        _ = try await SiteBuilder(site: SiteFolder(at: site.root), output: output).build()
        let before = try FolderSnapshot.files(in: output)
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
        #expect(try FolderSnapshot.files(in: output) == before)
        #expect(try InterruptibleSite.stagingFolders(beside: output).isEmpty)
        #expect(Self.packs(of: site) == packs)
        // The next build goes through.
        _ = try await SiteBuilder(site: SiteFolder(at: site.root), output: output).build()
        #expect(try site.read("_site/folder-3/page-13.html").contains(">Renamed</a>"))
    }

    /// A build that fails on a page leaves none of the pages' content it put into the build
    /// cache (only the cache index of a published build refers to it).
    @Test func failedBuildLeavesNoPackFiles() async throws {
        let site = try TemporarySite(files: InterruptibleSite.files(pages: 40))
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
}
