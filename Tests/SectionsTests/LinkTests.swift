import Sections
import Testing

@Suite struct LinkTests {
    @Test func linksAreRecordedWithFileLineAndColumn() throws {
        let page = try Document(parsing: "---\ntitle: T\n---\nSee [the guide](guide.md#setup).\n\n# A\n\n  ![logo](img/logo.png)\n")
        #expect(
            page.links == [
                Link(url: "guide.md#setup", line: 4, column: 5),
                Link(url: "img/logo.png", line: 8, column: 3, isImage: true),
            ])
    }

    @Test func destinationsAreRewrittenButRecordedAsWritten() throws {
        let page = try Document(parsing: "[a](a.md) [b](https://x.org/b.md)\n") { url in
            url.hasSuffix(".md") && !url.contains(":") ? String(url.dropLast(3)) + ".html" : url
        }
        #expect(page.preamble.html == "<p><a href=\"a.html\">a</a> <a href=\"https://x.org/b.md\">b</a></p>\n")
        #expect(page.links.map(\.url) == ["a.md", "https://x.org/b.md"])
    }

    @Test func linksInHeadingsAreFound() throws {
        let page = try Document(parsing: "# See [x](x.md)\n")
        #expect(page.links.map(\.url) == ["x.md"])
    }

    @Test func unsafeURLsAreDroppedInSafeMode() throws {
        let page = try Document(parsing: "[x](javascript:alert(1))\n")
        #expect(page.preamble.html == "<p><a href=\"\">x</a></p>\n")
    }
}

@Suite struct DraftSectionTests {
    static let markdown = "# Kept\n[a](a.md)\n## Secret {.draft}\n[b](b.md)\n### Under secret\n## Also kept\n"

    @Test func draftSectionsAreLeftOutWithTheirChildrenAndLinks() throws {
        let page = try Document(parsing: Self.markdown)
        #expect(page.allSections.map(\.title) == ["Kept", "Also kept"])
        #expect(page.links.map(\.url) == ["a.md"])
    }

    @Test func draftSectionsAreKeptWhenAsked() throws {
        let page = try Document(parsing: Self.markdown, options: ParseOptions(includesDrafts: true))
        #expect(page.allSections.map(\.title) == ["Kept", "Secret", "Under secret", "Also kept"])
        #expect(page.allSections[1].classes == [])
        #expect(page.links.map(\.url) == ["a.md", "b.md"])
    }
}
