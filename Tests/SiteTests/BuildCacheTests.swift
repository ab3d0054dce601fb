@testable import Basics
import Foundation
import Sections
import FoldmarkTestSupport
import Testing

@testable import Site

@Suite struct BuildCacheTests {
    @Test func oneBuildWritesOnePackPerWorkerNotAFilePerPage() async throws {
        var files = ["Content/index.md": "# Home\n"]
        for index in 0..<30 { files["Content/p\(index).md"] = "# P\(index)\n" }
        let site = try TemporarySite(files: files)
        #expect(await site.build(BuildOptions(jobs: 2)).succeeded)
        // At most one per worker; a worker that got no pages (the other took every chunk)
        // leaves none.
        let packs = site.files(under: ".foldmark-cache/_site/packs")
        #expect((1...2).contains(packs.count))
        // A build with nothing to parse leaves no new, empty pack behind.
        #expect(await site.build(BuildOptions(jobs: 2)).succeeded)
        #expect(site.files(under: ".foldmark-cache/_site/packs") == packs)
    }

    /// The index of a site of more pages than one core encodes is made in runs on two
    /// cores: every record is in it, in order, so a second build takes every page from the
    /// cache; and an index encoded on one core has the same records.
    @Test func anIndexEncodedInRunsHoldsEveryRecord() async throws {
        var files = ["Content/index.md": "# Home\n"]
        for index in 0..<1100 { files["Content/f\(index % 7)/p\(index).md"] = "# P\(index)\n\nText \(index).\n" }
        let site = try TemporarySite(files: files)
        #expect(await site.build(BuildOptions(jobs: 2)).succeeded)
        let build = await site.build(BuildOptions(jobs: 2))
        #expect(build.succeeded, "\(build.errors)")
        #expect(build.cached == 1101)
        #expect(build.written.isEmpty)
        func records(_ index: Data) -> [Substring] {
            // The header (with its random generation) left out.
            String(decoding: index, as: UTF8.self).split(separator: "\u{1E}", omittingEmptySubsequences: false)
                .dropFirst().map { $0 }
        }
        let twoCores = try records(Data(contentsOf: site.root.appending(path: ".foldmark-cache/_site/index")))
        try FileManager.default.removeItem(at: site.root.appending(path: ".foldmark-cache"))
        try FileManager.default.removeItem(at: site.root.appending(path: "_site"))
        #expect(await site.build(BuildOptions(jobs: 1)).succeeded)
        let oneCore = try records(Data(contentsOf: site.root.appending(path: ".foldmark-cache/_site/index")))
        #expect(twoCores.count == 1101)
        // Pack names and offsets differ between the builds; the sources, in order, do not.
        #expect(
            twoCores.map { $0.prefix(while: { $0 != "\u{1F}" && $0 != "\u{1D}" }) }
                == oneCore.map { $0.prefix(while: { $0 != "\u{1F}" && $0 != "\u{1D}" }) })
    }

    @Test func aMissingPackMeansThePagesAreBuiltAgain() async throws {
        let site = try TemporarySite(files: ["Content/index.md": "# Home\n", "Content/a.md": "# A\nText.\n"])
        #expect(await site.build().succeeded)
        for pack in site.files(under: ".foldmark-cache/_site/packs") {
            try FileManager.default.removeItem(at: site.root.appending(path: ".foldmark-cache/_site/packs/" + pack))
        }
        try FileManager.default.removeItem(at: site.root.appending(path: "_site/a.html"))
        let build = await site.build()
        #expect(build.succeeded, "\(build.errors)")
        #expect(build.cached == 0)
        #expect(try site.read("_site/a.html").contains("<p>Text.</p>"))
    }

    @Test func packsOfEarlierBuildsAreCompactedWhenMostlyDead() async throws {
        let big = String(repeating: "Lorem ipsum dolor sit amet. ", count: 40_000)  // ~1.1 MB per page
        let site = try TemporarySite(files: ["Content/index.md": "# Home\n", "Content/a.md": "# A\n" + big])
        #expect(await site.build(BuildOptions(jobs: 1)).succeeded)
        // Each edit appends a new copy of the page; the old ones are dead bytes.
        for round in 0..<20 {
            try site.write("Content/a.md", "# A \(round)\n" + big)
            #expect(await site.build(BuildOptions(jobs: 1)).succeeded)
        }
        let folder = site.root.appending(path: ".foldmark-cache/_site/packs")
        let total = try site.files(under: ".foldmark-cache/_site/packs").reduce(0) { sum, name in
            sum
                + ((try FileManager.default.attributesOfItem(atPath: folder.appending(path: name).path))[.size] as? Int
                    ?? 0)
        }
        #expect(total < 20 << 20)  // bounded: live content plus at most 16 MiB of dead bytes
        let unchanged = await site.build()
        #expect(unchanged.succeeded && unchanged.cached == 2)
        #expect(try site.read("_site/a.html").contains(">A 19</h1>"))
    }

    @Test func compactionMovesRecordsAsTheyAre() async throws {
        // A term of 32 four-byte letters: 128 bytes, whose length byte in the page's search
        // record is not UTF-8 on its own.
        let longTerm = String(repeating: "\u{20000}", count: 32)
        let big = String(repeating: "Lorem ipsum dolor sit amet. ", count: 640_000)  // ~17 MiB
        let site = try TemporarySite(files: [
            "Content/index.md": "# Home\n\n\(longTerm) here\n", "Content/big.md": "# Big\n" + big,
        ])
        // One pack holds both pages; once the big page shrinks, the pack is mostly dead
        // bytes (more than 16 MiB) and the home page's records are moved to a new one.
        #expect(await site.build(BuildOptions(jobs: 1)).succeeded)
        try site.write("Content/big.md", "# Big\n\nSmall now.\n")
        #expect(await site.build(BuildOptions(jobs: 1)).succeeded)
        #expect(site.files(under: ".foldmark-cache/_site/packs").contains { $0.hasPrefix("compacted-") })
        // Without the search state and the index in place, the index is made again from the
        // records: it is the index of a fresh build.
        try FileManager.default.removeItem(at: site.root.appending(path: "_site/search"))
        try FileManager.default.removeItem(at: site.root.appending(path: ".foldmark-cache/_site/search"))
        let rebuilt = await site.build()
        #expect(rebuilt.succeeded && rebuilt.cached == 2)
        #expect(await site.build(into: "fresh").succeeded)
        let search = site.files(under: "_site/search")
        #expect(!search.isEmpty && search == site.files(under: "fresh/search"))
        for name in search {
            #expect(try site.read("_site/search/" + name) == site.read("fresh/search/" + name), "\(name)")
        }
    }

    @Test func aRecordReadsBackAsWritten() throws {
        let document = try Document(
            parsing: "---\ntitle: Tïtle\norder: 2.5\n---\n# One {#x}\n## Two ü\n[a](b.md#c) ![i](p.png)\n# Three\n")
        var page = CachedPage(
            source: "dir/ü page.md", sourceHash: "0123456789abcdef", document: document, output: "dir/ü page.html",
            title: "Tïtle")
        page.linkWarnings = [CachedPage.Warning(line: 7, column: 1, message: "link to missing page 'b.md#c'")]
        page.parseWarnings = [
            CachedPage.Warning(line: 2, column: 1, message: "title is 300 characters long"),
            CachedPage.Warning(line: 0, column: 0, message: "no place"),
        ]
        page.isCleanText = true
        page.contextHash = "fedcba9876543210"
        page.content = ContentLocation(pack: "p-0.pack", offset: 12, length: 0)
        page.search = ContentLocation(pack: "p-1.pack", offset: 123_456_789_012, length: 7)
        page.searchHasPageEntry = true
        page.identity = SourceIdentity(size: 40, modified: 1, changed: 2, inode: 3, device: 4)
        var empty = CachedPage(source: "e.md", sourceHash: "1", document: Document(), output: "e.html", title: "")
        empty.isDraft = true
        for original in [page, empty] {
            let bytes = try #require(original.encoded)
            var packs: [String] = []
            let decoded = try #require(bytes.withUnsafeBufferPointer { CachedPage(decoding: $0, packs: &packs) })
            #expect(decoded == original)
            #expect(decoded.links == original.links)
            // Decoded from bytes that the record keeps slices of, as from the index: a
            // record that starts further into them.
            let stored = Data([0x41, 0x42, 0x43] + bytes)[3...]
            let sliced = try #require(
                stored.withUnsafeBytes { raw in
                    CachedPage(decoding: raw.bindMemory(to: UInt8.self), packs: &packs, storage: stored)
                })
            #expect(sliced == original)
            #expect(sliced.links == original.links && sliced.headings == original.headings)
            // The ids' hash is read from the record, as the headings would give it.
            let idsHash = CachedPage.StoredHeadings.decoded(original.headings).idsHash
            #expect(decoded.storedHeadings.idsHash == idsHash && sliced.storedHeadings.idsHash == idsHash)
        }
        #expect(page.storedHeadings.idsHash != empty.storedHeadings.idsHash)
        #expect(page.headings.count == 3 && page.headings[0].id == "x")
        #expect(page.links.count == 2 && page.order == 2.5)
    }

    @Test func aRecordWithASeparatorInItsTextIsNotWritten() {
        let page = CachedPage(
            source: "a.md", sourceHash: "1", document: Document(), output: "a.html", title: "A\u{1F}B")
        #expect(!page.isEncodable)
        // A separator in any other text that the record writes out keeps it unwritten too.
        func record(heading: String = "H", id: String = "h", url: String = "b.md") -> CachedPage {
            let section = Section(level: 1, title: heading, titleHTML: HTMLFragment(trusted: heading), id: id)
            let document = Document(sections: [section], links: [Link(url: url, line: 1, column: 1)])
            return CachedPage(source: "a.md", sourceHash: "1", document: document, output: "a.html", title: "A")
        }
        #expect(record().isEncodable)
        #expect(!record(heading: "H\u{1C}").isEncodable)
        #expect(!record(id: "h\u{1D}").isEncodable)
        #expect(!record(url: "b\u{1E}.md").isEncodable)
        var warned = record()
        warned.linkWarnings = [CachedPage.Warning(line: 1, column: 1, message: "no\u{1F}")]
        #expect(!warned.isEncodable)
    }

    /// Numbers in records are written digit by digit, as `String(_:)` writes them.
    @Test func recordNumbersAreWrittenAsStringsWriteThem() {
        for value in [0, 1, 9, 10, 11, 99, 100, 12_345, 99_999_999, 100_000_000, 123_456_789_012, -1, -42, .max, .min] {
            var writer = RecordWriter(capacity: 1)
            writer.bytes.append(UInt8(ascii: "x"))
            writer.text(number: value)
            #expect(String(decoding: writer.bytes.buffer, as: UTF8.self) == "x" + String(value))
        }
    }

    @Test func aMalformedRecordIsDropped() throws {
        var page = CachedPage(source: "a.md", sourceHash: "1", document: Document(), output: "a.html", title: "A")
        page.storedLinks = .decoded([Link(url: "b.md", line: 1, column: 2)])
        let record = page.encoded ?? []
        func decodes(_ bytes: [UInt8]) -> Bool {
            var packs: [String] = []
            return bytes.withUnsafeBufferPointer { CachedPage(decoding: $0, packs: &packs) } != nil
        }
        #expect(decodes(record))
        // Any byte changed, or the record cut short, and it no longer matches its checksum.
        for index in [0, 3, record.count / 2, record.count - 1] {
            var changed = record
            changed[index] ^= 0x01
            #expect(!decodes(changed), "byte \(index)")
        }
        #expect(!decodes(Array(record.dropLast())) && !decodes(Array(record.dropFirst())))
        // Fields that are not well formed, under a checksum that matches them.
        let good = String(decoding: record.dropLast(Checksum.digits + 1), as: UTF8.self)
        let badLinks = good.replacingOccurrences(of: "b.md\u{1C}1\u{1C}2", with: "b.md\u{1C}x\u{1C}2")
        #expect(badLinks != good)
        // The ids' hash, before three fields that are empty here (the identity and the
        // checksums of the content and search terms), is 16 hexadecimal digits.
        let tail = String(repeating: "\u{1F}", count: 3)
        #expect(good.hasSuffix(tail))
        let hashEnd = good.index(good.endIndex, offsetBy: -3)
        let badHashes = [
            String(good[..<good.index(before: hashEnd)]) + tail,
            String(good[..<good.index(hashEnd, offsetBy: -16)]) + "g" + String(repeating: "0", count: 15) + tail,
        ]
        // A content location's checksum is 16 digits too.
        var located = page
        located.content = ContentLocation(pack: "p.pack", offset: 0, length: 4, checksum: 0xabc)
        let withContent = String(decoding: (located.encoded ?? []).dropLast(Checksum.digits + 1), as: UTF8.self)
        let badChecksum = withContent.replacingOccurrences(of: "0000000000000abc", with: "abc")
        #expect(badChecksum != withContent)
        for text in ["", "a.md\u{1F}1", String(repeating: "x\u{1F}", count: CachedPage.fieldCount), badLinks]
            + badHashes + [badChecksum]
        {
            var bytes = Array(text.utf8)
            Checksum.append(to: &bytes, separator: CachedPage.fieldSeparator)
            #expect(!decodes(bytes), "\(text.debugDescription)")
        }
    }

    /// A record's links are checked in one pass when the index is read: items of four
    /// parts (empty items skipped), the line and column numbers of at most 18 digits.
    @Test func linkListsAreCheckedPartByPart() {
        let (part, item) = ("\u{1C}", "\u{1D}")
        func link(_ url: String, _ line: String, _ column: String, _ image: String = "0") -> String {
            [url, line, column, image].joined(separator: part)
        }
        let wellFormed = [
            "", link("a", "1", "2"), link("a", "1", "2") + item + item + link("b.md#x", "30", "4", "1"),
            item + link("", "0", "0", ""), link("a", String(repeating: "9", count: 18), "2"),
        ]
        let malformed = [
            link("a", "1", "2") + part + "x", ["a", "1", "2"].joined(separator: part), link("a", "x", "2"),
            link("a", "", "2"), link("a", "1", "2x"), link("a", String(repeating: "9", count: 19), "2"),
            link("a", "1", "2") + item + "b",
        ]
        for (list, expected) in wellFormed.map({ ($0, true) }) + malformed.map({ ($0, false) }) {
            let bytes = Array(list.utf8)
            #expect(bytes.withUnsafeBufferPointer(CachedPage.isLinkList) == expected, "\(list.debugDescription)")
        }
    }

    /// The cache's checksum: every change of one or two bits of 77 bytes (two blocks of four
    /// words and a tail: three words of each lane), and every length of the same bytes,
    /// gives a checksum of its own; parts in another order give another.
    @Test func checksumSeesEveryByte() {
        func checksum(_ bytes: [UInt8]) -> UInt64 { bytes.withUnsafeBytes { Checksum.of($0) } }
        let base = (0..<77).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 1) }
        var seen: Set<UInt64> = []
        let changes = forEachOneOrTwoBitChange(of: base) { seen.insert(checksum($0)) }
        #expect(seen.count == changes)
        seen.insert(checksum(base))
        for length in 1...96 { seen.insert(checksum(Array(repeating: 0, count: length))) }
        for length in 0..<base.count { seen.insert(checksum(Array(base.prefix(length)))) }
        #expect(seen.count == changes + 1 + 96 + base.count)
        let (a, b) = (Array("one".utf8), Array("two".utf8))
        a.withUnsafeBufferPointer { a in
            b.withUnsafeBufferPointer { b in #expect(Checksum.of(parts: [a, b]) != Checksum.of(parts: [b, a])) }
        }
    }

    @Test func packsGiveBackWhatWasAppended() throws {
        let site = try TemporarySite(files: [:])
        try FileManager.default.createDirectory(at: site.root, withIntermediateDirectories: true)
        let packs = try ContentPacks(folder: site.root, tag: "t", workers: 1)
        let texts = ["<p>one</p>", "", "zwei ü ✓", String(repeating: "x", count: 100_000)]
        let locations = try texts.map { try #require(packs.append($0, worker: 0)) }
        packs.close()
        for (text, location) in zip(texts, locations) {
            #expect(ContentPacks.read(location, in: site.root) == text)
        }
        // A pack cut short, or gone, gives nothing rather than part of a page.
        var beyond = locations[3]
        beyond.length += 1
        #expect(ContentPacks.read(beyond, in: site.root) == nil)
        var missing = locations[0]
        missing.pack = "gone.pack"
        #expect(ContentPacks.read(missing, in: site.root) == nil)
    }
}
