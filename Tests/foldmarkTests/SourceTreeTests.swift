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

    /// A large site's pages are `stat`ed by several threads, each page keeping its own
    /// identity, also where a folder's pages come before and after a subfolder's.
    @Test func identitiesTakenOnSeveralThreadsStayWithTheirPages() throws {
        var files: [String: String] = [:]
        for index in 0..<1_200 {
            let folder = ["", "a/", "a/m/", "b/"][index % 4]
            // Different sizes, so that each page's identity differs from its neighbours'.
            files["Content/" + folder + "p\(index).md"] = String(repeating: "x", count: index)
        }
        let site = try TemporarySite(files: files)
        let tree = try SourceTree(content: site.root.appending(path: "Content"), jobs: 3)
        #expect(tree.pages.count == 1_200)
        #expect(tree.identities.count == tree.pages.count)
        var wrong = 0
        for (page, identity) in zip(tree.pages, tree.identities)
        where identity == nil || identity != SourceIdentity(path: site.root.appending(path: "Content/" + page).path) {
            wrong += 1
        }
        #expect(wrong == 0)
    }
}
