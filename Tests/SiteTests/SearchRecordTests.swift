import Foundation
import Testing

@testable import Site

/// The search records of the cache (``PageSearchRecord``): what they hold, and that a
/// cache of the format before them, whose records were text, is never read as theirs.
@Suite struct SearchRecordTests {
    /// The hasPageEntry flag and the terms with their codes of a record in the text format
    /// that ``ReferenceSearchTermTable/encode(into:)`` writes: `!term codes` per term.
    static func decodeText(_ text: [UInt8]) -> (hasPageEntry: Bool, terms: [(term: String, codes: [UInt32])]) {
        let terms = text.dropFirst().split(separator: UInt8(ascii: "!")).map { part in
            let space = part.firstIndex(of: UInt8(ascii: " "))!
            return (
                String(decoding: part[..<space], as: UTF8.self), SearchNumbers.decodeIncreasing(part[(space + 1)...])
            )
        }
        return (text.first == UInt8(ascii: "1"), terms)
    }

    /// Whether `record` decodes to what the text record `text` holds.
    static func holdsTheSame(_ record: [UInt8], as text: [UInt8]) -> Bool {
        let decoded = DecodedSearchRecord(record)
        let expected = decodeText(text)
        return decoded.hasPageEntry == expected.hasPageEntry && decoded.terms.count == expected.terms.count
            && zip(decoded.terms, expected.terms).allSatisfy { $0.term == $1.term && $0.codes == $1.codes }
    }

    @Test func termsOfEveryLengthAndListsOfEitherKindReadBack() {
        var table = SearchTermTable()
        var reference = ReferenceSearchTermTable()
        // 2 to 17 bytes fit in the header; 1, 18 and 128 (32 letters of 4 bytes) do not.
        let terms = (1...18).map { String(repeating: "k", count: $0) } + [String(repeating: "𠀀", count: 32)]
        for (index, term) in terms.enumerated() {
            let entries: [(UInt32, Bool)] = [
                (0, index % 3 == 0), (2, false), (3 + UInt32(index) * 1_000, index % 2 == 0),
            ]
            for (entry, heading) in entries {
                Array(term.utf8).withUnsafeBufferPointer {
                    table.add($0, entry: entry, heading: heading)
                    reference.add($0, entry: entry, heading: heading)
                }
            }
        }
        var text = [UInt8(ascii: "0")]
        reference.encode(into: &text)
        let record = table.encoded(hasPageEntry: false)
        #expect(Self.holdsTheSame(record, as: text))
        #expect(record.count < text.count)
    }

    /// A record cut short anywhere reads as some of its terms, never past its end.
    @Test func aRecordCutShortReadsNoFurther() {
        var table = SearchTermTable()
        for (entry, term) in ["alpha", "beta", String(repeating: "g", count: 40), "δέλτα"].enumerated() {
            Array(term.utf8).withUnsafeBufferPointer { _ = table.add($0, entry: UInt32(entry), heading: entry == 1) }
        }
        let record = table.encoded(hasPageEntry: true)
        let whole = DecodedSearchRecord(record).terms.map(\.term)
        #expect(whole == ["alpha", "beta", String(repeating: "g", count: 40), "δέλτα"])
        for length in 0..<record.count {
            let terms = DecodedSearchRecord(Array(record[..<length])).terms.map(\.term)
            #expect(terms.count <= whole.count && Array(whole.prefix(terms.count)) == terms, "\(length)")
        }
    }

    /// A cache written before the records were binary (`foldmark-cache 6`, whose records
    /// were text) is not read: its pages are built again, and the search index is the one
    /// a first build made. (Read as records of this format, its text gives other terms.)
    /// A record is looked for first at the place a hint gives (a page's index among the
    /// sources); a wrong or impossible hint still finds it, and a missing one is missing.
    @Test func recordsAreFoundWhateverTheHint() async throws {
        var files = SearchIndexTests.files
        for number in 0..<12 { files["Content/p\(number).md"] = SearchIndexTests.page(number) }
        let site = try SearchIndexTests.SearchSite(files)
        try await site.build()
        let indexFile = site.root.appending(path: ".foldmark-cache/_site/index")
        let header = try Data(contentsOf: indexFile).prefix { $0 != CachedPage.recordSeparator }
        let key = String(decoding: header.split(separator: CachedPage.fieldSeparator)[1], as: UTF8.self)
        let cache = BuildCache(BuildCache.read(output: site.root.appending(path: "_site")), key: key)
        let sources = files.keys.filter { $0.hasSuffix(".md") }.map { String($0.dropFirst("Content/".count)) }.sorted()
        for (place, source) in sources.enumerated() {
            #expect(cache.record(source) != nil)
            for hint in [place, place + 1, 0, -1, sources.count + 5] {
                #expect(cache.record(source, hint: hint)?.source == source, "\(source) with hint \(hint)")
            }
        }
        #expect(cache.record("missing.md", hint: 0) == nil)
    }

    @Test func aCacheOfTextRecordsIsNotRead() async throws {
        var files = SearchIndexTests.files
        for number in 0..<40 { files["Content/p\(number).md"] = SearchIndexTests.page(number) }
        let site = try SearchIndexTests.SearchSite(files)
        try await site.build()
        let fresh = try site.searchFiles()
        // The cache made into one of the previous format: each search record in text, in a
        // new pack, and the previous version in the header.
        let folder = site.root.appending(path: ".foldmark-cache/_site")
        let indexFile = folder.appending(path: "index")
        let header = try Data(contentsOf: indexFile).prefix { $0 != CachedPage.recordSeparator }
        let key = String(decoding: header.split(separator: CachedPage.fieldSeparator)[1], as: UTF8.self)
        let cache = BuildCache(BuildCache.read(output: site.root.appending(path: "_site")), key: key)
        let state = try #require(cache.siteState)
        let packs = try ContentPacks(folder: cache.packFolder, tag: "text", workers: 1)
        var records: [CachedPage] = []
        var rewritten = 0
        for source in files.keys.map({ String($0.dropFirst("Content/".count)) }).sorted() {
            guard var record = cache.record(source) else { continue }
            if let location = record.search, let binary = PackReader.bytes(at: location, in: cache.packFolder) {
                var table = ReferenceSearchTermTable()
                for (term, codes) in DecodedSearchRecord(binary).terms {
                    for code in codes {
                        Array(term.utf8).withUnsafeBufferPointer {
                            _ = table.add($0, entry: code >> 1, heading: code & 1 == 1)
                        }
                    }
                }
                var text = [UInt8(ascii: record.searchHasPageEntry ? "1" : "0")]
                table.encode(into: &text)
                record.search = text.withUnsafeBytes { packs.append($0, worker: 0) }
                rewritten += 1
            }
            records.append(record)
        }
        #expect(packs.close())
        #expect(rewritten == 42)
        await cache.finishSave(await cache.prepareSave(records, state: state))
        for name in ["index", CacheJournal.fileName] {
            let file = folder.appending(path: name)
            guard var data = try? Data(contentsOf: file) else { continue }
            let previous = Data("foldmark-cache 6".utf8)
            var start = data.startIndex
            while let range = data.range(of: Data(BuildCache.formatVersion.utf8), in: start..<data.endIndex) {
                data.replaceSubrange(range, with: previous)
                start = range.lowerBound + previous.count
            }
            try data.write(to: file)
        }
        try FileManager.default.removeItem(at: folder.appending(path: SearchIndexState.fileName))
        try FileManager.default.removeItem(at: site.root.appending(path: "_site/search"))
        let report = try await site.build()
        #expect(report.cached == 0)
        #expect(try site.searchFiles() == fresh)
    }
}

extension PackReader {
    /// The bytes at `location` as they are: search records are binary, which a `String`
    /// (``ContentPacks/read(_:in:)``) would not keep.
    static func bytes(at location: ContentLocation, in folder: URL) -> [UInt8]? {
        var reader = PackReader(folder: folder)
        defer { reader.close() }
        var bytes: [UInt8]?
        _ = reader.read(location) { bytes = Array($0) }
        return bytes
    }
}
