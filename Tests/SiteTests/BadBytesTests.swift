import FoldmarkTestSupport
import Site
import Testing

/// Sources that are not clean text (bytes that are not UTF-8, NUL bytes, a byte order mark,
/// other line endings) or of extreme size or depth: each builds, with a warning that names
/// the first bad byte where there is one.
@Suite struct BadBytesTests {
    @Test func invalidUTF8IsReplacedWithAWarningNamingTheFirstByte() async throws {
        let site = try TemporarySite(files: [:])
        try site.write(
            "Content/a.md", bytes: Array("# Caf".utf8) + [0xE9] + Array("\n\nok \u{FF} then".utf8) + [0xFF, 0xFE, 0x0A])
        let build = await site.build()
        #expect(build.succeeded)
        #expect(
            build.warnings == [
                "Content/a.md:1:6: warning: invalid UTF-8 at byte offset 5 (and 2 more), replaced with U+FFFD"
            ])
        let html = try site.read("_site/a.html")
        #expect(html.contains(">Caf\u{FFFD}</h1>"))
        #expect(html.contains("<p>ok \u{FF} then\u{FFFD}\u{FFFD}</p>"))
        #expect(html.contains("id=\"caf\""))
    }

    @Test func invalidUTF8IsStillReportedWhenThePageComesFromTheCache() async throws {
        let site = try TemporarySite(files: [:])
        try site.write("Content/a.md", bytes: [0x23, 0x20, 0xC3, 0x0A])
        let first = await site.build()
        let second = await site.build()
        #expect(first.warnings == ["Content/a.md:1:3: warning: invalid UTF-8 at byte offset 2, replaced with U+FFFD"])
        #expect(first.succeeded && second.succeeded && second.warnings == first.warnings)
    }

    @Test func byteOrderMarkIsDroppedBeforeFrontMatter() async throws {
        let site = try TemporarySite(files: ["Content/a.md": "\u{FEFF}---\ntitle: With BOM\n---\n# Heading\n"])
        let build = await site.build()
        #expect(build.succeeded)
        #expect(build.warnings == [])
        let html = try site.read("_site/a.html")
        #expect(html.contains("<title>With BOM</title>"))
        #expect(PageHTML.main(of: html).hasPrefix("<h1 class=\"fm-title\" id=\"heading\">Heading</h1>"))
        #expect(!html.contains("\u{FEFF}"))
    }

    @Test(arguments: ["\r\n", "\r"])
    func windowsAndOldMacLineEndingsWork(newline: String) async throws {
        let lines = ["---", "title: T", "---", "# A", "text", "", "## B {#b .collapsed}", "Setext", "======"]
        let site = try TemporarySite(files: ["Content/a.md": lines.joined(separator: newline) + newline])
        #expect(await site.build().succeeded)
        let main = PageHTML.main(of: try site.read("_site/a.html"))
        #expect(PageHTML.sectionTags(in: main) == ["a open", "b", "setext open"])
        #expect(try site.read("_site/a.html").contains("<title>T</title>"))
        // Lines are counted as cmark counts them, so errors point at the right line.
        try site.write("Content/a.md", (lines + ["# C {#b}"]).joined(separator: newline))
        let failed = await site.build()
        #expect(!failed.succeeded && failed.warnings == [])
        #expect(failed.errors == ["Content/a.md:10: error: duplicate section id 'b' (first used on line 7)"])
    }

    @Test func nulBytesBecomeReplacementCharactersWithAWarning() async throws {
        let site = try TemporarySite(files: ["Content/a.md": "# A\u{0}B\n\n\u{0}text\n"])
        let build = await site.build()
        #expect(build.succeeded)
        #expect(
            build.warnings == [
                "Content/a.md:1:4: warning: NUL byte at byte offset 3 (and 1 more), replaced with U+FFFD"
            ])
        let main = PageHTML.main(of: try site.read("_site/a.html"))
        #expect(main.contains("id=\"ab\""))
        #expect(main.contains(">A\u{FFFD}B</h1>"))
        #expect(main.contains("<p>\u{FFFD}text</p>"))
    }

    @Test func binaryFileNamedMarkdownBuildsWithWarnings() async throws {
        var generator = SplitMix(seed: 7)
        let bytes = (0..<65536).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let site = try TemporarySite(files: ["Content/index.md": "# Home\n"])
        try site.write("Content/photo.md", bytes: bytes)
        let build = await site.build()
        #expect(build.succeeded)
        let warnings = build.warnings
        #expect(warnings.count == 2)
        #expect(
            warnings[0].hasPrefix("Content/photo.md:")
                && warnings[0].contains(": warning: invalid UTF-8 at byte offset "))
        #expect(
            warnings[1].hasPrefix("Content/photo.md:") && warnings[1].contains(": warning: NUL byte at byte offset "))
        #expect(site.exists("_site/photo.html"))
    }

    // MARK: Size and depth

    @Test func fiftyThousandHeadingsInOnePage() async throws {
        let markdown = (0..<50_000).map { $0 % 10 == 0 ? "# Part\n" : "## Step\ntext \($0)\n" }.joined()
        let site = try TemporarySite(files: ["Content/a.md": markdown])
        let build = await site.build()
        #expect(build.succeeded, "\(build.errors)")
        let main = PageHTML.main(of: try site.read("_site/a.html"))
        let ids = PageHTML.sectionTags(in: main)
        #expect(ids.count == 50_000)
        #expect(Set(ids).count == 50_000)
        #expect(ids.last == "step-44999 open")
    }

    @Test func tenThousandLevelsOfQuotesAndListsAndDeepEmphasisInAHeading() async throws {
        let depth = 10_000
        let site = try TemporarySite(files: [
            "Content/quotes.md": "# Q\n\n" + String(repeating: "> ", count: depth) + "deep\n",
            "Content/lists.md": "# L\n\n" + String(repeating: "- ", count: depth) + "deep\n",
            "Content/indented.md": (0..<2000).map { String(repeating: "  ", count: $0) + "- item\n" }.joined(),
            // A heading's text is walked by foldmark itself (its title): this crashed with a
            // stack overflow at 100,000 levels before that walk stopped being recursive.
            "Content/emphasis.md": "# " + String(repeating: "*a ", count: 100_000) + "b"
                + String(repeating: " a*", count: 100_000) + "\n",
            "Content/links.md": "# " + String(repeating: "[a ", count: 100_000) + "b"
                + String(repeating: "](#l)", count: 100_000) + " {#l}\n",
        ])
        let build = await site.build()
        #expect(build.succeeded, "\(build.errors)")
        #expect(
            try site.read("_site/quotes.html").contains(
                String(repeating: "<blockquote>\n", count: depth) + "<p>deep</p>"))
        #expect(try site.read("_site/lists.html").contains("<li>deep</li>"))
        #expect(try site.read("_site/emphasis.html").contains("id=\"a-a-a-a-a-a"))
        #expect(PageHTML.main(of: try site.read("_site/links.html")).hasPrefix("<h1 class=\"fm-title\" id=\"l\">"))
    }
}
