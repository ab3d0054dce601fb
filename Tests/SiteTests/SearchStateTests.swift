import Foundation
import Testing

@testable import Site

/// The search index's state in the cache (``SearchIndexState``) is read when a build makes
/// the index, and written while the build is published.
@Suite struct SearchStateTests {
    /// Once a build returns, the state is in the cache and names the index in the output.
    @Test func stateNamesTheIndexInTheOutputWhenTheBuildReturns() async throws {
        var files = SearchIndexTests.files
        for number in 0..<300 { files["Content/p\(number).md"] = SearchIndexTests.page(number) }
        let site = try SearchIndexTests.SearchSite(files)
        try await site.build()
        let stateFile = site.root.appending(path: ".foldmark-cache/_site/" + SearchIndexState.fileName)
        for round in 1...4 {
            try site.write("Content/p7.md", SearchIndexTests.page(7, version: round))
            try await site.build()
            let index = try String(contentsOf: site.root.appending(path: "_site/search/index.js"), encoding: .utf8)
            let header = try #require(index.split(separator: "\n").first)
            let hash = try #require(SearchIndex.files(fromHeader: header)).hash
            let text = String(decoding: try Data(contentsOf: stateFile).prefix(400), as: UTF8.self)
            let key = String(try #require(text.split(separator: "\n").first?.split(separator: " ").last))
            let state = try #require(SearchIndexState(reading: stateFile, key: key), "round \(round)")
            #expect(state.hash == hash, "round \(round)")
        }
    }

    /// Numbers in the state, the cache's records and identities are written digit by digit
    /// (`[UInt8].appendDecimal`, `appendHex`), as `String(_:radix:)` would write them
    /// (hexadecimal padded to 16 digits in the state), so that files of earlier builds still read.
    @Test func numbersAreWrittenAsStringsWriteThem() {
        var generator = SystemRandomNumberGenerator()
        let values: [UInt64] = [0, 1, 9, 10, 15, 16, 99, 100, 255, 1 << 32, .max - 1, .max]
        let random = (0..<500).map { _ in
            UInt64.random(in: 0 ... .max, using: &generator) >> UInt64.random(in: 0..<64, using: &generator)
        }
        for value in values + random {
            var padded: [UInt8] = []
            padded.appendHex(value, digits: 16)
            let digits = String(value, radix: 16)
            #expect(
                String(decoding: padded, as: UTF8.self) == String(repeating: "0", count: 16 - digits.count) + digits)
            var hex: [UInt8] = [UInt8(ascii: "x")]
            hex.appendHex(value)
            #expect(String(decoding: hex, as: UTF8.self) == "x" + digits)
            var decimal: [UInt8] = [UInt8(ascii: "x")]
            decimal.appendDecimal(value)
            #expect(String(decoding: decimal, as: UTF8.self) == "x" + String(value))
        }
    }
}
