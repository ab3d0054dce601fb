@testable import Basics
import Foundation
import Sections
import FoldmarkTestSupport
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
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
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
                uniqueKeysWithValues: names.map {
                    ($0, try String(contentsOf: url.appending(path: $0), encoding: .utf8))
                })
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
        #expect(
            SearchTerms.terms(inText: "snake_case kebab-case ΟΔΟΣ 東京") == [
                "snake", "case", "kebab", "case", "οδοσ", "東京",
            ])
        #expect(
            SearchTerms.terms(inHTML: "<p>Fish &amp; chips&#33; <em>caf&#xE9;</em><!-- raw HTML omitted --></p>") == [
                "fish", "chips", "cafe",
            ])
        #expect(SearchTerms.terms(inText: String(repeating: "a", count: 40)) == [String(repeating: "a", count: 32)])
        #expect(
            SearchTerms.terms(inHTML: "ab&nbsp;cd x&lt;yz Caf&#233; &#x2B;ok&#43;") == ["ab", "cd", "yz", "cafe", "ok"])
        #expect(SearchTerms.terms(inText: "CamelCase ABC Déjà-vu x1Y2") == ["camelcase", "abc", "deja", "vu", "x1y2"])
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
        let data = DecodedSearchRecord(PageSearchData.encoded(document: document, title: "Top"))
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
        #expect(
            try String(contentsOf: site.root.appending(path: "_site/guide.html"), encoding: .utf8).contains(
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

    /// `search: headings` indexes the titles and headings of every entry but none of the
    /// text under them; the search box stays, and a site switched to it from the full
    /// index gets the index a first build makes.
    @Test func searchHeadingsIndexesTitlesNotText() async throws {
        let site = try SearchSite(Self.files)
        try await site.build()
        let full = try site.dictionary()
        #expect(full["secretword"] != nil && full["plain"] != nil && full["welcome"] != nil)
        try site.write("foldmark.yml", "search: headings\n")
        try await site.build()
        let headings = try site.dictionary()
        for word in ["secretword", "plain", "codeword", "welcome", "intro", "gardens"] {
            #expect(headings[word] == nil, "\(word)")
        }
        // The same entries hold each heading's terms as in the full index.
        for word in ["guide", "hidden", "deeper", "home"] {
            let found = try #require(headings[word], "\(word)")
            #expect(found.heading == full[word]?.heading, "\(word)")
            #expect(found.body == full[word]?.body, "\(word)")
        }
        try await site.build(into: "_fresh")
        #expect(try site.searchFiles() == site.searchFiles(in: "_fresh"))
        let page = try String(contentsOf: site.root.appending(path: "_site/guide.html"), encoding: .utf8)
        #expect(page.contains("id=\"fm-search-input\""))
    }

    @Test func searchTakesTrueFalseOrHeadings() throws {
        var warnings: [SiteWarning] = []
        #expect(
            try SiteConfig(yaml: "search: headings\n", file: "foldmark.yml", warnings: &warnings).search == .headings)
        #expect(try SiteConfig(yaml: "search: no\n", file: "foldmark.yml", warnings: &warnings).search == .off)
        #expect(try SiteConfig(yaml: "title: T\n", file: "foldmark.yml", warnings: &warnings).search == .full)
        let error = #expect(throws: SiteError.self) {
            try SiteConfig(yaml: "title: T\nsearch: titles\n", file: "foldmark.yml", warnings: &warnings)
        }
        #expect(error?.line == 2)
        #expect(error?.message == "'search' must be true, false or headings")
        #expect(warnings.isEmpty)
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
                    text +=
                        (0..<12).map { words[(page * 7 + section * 3 + line + $0 * $0) % words.count] }
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

    // MARK: - Patching the index from the last build's state

    /// Words for generated pages: ASCII, accented, Greek, CJK, and characters that sort
    /// differently by code point and by UTF-16 unit (fullwidth letters, mathematical letters).
    static let words = [
        "alpha", "alphabet", "alpine", "branch", "cache", "delta", "engine", "format", "gamma", "index", "join",
        "café", "naïve", "οδός", "東京", "ｚｚ", "ｚａ", "𝐚𝐛", "𝐚𝐜", "x9", "zebra", "zeal",
    ]

    /// Markdown for page `number`, version `version`: a preamble or not, and a few
    /// sections of words picked from both.
    static func page(_ number: Int, version: Int = 0) -> String {
        var text = number % 3 == 0 ? "Lead \(words[(number + version) % words.count]) text.\n\n" : ""
        text += "# Page \(number)\n\n"
        for section in 0..<(1 + (number + version) % 4) {
            text += "## Part \(section) \(words[(number * 5 + section + version) % words.count])\n\n"
            text +=
                (0..<8).map { words[(number * 7 + section * 3 + version + $0 * $0) % words.count] }
                .joined(separator: " ") + " unique\(number)v\(version).\n\n"
        }
        return text
    }

    /// Edits `count` of the pages numbered below `numbers` in `markdown` (new versions of
    /// them, and some removed when `removes`), for `round` of a test.
    static func edit(
        _ markdown: inout [String: String], pages count: Int, of numbers: UInt64, round: Int,
        _ random: inout SplitMix, removes: Bool = true
    ) {
        for _ in 0..<count {
            let number = Int(random.next() % numbers)
            let path = "folder\(number % 7)/page\(number).html"
            if random.next() % 5 == 0 && removes {
                markdown[path] = nil
            } else {
                markdown[path] = Self.page(number, version: round + Int(random.next() % 3))
            }
        }
    }

    /// Pages made into search records in a pack, for ``SearchIndex/make``.
    final class RecordPacks {
        let folder = FileManager.default.temporaryDirectory.appending(path: "foldmark-packs-\(UUID().uuidString)")
        private var tag = 0
        /// The pages of the last call, by output: a page whose Markdown changed since is
        /// marked as replacing that one, as a build marks it.
        private var last: [String: SearchIndex.Page] = [:]

        init() throws { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }

        /// Index pages for `pages` (output path → Markdown), their records written to a new pack.
        func pages(_ pages: [String: String]) throws -> [SearchIndex.Page] {
            tag += 1
            let packs = try ContentPacks(folder: folder, tag: "t\(tag)", workers: 1)
            defer { packs.close() }
            let made = try pages.map { output, markdown in
                let document = try Document(parsing: markdown)
                let title = document.title ?? output
                let record = PageSearchData.encoded(document: document, title: title)
                var hash = StableHash()
                hash.combine(markdown)
                let location = record.withUnsafeBytes { packs.append($0, worker: 0) }
                try #require(location != nil)
                var page = SearchIndex.Page(
                    output: output, sourceHash: hash.hex, title: title,
                    headings: .decoded(
                        document.allSections.map {
                            CachedPage.Heading(level: $0.level, id: $0.id, title: $0.title)
                        }),
                    search: location,
                    hasPageEntry: PageSearchData.hasPageEntry(record))
                if let old = last[output], old.sourceHash != page.sourceHash, let search = old.search {
                    page.replaced = (old.sourceHash, search)
                }
                return page
            }
            last = Dictionary(uniqueKeysWithValues: made.map { ($0.output, $0) })
            return made
        }

        /// `state` written to its file and read back, as between builds.
        func throughFile(_ state: SearchIndexState) throws -> SearchIndexState {
            let file = folder.appending(path: "state")
            #expect(state.write(to: file, key: "k"))
            return try #require(SearchIndexState(reading: file, key: "k"))
        }

        /// The files of the index of `pages`, and its state.
        func index(_ pages: [SearchIndex.Page], previous: SearchIndexState?, jobs: Int? = nil) async throws
            -> (files: [String: String], state: SearchIndexState)
        {
            var files: [String: String] = [:]
            let (_, state) = await SearchIndex.make(
                pages: pages, hash: "h", previous: previous, packs: folder, jobs: jobs
            ) { path, bytes in
                files[path] = String(decoding: bytes, as: UTF8.self)
                return true
            }
            return (files, try #require(state))
        }

        deinit { try? FileManager.default.removeItem(at: folder) }
    }

    @Test func patchedIndexMatchesOneMadeFromEveryPage() async throws {
        let packs = try RecordPacks()
        var markdown: [String: String] = [:]
        for number in 0..<120 { markdown["folder\(number % 7)/page\(number).html"] = Self.page(number) }
        var state = try await packs.index(try packs.pages(markdown), previous: nil).state
        var random = SplitMix(seed: 7)
        for round in 1...12 {
            // Edit some pages (their entries may grow or shrink), remove some, add some.
            Self.edit(&markdown, pages: round % 4 == 0 ? 30 : 1 + round % 3, of: 140, round: round, &random)
            let pages = try packs.pages(markdown)
            let previous = try packs.throughFile(state)
            let sameState =
                previous.pages == state.pages && previous.dictionary == state.dictionary
                && previous.rows.elementsEqual(state.rows)
            #expect(sameState)
            let patched = try await packs.index(pages, previous: previous)
            let full = try await packs.index(pages, previous: nil, jobs: 1)
            // (Compared as one value each: the difference would be megabytes of output.)
            let sameFiles = patched.files == full.files
            let sameDictionary = patched.state.dictionary == full.state.dictionary
            let samePages = patched.state.pages == full.state.pages && patched.state.rows.elementsEqual(full.state.rows)
            #expect(sameFiles && sameDictionary && samePages, "round \(round)")
            state = patched.state
        }
    }

    /// A patched index whose files are in place keeps those it finds unchanged without
    /// making them again, and the output then holds the files an index made from every
    /// page would (with the same cuts into files): after edits of one page, of a few, of
    /// many, and removed and added pages. A one-page edit keeps most of the files.
    @Test func filesKeptInPlaceAreThoseOfAnIndexOfEveryPage() async throws {
        let packs = try RecordPacks()
        var markdown: [String: String] = [:]
        for number in 0..<1500 { markdown["folder\(number % 7)/page\(number).html"] = Self.page(number) }
        var (output, state) = try await packs.index(try packs.pages(markdown), previous: nil)
        var random = SplitMix(seed: 11)
        var keptInOnePageEdits = 0
        for round in 1...14 {
            var edits = round % 4 == 0 ? 200 : 1 + round % 3
            switch round {
            case 13:
                // A page's title changed for one as long: its row keeps its length.
                let path = "folder0/page700.html"
                markdown[path] = markdown[path]!.replacingOccurrences(of: "# Page 700", with: "# Page 007")
                edits = 1
            case 14:
                // A page and a term after all others: the last files of the index get more.
                markdown["zz/last.html"] = "# Zzzz\n\nzzzzzz and zzzzzzz.\n"
                edits = 1
            default:
                Self.edit(&markdown, pages: edits, of: 1700, round: round, &random, removes: edits > 1)
            }
            let pages = try packs.pages(markdown)
            let previous = try packs.throughFile(state)
            #expect(previous.shards == state.shards)
            var written: [String: String] = [:]
            let (index, next) = await SearchIndex.make(
                pages: pages, hash: "h", previous: previous, inPlace: previous.files, packs: packs.folder, jobs: nil
            ) { path, bytes in
                written[path] = String(decoding: bytes, as: UTF8.self)
                return true
            }
            let patched = try #require(next)
            // The output folder after the build: the files in place, those written replacing them.
            output = output.filter { index.paths.contains($0.key) }.merging(written) { $1 }
            let full = try await packs.index(pages, previous: nil, jobs: 1)
            #expect(output == full.files, "round \(round)")
            #expect(patched.shards == full.state.shards && patched.files == full.state.files, "round \(round)")
            #expect(Set(index.kept).isDisjoint(with: written.keys))
            if edits == 1 { keptInOnePageEdits += index.kept.count }
            state = patched
        }
        #expect(keptInOnePageEdits > 0)
    }

    /// A new term that sorts before every term of the old dictionary (or after every
    /// one) is merged too: the first part of the merge starts at the first new term.
    @Test func patchKeepsNewTermsBeforeAndAfterEveryOldOne() async throws {
        let packs = try RecordPacks()
        var markdown = ["index.html": "# Home\n\nmiddle words here\n", "b.html": "# Beta\n\nmore middle words\n"]
        let old = try await packs.index(try packs.pages(markdown), previous: nil).state
        markdown["b.html"] = "# Beta\n\naardvark middle zymurgy\n"
        let pages = try packs.pages(markdown)
        let patched = try await packs.index(pages, previous: old)
        let full = try await packs.index(pages, previous: nil)
        var terms: [String] = []
        for index in 0..<patched.state.dictionary.count {
            patched.state.dictionary.withTerm(index) { term, _, _ in terms.append(String(decoding: term, as: UTF8.self))
            }
        }
        #expect(terms.first == "aardvark" && terms.last == "zymurgy", "\(terms)")
        let sameFiles = patched.files == full.files
        #expect(sameFiles && patched.state.dictionary == full.state.dictionary)
    }

    @Test func indexIsTheSameForAnyNumberOfTasks() async throws {
        let packs = try RecordPacks()
        var markdown: [String: String] = [:]
        for number in 0..<300 { markdown["p\(number).html"] = Self.page(number) }
        let pages = try packs.pages(markdown)
        let one = try await packs.index(pages, previous: nil, jobs: 1)
        for jobs in [2, 3, 5] {
            let many = try await packs.index(pages, previous: nil, jobs: jobs)
            let same = many.files == one.files
            #expect(same, "\(jobs) tasks")
        }
        // And the same as terms collected one page at a time, sorted the way JavaScript sorts.
        var expected: [String: (heading: [UInt32], body: [UInt32])] = [:]
        var first: UInt32 = 0
        for page in pages.sorted(by: { $0.output < $1.output }) {
            let location = try #require(page.search)
            let record = try #require(PackReader.bytes(at: location, in: packs.folder))
            for (term, codes) in DecodedSearchRecord(record).terms {
                for code in codes {
                    if code & 1 == 1 {
                        expected[term, default: ([], [])].heading.append(first + code >> 1)
                    } else {
                        expected[term, default: ([], [])].body.append(first + code >> 1)
                    }
                }
            }
            first += UInt32(page.headings.count) + (page.hasPageEntry ? 1 : 0)
        }
        let dictionary = one.state.dictionary
        var terms: [String] = []
        for index in 0..<dictionary.count {
            dictionary.withTerm(index) { term, heading, body in
                let name = String(decoding: term, as: UTF8.self)
                terms.append(name)
                #expect(SearchNumbers.decodeIncreasing(heading) == expected[name]?.heading, "\(name)")
                #expect(SearchNumbers.decodeIncreasing(body) == expected[name]?.body, "\(name)")
            }
        }
        #expect(terms == expected.keys.sorted { $0.utf16.lexicographicallyPrecedes($1.utf16) })
        #expect(terms.contains("𝐚𝐛") && terms.contains("ｚｚ"))
    }

    /// Tasks' terms are joined two at a time. A term in a title of the first task's pages,
    /// in the text of the second's and in a title of the third's: joined, the first two give
    /// a title list that ends with the first task's entry, which the third's must count on
    /// from.
    @Test func aTermMissingFromOneListOfATaskIsJoinedAsOne() async throws {
        let packs = try RecordPacks()
        var markdown: [String: String] = [:]
        for number in 0..<300 { markdown["q\(1000 + number).html"] = Self.page(number) }
        markdown["q1000.html"] = "# Bookend first\n\nText.\n"
        markdown["q1150.html"] = "# Middle\n\nA bookend in the text.\n"
        markdown["q1299.html"] = "# Last\n\n## Bookend last\n\nText.\n"
        let pages = try packs.pages(markdown)
        let one = try await packs.index(pages, previous: nil, jobs: 1)
        for jobs in [3, 5] {
            let many = try await packs.index(pages, previous: nil, jobs: jobs)
            let same = many.files == one.files
            #expect(same, "\(jobs) tasks")
        }
    }

    /// A dictionary held in the bytes of its file (as the state's is, mapped) reads,
    /// compares and merges as one held in an array, and one that is appended to takes its
    /// bytes over first.
    @Test func aDictionaryHeldInReadBytesIsOneHeldInAnArray() throws {
        let bytes = Array("head\n".utf8) + Array("alpha # #\nbeta $ #\ngamma # $\n".utf8)
        let inArray = try #require(SearchDictionary(lines: bytes, from: 5))
        let inData = try #require(SearchDictionary(lines: Data(bytes), from: 5))
        #expect(inData == inArray && inData.count == 3 && inData.size == inArray.size)
        #expect(inData.lines(0..<3, equal: inArray, 0..<3) && !inData.lines(0..<1, equal: inArray, 1..<2))
        var line = SearchDictionary()
        line.appendLine(of: inData, 1)
        #expect(line == SearchDictionary(lines: Array("beta $ #\n".utf8)))
        let later = try #require(SearchDictionary(lines: Array("delta # #\nzeta $ $\n".utf8)))
        var grownFromArray = inArray
        var grownFromData = inData
        grownFromArray.appendLines(of: later, 0..<2)
        grownFromData.appendLines(of: later, 0..<2)
        #expect(grownFromData == grownFromArray && grownFromData.count == 5)
        grownFromData.withTerm(4) { term, _, _ in #expect(Array(term) == Array("zeta".utf8)) }
    }

    @Test func mergeIsTheSameInAnyNumberOfParts() async throws {
        let packs = try RecordPacks()
        var markdown: [String: String] = [:]
        for number in 0..<60 { markdown["a\(number).html"] = Self.page(number) }
        let old = try await packs.index(try packs.pages(markdown), previous: nil).state
        var added: [String: String] = [:]
        for number in 60..<80 { added["b\(number).html"] = Self.page(number, version: 1) }
        let oldCount = old.pages.reduce(0) { $0 + Int64($1.entries) }
        var first = UInt32(oldCount)
        var sources: [SearchPostings.Source] = []
        for page in try packs.pages(added).sorted(by: { $0.output < $1.output }) {
            sources.append(SearchPostings.Source(location: try #require(page.search), firstEntry: first))
            first += UInt32(page.headings.count) + (page.hasPageEntry ? 1 : 0)
        }
        let new = await SearchPostings.collect(sources, packs: packs.folder, jobs: 2).dictionary
        // Keep everything; then drop the entries from 10 to 30 and shift the rest.
        var keepAll = SearchEntryMap(oldCount: oldCount)
        keepAll.keep(oldCount, from: 0, as: 0)
        var dropSome = SearchEntryMap(oldCount: oldCount)
        dropSome.keep(10, from: 0, as: 0)
        dropSome.keep(oldCount - 30, from: 30, as: 10)
        for map in [keepAll, dropSome] {
            let whole = await SearchDictionary.merging(old.dictionary, mappedWith: map, new, jobs: 1)
            for (jobs, termsPerTask) in [(2, 1), (3, 7), (8, 50)] {
                let parts = await SearchDictionary.merging(
                    old.dictionary, mappedWith: map, new, jobs: jobs, termsPerTask: termsPerTask)
                #expect(parts == whole, "\(jobs) tasks of \(termsPerTask) terms")
            }
        }
    }

    /// An edit's old and new terms lose the lines they share byte for byte (the same term
    /// with the same lists), and keep the rest: a term of one only, and a term of both whose
    /// lists differ.
    @Test func commonLinesAreLeftOutOfBoth() throws {
        let old = try #require(SearchDictionary(lines: Array("alpha # #\nbeta $ #\ngamma # $\n".utf8)))
        let new = try #require(SearchDictionary(lines: Array("beta $ #\ndelta  #\ngamma # %\n".utf8)))
        let (lost, gained) = SearchDictionary.withoutCommonLines(old, new)
        #expect(lost == SearchDictionary(lines: Array("alpha # #\ngamma # $\n".utf8)))
        #expect(gained == SearchDictionary(lines: Array("delta  #\ngamma # %\n".utf8)))
    }

    /// Pages edited without a change in their number of entries keep every other entry
    /// where it was: the patch then merges only the terms of their old and new records and
    /// copies the other lines, and comes out as the merge of every line does.
    @Test func patchOfReplacedPagesTouchesOnlyTheirTerms() async throws {
        let packs = try RecordPacks()
        var markdown: [String: String] = [:]
        for number in 0..<60 { markdown["p\(number).html"] = Self.page(number) }
        let before = try packs.pages(markdown)
        let old = try await packs.index(before, previous: nil).state
        // Versions 4 and 8 have the sections of version 0, with other words.
        let edited = [3, 17, 18, 59]
        for (offset, number) in edited.enumerated() {
            markdown["p\(number).html"] = Self.page(number, version: 4 * (1 + offset % 2))
        }
        let after = try packs.pages(markdown)
        let replaced = after.filter { $0.replaced != nil }.sorted { $0.output < $1.output }
        #expect(replaced.map(\.output) == edited.map { "p\($0).html" }.sorted())

        // The map keeps every entry but the edited pages', in place.
        var firsts: [String: UInt32] = [:]
        var map = SearchEntryMap(oldCount: old.pages.reduce(0) { $0 + Int64($1.entries) })
        var first: UInt32 = 0
        for (page, state) in zip(before.sorted { $0.output < $1.output }, old.pages) {
            firsts[page.output] = first
            if !replaced.contains(where: { $0.output == page.output }) {
                map.keep(Int64(state.entries), from: Int64(first), as: Int64(first))
            }
            first += state.entries
        }
        #expect(map.isShiftFree && !map.isIdentity)
        let newSources = try replaced.map {
            SearchPostings.Source(location: try #require($0.search), firstEntry: firsts[$0.output]!)
        }
        let oldSources = try replaced.map {
            SearchPostings.Source(location: try #require($0.replaced?.search), firstEntry: firsts[$0.output]!)
        }
        let new = await SearchPostings.collect(newSources, packs: packs.folder, jobs: 1).dictionary
        let dropped = await SearchPostings.collect(oldSources, packs: packs.folder, jobs: 1).dictionary
        let patched = SearchDictionary.merging(old.dictionary, mappedWith: map, new, touching: dropped)
        let whole = await SearchDictionary.merging(old.dictionary, mappedWith: map, new, jobs: 1)
        // (Compared as one value: the difference would be kilobytes of output.)
        let same = patched == whole
        #expect(same && dropped.count > 0 && new.count > 0)

        // The same through the index, which finds the replaced records itself.
        let patchedIndex = try await packs.index(after, previous: old)
        let full = try await packs.index(after, previous: nil, jobs: 1)
        let sameFiles = patchedIndex.files == full.files
        #expect(sameFiles && patchedIndex.state.dictionary == full.state.dictionary)
    }

    @Test func dictionaryLinesAreCheckedWhenRead() throws {
        let dictionary = try #require(SearchDictionary(lines: Array("head\nab # $%\ncd  #\n".utf8), from: 5))
        #expect(dictionary.count == 2)
        dictionary.withTerm(1) { term, heading, body in
            #expect(Array(term) == Array("cd".utf8) && heading.isEmpty && Array(body) == Array("#".utf8))
        }
        for bad in ["ab #\n", "ab # # #\n", "ab # #", " # #\n", "ab # #\ncd"] {
            #expect(SearchDictionary(lines: Array(bad.utf8)) == nil, "\(bad)")
        }
        #expect(SearchDictionary(lines: [])?.count == 0)
    }

    @Test func simpleSlugCheckAgreesWithTheSlug() {
        let titles = ["Getting Started", "A_b-c  d", "C++ & Go!", "Café", "x", "", "Tab\there", "100% Done"]
        for title in titles {
            let slug = SearchIndex.simpleSlug(title)
            for id in [slug ?? "", "getting-started", "a_b-c--d", "c--go", "x", "", "tabhere", "100-done", "other"] {
                #expect(SearchIndex.isSimpleSlug(id, of: title) == (id == slug), "\(id) for \(title)")
            }
        }
    }

    @Test func termsSortByUTF16Units() {
        let terms = ["ｚｚ", "𝐚𝐛", "zz", "z", "é", "東京", "\u{FFFD}x", "\u{E000}", "𝐚", "a", "ab"]
        let sorted = terms.sorted { a, b in
            var a = a
            var b = b
            return a.withUTF8 { a in b.withUTF8 { b in SearchDictionary.precedes(a, b) } }
        }
        #expect(sorted == terms.sorted { $0.utf16.lexicographicallyPrecedes($1.utf16) })
    }

    @Test func sharedPrefixCountsUTF16UnitsOfWholeCharacters() {
        func shared(_ previous: String, _ term: String) -> (Int, Int) {
            var term = term
            var previous = previous
            return previous.withUTF8 { previous in term.withUTF8 { SearchIndex.sharedPrefix(previous, $0) } }
        }
        #expect(shared("alpha", "alphabet") == (5, 5))
        #expect(shared("𝐚𝐛", "𝐚𝐜") == (2, 4))  // 𝐛 and 𝐜 share a lead surrogate, not a character
        #expect(shared("東京", "東西") == (1, 3))
        #expect(shared(String(repeating: "a", count: 50), String(repeating: "a", count: 60)) == (44, 44))
        let prefix = String(repeating: "a", count: 43)
        #expect(shared(prefix + "𝐚𝐛", prefix + "𝐚𝐜") == (43, 43))
    }

    /// The entries of `map.merge` of the lists `old` and `new`, as encoded and decoded.
    static func merged(_ old: [Int64], _ new: [Int64], with map: SearchEntryMap) -> [UInt32] {
        var oldText: [UInt8] = []
        SearchNumbers.appendIncreasing(old.map { UInt32($0) }, to: &oldText)
        var newText: [UInt8] = []
        SearchNumbers.appendIncreasing(new.map { UInt32($0) }, to: &newText)
        var merged: [UInt8] = []
        oldText.withUnsafeBufferPointer { old in
            newText.withUnsafeBufferPointer { new in map.merge(old, with: new, into: &merged) }
        }
        return SearchNumbers.decodeIncreasing(merged)
    }

    @Test func entryMapMergesListsLikeDecodingThem() {
        var random = SplitMix(seed: 3)
        for _ in 0..<300 {
            // Old entries 0..<oldCount, in pages; keep some pages, shifted; new entries
            // fill the gaps between the kept ones.
            let pages = (0..<Int(1 + random.next() % 8)).map { _ in Int64(1 + random.next() % 5) }
            let oldCount = pages.reduce(0, +)
            var map = SearchEntryMap(oldCount: oldCount)
            var newFirst: Int64 = 0
            var oldFirst: Int64 = 0
            var mapped: [Int64: Int64] = [:]
            var newEntries: [Int64] = []
            for entries in pages {
                if random.next() % 3 != 0 {
                    // Pages added before it.
                    let added = Int64(random.next() % 3)
                    newEntries += (newFirst..<(newFirst + added)).filter { _ in random.next() % 2 == 0 }
                    newFirst += added
                    map.keep(entries, from: oldFirst, as: newFirst)
                    for offset in 0..<entries { mapped[oldFirst + offset] = newFirst + offset }
                    newFirst += entries
                }
                oldFirst += entries
            }
            let tail = Int64(random.next() % 3)
            newEntries += (newFirst..<(newFirst + tail)).filter { _ in random.next() % 2 == 0 }
            let old = (0..<oldCount).filter { _ in random.next() % 2 == 0 }
            let merged = Self.merged(old, newEntries, with: map)
            let expected = (old.compactMap { mapped[$0] } + newEntries).sorted().map { UInt32($0) }
            #expect(merged == expected, "\(pages) \(old) \(newEntries)")
        }
    }

    /// Long lists, as common terms have on a large site, with an edit of pages in the
    /// middle: the old entries before the edit are stepped over eight one-digit gaps at a
    /// time, then one by one up to the first entry that goes or comes.
    @Test func entryMapMergesLongListsAroundAnEditLikeDecodingThem() {
        var random = SplitMix(seed: 11)
        for round in 0..<120 {
            let pages = (0..<Int(50 + random.next() % 400)).map { _ in Int64(1 + random.next() % 12) }
            let oldCount = pages.reduce(0, +)
            // Dense lists (one-digit gaps), sparse ones (longer gaps) and lists of both.
            let keepOneIn = [1, 2, 30, 60][round % 4]
            let old = (0..<oldCount).filter { entry in
                round % 4 == 3
                    ? (entry / 200) % 2 == 0 || random.next() % 60 == 0 : random.next() % UInt64(keepOneIn) == 0
            }
            var map = SearchEntryMap(oldCount: oldCount)
            var edited: [Range<Int64>] = []
            var first: Int64 = 0
            for entries in pages {
                if random.next() % 40 == 0 {
                    edited.append(first..<(first + entries))
                } else {
                    map.keep(entries, from: first, as: first)
                }
                first += entries
            }
            let newEntries = edited.flatMap { range in range.filter { _ in random.next() % 2 == 0 } }
            let merged = Self.merged(old, newEntries, with: map)
            let kept = old.filter { entry in !edited.contains { $0.contains(entry) } }
            let expected = (kept + newEntries).sorted().map { UInt32($0) }
            #expect(merged == expected, "round \(round)")
        }
    }

    @Test func oneDigitSumIsTheSumOfEightOneDigitGaps() {
        var random = SplitMix(seed: 5)
        for _ in 0..<2000 {
            // Mostly one-digit numbers, now and then a digit of a longer one.
            let values = (0..<8).map { _ in
                UInt32(random.next() % 10 == 0 ? 45 + random.next() % 500 : random.next() % 45)
            }
            var text: [UInt8] = []
            for value in values { SearchNumbers.append(value, to: &text) }
            let sum = text.withUnsafeBufferPointer { SearchEntryMap.oneDigitSum($0.baseAddress!) }
            if values.allSatisfy({ $0 < 45 }) {
                #expect(sum == Int64(values.reduce(0) { $0 + $1 + 1 }))
            } else {
                #expect(sum == nil, "\(values)")
            }
        }
    }

    @Test func editedSiteIsPatchedFromTheStateInTheCache() async throws {
        let site = try SearchSite(Self.files)
        try await site.build()
        let state = site.root.appending(path: ".foldmark-cache/_site/search")
        // A term that no page has, in entry 0 (of guide.md, which stays): only a build that
        // starts from the state can show it. Written by the state itself, with its checksum
        // (the key is the last word of its first line).
        let text = try String(contentsOf: state, encoding: .utf8)
        let key = try #require(text.split(separator: "\n").first?.split(separator: " ").last.map(String.init))
        let read = try #require(SearchIndexState(reading: state, key: key))
        let lines = read.dictionary.withLines { Array($0) } + Array("zzzstateword  #\n".utf8)
        let planted = SearchIndexState(
            pages: read.pages, rows: read.rows, dictionary: try #require(SearchDictionary(lines: lines)),
            hash: read.hash, files: read.files, shards: read.shards)
        #expect(planted.write(to: state, key: key))
        try site.write("Content/index.md", "# Home\n\nA brandnewword now.\n")
        try await site.build()
        #expect(try site.dictionary()["zzzstateword"] != nil)
        #expect(try site.dictionary()["brandnewword"] != nil)

        // Another configuration is another cache: the state is not used.
        try site.write("foldmark.yml", "title: Other\n")
        try await site.build()
        #expect(try site.dictionary()["zzzstateword"] == nil)

        // A damaged state is not used either: one whose header is right but whose rows and
        // dictionary were cut short (a state read as far as it goes would lose terms).
        let whole = try Data(contentsOf: state)
        let headerEnd = try #require(whole.firstIndex(of: UInt8(ascii: "\n")))
        #expect(whole.count - headerEnd > 100)
        try whole.prefix(headerEnd + (whole.count - headerEnd) / 2).write(to: state)
        try site.write("Content/guide.md", "# Guide\n\nA brandnewerword now.\n")
        let damaged = try await site.build()
        #expect(damaged.warnings.map(\.message) == ["cache damaged, rebuilding the search index"])
        try await site.build(into: "_fresh")
        #expect(try site.searchFiles() == site.searchFiles(in: "_fresh"))
    }
}

extension SearchIndexTests {
    @Test func onlyChangedFilesOfTheIndexAreWritten() async throws {
        var files = Self.files
        for number in 0..<40 { files["Content/p\(number).md"] = Self.page(number) }
        let site = try SearchSite(files)
        try await site.build()
        try site.write("Content/p7.md", Self.page(7) + "One more lonelyword.\n")
        let edited = try await site.build()
        let searchFiles = edited.written.filter { $0.hasPrefix("search/") }
        #expect(Set(searchFiles) == ["search/index.js", "search/t0.js"])
        try await site.build(into: "_fresh")
        #expect(try site.searchFiles() == site.searchFiles(in: "_fresh"))
    }

    @Test func filesAreWrittenWhenTheOutputHoldsAnotherIndexThanTheState() async throws {
        let site = try SearchSite(Self.files)
        try await site.build(into: "_a")
        // A state made but never published into `_a` (as by a build that failed later):
        // its entry rows differ from those in `_a`, and the next build's are the same as its.
        try site.write("Content/guide.md", "# Guide\n\n## Renamed part\n\nSome text.\n")
        try await site.build(into: "_b")
        try FileManager.default.removeItem(at: site.root.appending(path: ".foldmark-cache/_a/search"))
        try FileManager.default.copyItem(
            at: site.root.appending(path: ".foldmark-cache/_b/search"),
            to: site.root.appending(path: ".foldmark-cache/_a/search"))
        try site.write("Content/guide.md", "# Guide\n\n## Renamed part\n\nOther text.\n")
        try await site.build(into: "_a")
        try await site.build(into: "_fresh")
        #expect(try site.searchFiles(in: "_a") == site.searchFiles(in: "_fresh"))
    }
}
