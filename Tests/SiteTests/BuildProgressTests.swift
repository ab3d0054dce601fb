import FoldmarkTestSupport
import Site
import Synchronization
import Testing

/// What a build tells its ``BuildProgress`` (which `foldmark build` draws as its progress
/// line, and `foldmark serve` follows from build to build).
@Suite struct BuildProgressTests {
    /// The progress counts the sources while reading them, then the pages written (a
    /// generated folder index too, drafts not), and finishes with the count of those.
    @Test func progressCountsEachStepsPages() async throws {
        let site = try TemporarySite(files: [
            "Content/index.md": "# Home\n",
            "Content/guide/one.md": "# One\n",
            "Content/guide/two.md": "# Two\n",
            "Content/draft.md": "---\ndraft: true\n---\n# Draft\n",
        ])
        let progress = BuildProgress()
        #expect(progress.state == (.listing, 0, 0))
        let report = try await SiteBuilder(site: SiteFolder(at: site.root), output: site.root.appending(path: "_site"))
            .build(progress: progress)
        #expect(report.pages == 4)  // three pages and guide/index.html
        #expect(progress.state == (.finishing, 4, 4))
        // Followed again (as `foldmark serve` does), a build starts at the listing: this one
        // finds nothing changed once the sources are listed, and goes no further.
        let unchanged = try await SiteBuilder(
            site: SiteFolder(at: site.root), output: site.root.appending(path: "_site")
        ).build(progress: progress)
        #expect(unchanged.timings.map(\.0) == ["check"])
        #expect(progress.state == (.listing, 0, 0))

        // A build that fails on a page stops after reading every source.
        try site.write("Content/guide/two.md", "# A {#x}\n# B {#x}\n")
        let failing = BuildProgress()
        await #expect(throws: BuildFailure.self) {
            try await SiteBuilder(site: SiteFolder(at: site.root), output: site.root.appending(path: "_site"))
                .build(progress: failing)
        }
        #expect(failing.state == (.reading, 4, 4))
    }

    /// Each step is announced as it starts, in order, with the state already that step's.
    @Test func eachStepIsAnnouncedAsItStarts() async throws {
        let site = try TemporarySite(files: ["Content/index.md": "# Home\n", "Content/guide.md": "# Guide\n"])
        let heard = Mutex<[String]>([])
        let progress = Mutex<BuildProgress?>(nil)
        progress.withLock {
            $0 = BuildProgress { step in
                let state = progress.withLock { $0 }!.state
                heard.withLock { $0.append("\(step) \(state.step == step) \(state.total)") }
            }
        }
        _ = try await SiteBuilder(site: SiteFolder(at: site.root), output: site.root.appending(path: "_site"))
            .build(progress: progress.withLock { $0 })
        // The progress's observer holds the progress: let go.
        progress.withLock { $0 = nil }
        #expect(
            heard.withLock { $0 } == [
                "listing true 0", "reading true 2", "checking true 0", "writing true 2", "finishing true 2",
            ])
    }
}
