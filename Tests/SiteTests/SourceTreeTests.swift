import FoldmarkTestSupport
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

    /// A listing for links alone (`foldmark render`) finds the same sources, on several
    /// threads, without the pages' identities.
    @Test func listingWithoutIdentitiesFindsTheSameSources() throws {
        var files: [String: String] = ["Content/logo.png": "png"]
        for index in 0..<600 { files["Content/" + ["", "a/", "a/m/"][index % 3] + "p\(index).md"] = "# P\n" }
        let site = try TemporarySite(files: files)
        let content = site.root.appending(path: "Content")
        let full = try SourceTree(content: content, jobs: 3)
        let bare = try SourceTree(content: content, jobs: 3, takesIdentities: false)
        #expect(bare.pages == full.pages && bare.assets == full.assets && bare.folders == full.folders)
        #expect(bare.identities.count == bare.pages.count && bare.identities.allSatisfy { $0 == nil })
        #expect(full.identities.allSatisfy { $0 != nil })
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

    /// Folders are listed and pages `stat`ed by several threads, in whatever order they
    /// take them: the folders, pages, assets and warnings come out as one thread lists them.
    @Test func severalThreadsListAsOneDoes() throws {
        var files: [String: String] = [:]
        for index in 0..<900 {
            // Folders two deep under Content/, a large one among them, and assets beside the pages.
            let folder = index < 400 ? "big/" : "f\(index % 37)/" + (index % 3 == 0 ? "g\(index % 5)/" : "")
            files["Content/" + folder + "p\(index).md"] = String(repeating: "x", count: index)
            if index % 50 == 0 { files["Content/" + folder + "a\(index).png"] = "" }
        }
        let site = try TemporarySite(files: files)
        for link in ["big/l.md", "f3/g0/m", "z"] {
            try FileManager.default.createSymbolicLink(
                atPath: site.root.appending(path: "Content/" + link).path, withDestinationPath: "/etc")
        }
        let one = try SourceTree(content: site.root.appending(path: "Content"), jobs: 1)
        #expect(one.pages.count == 900)
        #expect(one.identities.allSatisfy { $0 != nil })
        #expect(one.warnings.map(\.file) == ["Content/big/l.md", "Content/f3/g0/m", "Content/z"])
        var folders: Set<String> = ["", "big/"]
        for index in 400..<900 {
            folders.insert("f\(index % 37)/")
            if index % 3 == 0 { folders.insert("f\(index % 37)/g\(index % 5)/") }
        }
        #expect(Set(one.folders) == folders)
        #expect(one.folders.count == folders.count)
        for jobs in [2, 4] {
            let several = try SourceTree(content: site.root.appending(path: "Content"), jobs: jobs)
            #expect(several.pages == one.pages)
            #expect(several.identities == one.identities)
            #expect(several.assets == one.assets)
            #expect(several.folders == one.folders)
            #expect(several.warnings.map(\.file) == one.warnings.map(\.file))
            let wrong = zip(several.pages, several.identities).count { page, identity in
                identity != SourceIdentity(path: site.root.appending(path: "Content/" + page).path)
            }
            #expect(wrong == 0)
        }
    }
}
