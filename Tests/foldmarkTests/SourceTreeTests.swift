import Foundation
import Testing

@testable import Site

@Suite struct SourceTreeTests {
    /// Pages come in the order of their paths as strings, each with the identity `stat`
    /// gives its file, whether its folder's names are ASCII or not.
    @Test func pagesAreSortedWithTheirIdentities() throws {
        let names = [
            "index.md", "a.md", "a/b.md", "a-b.md", "B.md", "_x.md", "z/Zeta.md", "z/alpha.md", "z/é.md", "z/e.md",
            "z/f.md", "ü/x.md", "notes.txt",
        ]
        let site = try TemporarySite(
            files: Dictionary(uniqueKeysWithValues: names.map { ("Content/" + $0, "# \($0)\n") }))
        let tree = try SourceTree(content: site.root.appending(path: "Content"))
        let pages = names.filter { $0.hasSuffix(".md") }.sorted()
        #expect(tree.pages == pages)
        #expect(tree.assets == ["notes.txt"])
        #expect(tree.identities.count == pages.count)
        for (page, identity) in zip(tree.pages, tree.identities) {
            #expect(identity == SourceIdentity(path: site.root.appending(path: "Content/" + page).path), "\(page)")
        }
    }
}
