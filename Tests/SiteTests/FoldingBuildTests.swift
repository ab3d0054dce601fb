import Foundation
import FoldmarkTestSupport
import Testing

/// Fold rules, accordions and the reader's fold state, as a site build writes them.
@Suite struct FoldingBuildTests {
    static let longText = (1...320).map { "word\($0)" }.joined(separator: " ")

    @Test func siteFoldRulesApplyAndAPageReplacesThem() async throws {
        let site = try TemporarySite(files: [
            "foldmark.yml": "fold_from_level: 2\nfold_longer_than: 50\n",
            "Content/index.md": "# Home\n## Level two\n# More\n",
            "Content/own.md": "---\nfold_from_level: 3\n---\n# Own\n## Two\n### Three\n",
            "Content/long.md": "# Long\n\(Self.longText)\n# End\n",
        ])
        let build = await site.build()
        #expect(build.succeeded, "\(build.errors)")
        #expect(build.warnings.isEmpty)
        let index = try site.read("_site/index.html")
        #expect(index.contains("id=\"home\" open>"))
        #expect(index.contains("id=\"level-two\">"))
        let own = try site.read("_site/own.html")
        #expect(own.contains("id=\"two\" open>"))
        #expect(own.contains("id=\"three\">"))
        let long = try site.read("_site/long.html")
        #expect(long.contains("id=\"long\">"))
    }

    @Test func badFoldSettingInConfigNamesItsLine() async throws {
        let site = try TemporarySite(files: ["foldmark.yml": "title: x\nfold_from_level: 9\n", "Content/index.md": "# A\n"])
        let build = await site.build()
        #expect(!build.succeeded)
        #expect(build.errors.contains { $0.hasPrefix("foldmark.yml:2:") && $0.contains("fold_from_level") })
    }

    @Test func accordionSectionsShareAName() async throws {
        let site = try TemporarySite(files: ["Content/index.md": "# FAQ {.accordion}\n## One\n## Two\n"])
        let build = await site.build()
        #expect(build.succeeded, "\(build.errors)")
        let html = try site.read("_site/index.html")
        #expect(html.contains("id=\"one\" name=\"faq\" open>"))
        #expect(html.contains("id=\"two\" name=\"faq\">"))
    }

    @Test func longSectionsEndWithACollapseButtonAndShortOnesDoNot() async throws {
        let site = try TemporarySite(files: ["Content/index.md": "# Long\n\(Self.longText)\n# Short\nA few words.\n"])
        let build = await site.build()
        #expect(build.succeeded, "\(build.errors)")
        let html = try site.read("_site/index.html")
        #expect(html.components(separatedBy: "class=\"fm-fold-end\"").count == 2)
        #expect(html.contains("Collapse “Long”</button>\n</details>"))
    }

    @Test func pagesCarryTheirSourceHashAndTheRememberSwitch() async throws {
        let site = try TemporarySite(files: ["Content/index.md": "# A\n"])
        #expect(await site.build().succeeded)
        let first = try site.read("_site/index.html")
        #expect(first.contains("<body>"))
        guard let hash = Self.pageHash(in: first) else {
            Issue.record("no data-fm-hash")
            return
        }
        try site.write("Content/index.md", "# A\nchanged\n")
        try site.write("foldmark.yml", "remember_folds: false\n")
        #expect(await site.build().succeeded)
        let second = try site.read("_site/index.html")
        #expect(Self.pageHash(in: second).map { $0 != hash } == true)
        #expect(second.contains("<body data-fm-remember=\"off\">"))
    }

    static func pageHash(in html: String) -> String? {
        guard let start = html.range(of: "data-fm-hash=\"") else { return nil }
        return String(html[start.upperBound...].prefix { $0 != "\"" })
    }
}
