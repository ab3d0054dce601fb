import Foundation
import Sections
import Testing

@testable import Site

@Suite struct SearchIndexTests {
    /// A site in the temporary directory, built with ``SiteBuilder``; removed at the end.
    final class SearchSite {
        let root = FileManager.default.temporaryDirectory.appending(path: "foldmark-search-\(UUID().uuidString)")

        init(_ files: [String: String]) throws {
            for (path, text) in files { try write(path, text) }
        }

        func write(_ path: String, _ text: String) throws {
            let url = root.appending(path: path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }

        @discardableResult
        func build(into folder: String = "_site") async throws -> BuildReport {
            try await SiteBuilder(site: SiteFolder(at: root), output: root.appending(path: folder)).build()
        }

        /// Every file of `search/` in the output folder, by name.
        func searchFiles(in folder: String = "_site") throws -> [String: String] {
            let url = root.appending(path: folder).appending(path: "search")
            let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
            return try Dictionary(
                uniqueKeysWithValues: names.map { ($0, try String(contentsOf: url.appending(path: $0), encoding: .utf8)) })
        }

        /// The terms of the site's dictionary, with their heading and body lists decoded.
        func dictionary(in folder: String = "_site") throws -> [String: (heading: [UInt32], body: [UInt32])] {
            var result: [String: (heading: [UInt32], body: [UInt32])] = [:]
            for (name, text) in try searchFiles(in: folder) where name.hasPrefix("t") {
                let start = try #require(text.firstIndex(of: "\""))
                let payload = text[text.index(after: start)...].prefix { $0 != "\"" }
                var previous: [UInt16] = []
                for record in payload.split(separator: "!") {
                    let parts = record.split(separator: " ", omittingEmptySubsequences: false)
                    let shared = Int(SearchNumbers.decode(parts[0].utf8.prefix(1))[0])
                    let units = Array(previous.prefix(shared)) + Array(parts[0].dropFirst().utf16)
                    previous = units
                    result[String(decoding: units, as: UTF16.self)] = (
                        SearchNumbers.decodeIncreasing(parts[1].utf8), SearchNumbers.decodeIncreasing(parts[2].utf8)
                    )
                }
            }
            return result
        }

        deinit { try? FileManager.default.removeItem(at: root) }
    }

    static let files = [
        "Content/index.md": "---\ntitle: Home\n---\nWelcome text about gardens.\n\n# Home\n\nIntro paragraph.\n",
        "Content/guide.md": """
            # Guide

            Plain words here.

            ## Hidden part {.collapsed}

            A secretword lives here.

            ### Deeper

            Nested inside &amp; below, with <code>codeword</code>.

            ## Unfinished {.draft}

            Draftword never shows.
            """,
        "Content/draft.md": "---\ndraft: true\n---\n# Draft page\n\nAnotherdraftword.\n",
    ]

    @Test func termsAreLowercasedFoldedAndSplitOnPunctuation() {
        #expect(SearchTerms.terms(inText: "Café au LAIT, naïve x2 y") == ["cafe", "au", "lait", "naive", "x2"])
        #expect(SearchTerms.terms(inText: "snake_case kebab-case ΟΔΟΣ 東京") == ["snake", "case", "kebab", "case", "οδοσ", "東京"])
        #expect(SearchTerms.terms(inHTML: "<p>Fish &amp; chips&#33; <em>caf&#xE9;</em><!-- raw HTML omitted --></p>") == [
            "fish", "chips", "cafe",
        ])
        #expect(SearchTerms.terms(inText: String(repeating: "a", count: 40)) == [String(repeating: "a", count: 32)])
    }

    @Test func numbersRoundTrip() {
        let values: [UInt32] = [0, 1, 44, 45, 2024, 2025, 91_124, 91_125, 5_000_000]
        var text: [UInt8] = []
        for value in values { SearchNumbers.append(value, to: &text) }
        #expect(SearchNumbers.decode(text) == values)
        #expect(!text.contains(UInt8(ascii: "\\")) && !text.contains(UInt8(ascii: "\"")))
        var increasing: [UInt8] = []
        SearchNumbers.appendIncreasing([0, 1, 2, 50, 4000], to: &increasing)
        #expect(SearchNumbers.decodeIncreasing(increasing) == [0, 1, 2, 50, 4000])
        #expect(increasing.count == 8)  // gaps 0, 0, 0 (one character each), 47 (two), 3949 (three)
    }

    @Test func pageDataHoldsTitlesAndBodiesOfCollapsedSections() throws {
        let document = try Document(parsing: "Lead text.\n\n# Top\n\n## Inner {.collapsed}\n\nSecret.\n")
        let data = PageSearchData(decoding: PageSearchData.encoded(document: document, title: "Top"))
        #expect(data.hasPageEntry)  // the preamble has text
        let codes = Dictionary(uniqueKeysWithValues: data.terms.map { ($0.term, $0.codes) })
        #expect(codes["lead"] == [0])  // page entry, text
        #expect(codes["top"] == [1, 3, 4])  // page title (heading hit), section title, title above
        #expect(codes["secret"] == [4])  // entry 2, in the text of a collapsed section
        #expect(codes["inner"] == [5])  // entry 2, its own title
    }

    @Test func collapsedTextIsIndexedAndDraftsAreNot() async throws {
        let site = try SearchSite(Self.files)
        try await site.build()
        let dictionary = try site.dictionary()
        #expect(dictionary["secretword"] != nil)
        #expect(dictionary["codeword"] != nil)
        #expect(dictionary["gardens"] != nil)
        #expect(dictionary["draftword"] == nil)
        #expect(dictionary["anotherdraftword"] == nil)
        #expect(dictionary["unfinished"] == nil)
        let files = try site.searchFiles()
        let entries = try #require(files["d0.js"])
        #expect(entries.contains("\"guide\""))
        #expect(!entries.contains("draft"))
        #expect(try String(contentsOf: site.root.appending(path: "_site/guide.html"), encoding: .utf8).contains(
            "id=\"fm-search-input\""))
    }

    @Test func titleHitsAreKeptApartFromTextHits() async throws {
        let site = try SearchSite(Self.files)
        try await site.build()
        let dictionary = try site.dictionary()
        // Entries: guide.md (0 Guide, 1 Hidden part, 2 Deeper), index.md (3 page, 4 Home).
        let hidden = try #require(dictionary["hidden"])
        #expect(hidden.heading == [1])
        #expect(hidden.body == [2])  // the title above "Deeper"
        let secret = try #require(dictionary["secretword"])
        #expect(secret.heading == [] && secret.body == [1])
        let home = try #require(dictionary["home"])
        #expect(home.heading == [3, 4])
    }

    @Test func incrementalBuildMatchesAFullBuild() async throws {
        let site = try SearchSite(Self.files)
        try await site.build()
        let first = try site.searchFiles()
        let unchanged = try await site.build()
        #expect(!unchanged.written.contains { $0.hasPrefix("search/") })
        #expect(try site.searchFiles() == first)
        try site.write("Content/guide.md", "# Guide\n\nA brandnewword now.\n")
        let edited = try await site.build()
        #expect(edited.cached == 1)
        try await site.build(into: "_fresh")
        #expect(try site.searchFiles() == site.searchFiles(in: "_fresh"))
        let dictionary = try site.dictionary()
        #expect(dictionary["brandnewword"] != nil)
        #expect(dictionary["secretword"] == nil)
    }

    @Test func searchFalseWritesNothingAndRemovesTheOldIndex() async throws {
        let site = try SearchSite(Self.files)
        try await site.build()
        #expect(try !site.searchFiles().isEmpty)
        try site.write("foldmark.yml", "search: false\n")
        try await site.build()
        #expect(try site.searchFiles().isEmpty)
        let page = try String(contentsOf: site.root.appending(path: "_site/guide.html"), encoding: .utf8)
        #expect(!page.contains("id=\"fm-search-input\""))
    }

    @Test func indexIsSmallComparedToItsMarkdown() async throws {
        var files: [String: String] = [:]
        var markdown = 0
        let words = ["alpha", "branch", "cache", "delta", "engine", "format", "gamma", "header", "index", "join"]
        for page in 0..<200 {
            var text = "# Page \(page)\n\n"
            for section in 0..<5 {
                text += "## Part \(section) of \(page)\n\n"
                for line in 0..<6 {
                    text += (0..<12).map { words[(page * 7 + section * 3 + line + $0 * $0) % words.count] }
                        .joined(separator: " ") + " unique\(page)x\(section).\n"
                }
                text += "\n"
            }
            files["Content/folder\(page % 10)/page\(page).md"] = text
            markdown += text.utf8.count
        }
        let site = try SearchSite(files)
        try await site.build()
        let size = try site.searchFiles().values.reduce(0) { $0 + $1.utf8.count }
        #expect(size * 4 <= markdown, "index \(size) bytes for \(markdown) bytes of Markdown")
    }
}
