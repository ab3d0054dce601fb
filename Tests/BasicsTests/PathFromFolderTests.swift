import Basics
import Testing

@Suite struct PathFromFolderTests {
    @Test(arguments: [
        ("/s/site/Content/a.md", "/s/site", "Content/a.md"),
        ("/s/site/Content/a.md", "/s", "site/Content/a.md"),
        ("/s/site/Content/a.md", "/s/other", "../site/Content/a.md"),
        ("/s/site/Content/a.md", "/s/site/Content/guide", "../a.md"),
        ("/s/site/Content/guide/", "/s", "site/Content/guide/"),
        ("/s/site", "/s/site", "."),
        ("/s/site/", "/s/site", "."),
        ("/s/site/./Content/../foldmark.yml", "/s", "site/foldmark.yml"),
        ("//s//site/a.md", "/s/", "site/a.md"),
        // Longer from the folder than from the root: absolute.
        ("/tmp/site/a.md", "/home/me/work", "/tmp/site/a.md"),
        ("/s/site/a.md", "/s/x/y/z", "/s/site/a.md"),
        // A tie keeps the relative path: `../a/b` and `/s/a/b` both have 6 characters.
        ("/s/a/b", "/s/x", "../a/b"),
        ("/s/t/a/b", "/s/t/x/y", "/s/t/a/b"),
        ("/a.md", "/", "a.md"),
    ])
    func shortest(path: String, folder: String, expected: String) {
        #expect(PathFromFolder.shortest(to: path, from: folder) == expected)
    }

    @Test func absoluteResolvesDotsAndKeepsTheTrailingSlash() {
        #expect(PathFromFolder.absolute("/s/./site/../other//Content/") == "/s/other/Content/")
        #expect(PathFromFolder.absolute("/..") == "/")
    }
}
