import FoldmarkTestSupport
import Site
import Testing

/// Links that lead nowhere: warnings that name the place, or errors under `--strict`.
@Suite struct LinkWarningTests {
    static let files = [
        "Content/index.md": "# Home\n\nSee [setup](guide/setup.md#install), [gone](gone.md), [bad](guide/setup.md#nope).\n",
        "Content/guide/setup.md": "# Setup\n\n## Install\n\n[back](../index.md#home) [self](#install) [x](#missing)\n\n![](pic.png)\n",
        "Content/wip.md": "---\ndraft: true\n---\n# WIP\n",
        "Content/links-draft.md": "# L\n[wip](wip.md)\n",
    ]

    @Test func brokenLinksAreWarningsWithFileLineAndColumn() async throws {
        let site = try TemporarySite(files: Self.files)
        let build = await site.build()
        #expect(build.succeeded)
        #expect(
            build.warnings == [
                "Content/guide/setup.md:5:43: warning: link to missing section '#missing'",
                "Content/guide/setup.md:7:1: warning: link to missing file 'pic.png'",
                "Content/index.md:3:38: warning: link to missing page 'gone.md'",
                "Content/index.md:3:55: warning: link to missing section 'guide/setup.md#nope'",
                "Content/links-draft.md:2:1: warning: link to draft page 'wip.md'",
            ])
        let index = try site.read("_site/index.html")
        #expect(index.contains("<a href=\"guide/setup.html#install\">setup</a>"))
        #expect(try site.read("_site/guide/setup.html").contains("<a href=\"../index.html#home\">back</a>"))
    }

    @Test func strictTurnsWarningsIntoErrorsAndKeepsTheOutput() async throws {
        let site = try TemporarySite(files: ["Content/index.md": "# Home\n"])
        #expect(await site.build().succeeded)
        let before = try site.read("_site/index.html")
        try site.write("Content/index.md", "# Home\n[x](missing.md)\n")
        let build = await site.build(BuildOptions(isStrict: true))
        #expect(!build.succeeded)
        #expect(build.errors == ["Content/index.md:2:1: error: link to missing page 'missing.md'"])
        #expect(try site.read("_site/index.html") == before)
    }
}
