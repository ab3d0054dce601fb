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
}
