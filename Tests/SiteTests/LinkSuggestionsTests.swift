import FoldmarkTestSupport
import Foundation
import Sections
import Testing

@testable import Site

/// The "did you mean" of a broken link's warning: only a near miss that stands out.
@Suite struct LinkSuggestionsTests {
    @Test func oneSlipIsOneByteAddedLeftOutChangedOrTwoSwapped() {
        func slip(_ a: String, _ b: String) -> Bool { LinkSuggestions.isOneSlip(Array(a.utf8), Array(b.utf8)) }
        #expect(slip("guid", "guide") && slip("guide", "guid"))
        #expect(slip("gudie", "guide"))
        #expect(slip("setup", "stup"))
        #expect(slip("install", "instal1"))
        #expect(slip("x", ""))
        #expect(!slip("guide", "guide"))
        #expect(!slip("gdiue", "guide"))
        #expect(!slip("abc", "xyz"))
        #expect(!slip("configuration", "configurations!"))
        #expect(!slip("ab", "ba!"))
    }

    @Test func nearestNameMustStandOut() {
        let names = ["getting-started.md", "guide.md", "glossary.md", "api.md", "app.md"].map(LinkSuggestions.Name.init)
        #expect(LinkSuggestions.nearest(to: "guid.md", among: names) == "guide.md")
        #expect(LinkSuggestions.nearest(to: "getting-startd.md", among: names) == "getting-started.md")
        #expect(LinkSuggestions.nearest(to: "GUIDE.MD", among: names) == "guide.md")
        // Too far, too short to tell, or two names equally near.
        #expect(LinkSuggestions.nearest(to: "reference.md", among: names) == nil)
        #expect(LinkSuggestions.nearest(to: "apx.md", among: names) == nil)
        #expect(LinkSuggestions.nearest(to: "page", among: ["pages", "paged"].map(LinkSuggestions.Name.init)) == nil)
    }

    @Test func sectionIdsByCasePrefixOrSlip() {
        let ids = ["install-steps", "configure", "part-one", "part-two"]
        #expect(LinkSuggestions.id(near: "Install-Steps", among: ids) == "install-steps")
        #expect(LinkSuggestions.id(near: "install", among: ids) == "install-steps")
        #expect(LinkSuggestions.id(near: "configur", among: ids) == "configure")
        #expect(LinkSuggestions.id(near: "part", among: ids) == nil)
        #expect(LinkSuggestions.id(near: "uninstall", among: ids) == nil)
    }

    /// A version heading "2.0.0" gets the id `v200`; `v2-0-0` has the same characters
    /// between its separators, and `steps-install` the same words in another order.
    @Test func sectionIdsOfTheSameWords() {
        let ids = ["v200", "v100", "install-steps", "part-one", "one-part-two"]
        #expect(LinkSuggestions.id(near: "v2-0-0", among: ids) == "v200")
        #expect(LinkSuggestions.id(near: "v2.0.0", among: ids) == "v200")
        #expect(LinkSuggestions.id(near: "steps-install", among: ids) == "install-steps")
        #expect(LinkSuggestions.id(near: "Steps_Install", among: ids) == "install-steps")
        #expect(LinkSuggestions.id(near: "one-part", among: ids) == "part-one")
        // Other words, or two ids of the same words: no suggestion.
        #expect(LinkSuggestions.id(near: "v3-0-0", among: ids) == nil)
        #expect(LinkSuggestions.id(near: "two-part", among: ids) == nil)
        #expect(LinkSuggestions.id(near: "b-a", among: ["a-b", "ba"]) == nil)
        #expect(LinkSuggestions.id(near: "---", among: ["-", "--"]) == nil)
    }

    @Test func aPageWithManySectionsIsSearchedByHalving() {
        let ids = (0..<20_000).map { "part-\($0)-alpha" } + ["Zeta"]
        #expect(ids.count > LinkSuggestions.scanLimit)
        let sections = LinkSuggestions.SortedIDs(ids)
        #expect(sections.id(near: "part-123-al") == "part-123-alpha")
        #expect(sections.id(near: "part-19999") == "part-19999-alpha")
        #expect(sections.id(near: "zeta") == "Zeta")
        // Many ids start with it; and past the limit, slips are not looked for.
        #expect(sections.id(near: "part-12") == nil)
        #expect(sections.id(near: "part-123-alpah") == nil)
        // A page of fewer sections is scanned, slips included; a larger one through the index.
        let suggestions = LinkSuggestions(paths: { [] })
        #expect(
            suggestions.id(near: "part-42-alpah", inPage: "few.md", ids: { Array(ids.prefix(100)) }) == "part-42-alpha")
        #expect(suggestions.id(near: "part-123-al", inPage: "many.md", ids: { ids }) == "part-123-alpha")
        #expect(suggestions.id(near: "part-123-alpah", inPage: "many.md", ids: { ids }) == nil)
    }

    @Test func pathsByCaseMissingExtensionOrSlipInTheSameFolder() {
        let suggestions = LinkSuggestions(paths: {
            ["index.md", "guide/setup.md", "guide/index.md", "Images/logo.png", "reference.md", "guide"]
        })
        #expect(suggestions.path(near: "Guide/Setup.md") == "guide/setup.md")
        #expect(suggestions.path(near: "reference") == "reference.md")
        #expect(suggestions.path(near: "guide/setpu.md") == "guide/setup.md")
        #expect(suggestions.path(near: "images/logo.png") == "Images/logo.png")
        // A near name in another folder is not offered.
        #expect(suggestions.path(near: "other/setup.md") == nil)
        #expect(suggestions.path(near: "nothing-like-it.md") == nil)
    }

    @Test func warningsSayWhatTheLinkMostLikelyMeant() {
        let sources = ["index.md", "guide/setup.md", "guide/index.md"]
        let resolver = LinkResolver(pages: Set(sources), folders: ["", "guide/"], assets: ["guide/diagram.png"])
        let pages = [
            LinkCheckerTests.page("index.md", ids: ["home", "overview"]),
            LinkCheckerTests.page("guide/setup.md", ids: ["setup", "install-steps", "upgrade"]),
            LinkCheckerTests.page("guide/index.md", ids: ["guide"]),
        ]
        let checker = LinkChecker(resolver: resolver, pages: pages, drafts: [])
        let links = [
            "guide/Setup.md", "guide/setup.md#install", "guide/setpu.md#upgrade", "#overveiw", "/guide/diagam.png",
            "../index.md", "guide/setup", "guide/nothing-near.md",
        ].enumerated().map { Link(url: $1, line: $0 + 1, column: 1, isImage: false) }
        #expect(
            checker.warnings(for: links, in: "index.md").map(\.message) == [
                "link to missing page 'guide/Setup.md' (did you mean 'guide/setup.md'?)",
                "link to missing section 'guide/setup.md#install' (did you mean 'guide/setup.md#install-steps'?)",
                "link to missing page 'guide/setpu.md#upgrade' (did you mean 'guide/setup.md#upgrade'?)",
                "link to missing section '#overveiw' (did you mean '#overview'?)",
                "link to missing file '/guide/diagam.png' (did you mean '/guide/diagram.png'?)",
                "link leads outside Content/: '../index.md'",
                "link to missing file 'guide/setup' (did you mean 'guide/setup.md'?)",
                "link to missing page 'guide/nothing-near.md'",
            ])
        // From a page in another folder, a suggestion keeps the link's own way there.
        #expect(
            checker.warnings(for: [Link(url: "../Index.md", line: 1, column: 1, isImage: false)], in: "guide/setup.md")
                .map(\.message) == ["link to missing page '../Index.md' (did you mean '../index.md'?)"])
    }

    /// The case of the README: a heading "v2.0.0" has the id `v200`, and a link written
    /// as `#v2-0-0` is told so.
    @Test func aVersionLinkWithSeparatorsIsToldTheId() async throws {
        let site = try TemporarySite(files: [
            "Content/index.md": "# Home\n\nSee [2.0](changelog.md#v2-0-0).\n",
            "Content/changelog.md": "# Changelog\n\n## v2.0.0\n\nNew.\n",
        ])
        let build = await site.build()
        #expect(
            build.warnings.contains(
                "Content/index.md:3:5: warning: link to missing section 'changelog.md#v2-0-0'"
                    + " (did you mean 'changelog.md#v200'?)"), "\(build.warnings)")
    }
}
