import FoldmarkTestSupport
import Foundation
import Site
import Testing

/// The catalogue of bad input: what a build says, and whether it fails, for every kind of
/// broken, odd or huge file a contributor can push. Nothing here may crash, and a failed
/// build must leave the previous output exactly as it was.
@Suite struct BadInputTests {
    // MARK: Front matter

    @Test func emptyFileIsAnEmptyPageNamedAfterTheFile() async throws {
        let site = try TemporarySite(files: ["Content/empty.md": ""])
        let build = await site.build()
        #expect(build.succeeded)
        #expect(build.warnings == [])
        let html = try site.read("_site/empty.html")
        #expect(html.contains("<title>empty</title>"))
        #expect(PageHTML.main(of: html) == "")
    }

    @Test func fileOfOnlyFrontMatterIsAnEmptyPageWithItsTitle() async throws {
        let site = try TemporarySite(files: ["Content/a.md": "---\ntitle: Only front matter\n---\n"])
        #expect(await site.build().succeeded)
        let html = try site.read("_site/a.html")
        #expect(html.contains("<title>Only front matter</title>"))
        #expect(PageHTML.main(of: html) == "")
    }

    @Test(arguments: [
        (
            "---\ntitle: x\n# A\n",
            "Content/a.md:1:1: error: front matter starts with '---' but has no closing '---' line"
        ),
        (
            "---\ntitle: [unclosed\n---\n# A\n",
            "Content/a.md:3:1: error: malformed YAML in front matter: while parsing a flow sequence that starts at "
                + "line 2, column 8: did not find expected ',' or ']'"
        ),
        (
            // The problem is found where the text ends; the quote to close is on line 3.
            "---\ntitle: T\ndescription: \"open\norder: 2\n---\n# A\n",
            "Content/a.md:5:1: error: malformed YAML in front matter: while scanning a quoted scalar that starts at "
                + "line 3, column 14: found unexpected end of stream"
        ),
        (
            "---\ntitle: a: b\n---\n",
            "Content/a.md:2:9: error: malformed YAML in front matter: mapping values are not allowed in this context"
        ),
        ("---\n- a\n- b\n---\n# A\n", "Content/a.md:2: error: front matter must be a mapping of keys to values"),
        ("---\njust text\n---\n", "Content/a.md:2: error: front matter must be a mapping of keys to values"),
        ("---\ncollapsed: maybe\n---\n", "Content/a.md:2: error: front matter 'collapsed' must be true or false"),
        ("---\norder: [1]\n---\n", "Content/a.md:2: error: front matter 'order' must be a number"),
    ])
    func brokenFrontMatterIsAnErrorWithItsPlace(markdown: String, message: String) async throws {
        let site = try TemporarySite(files: ["Content/a.md": markdown])
        let build = await site.build()
        #expect(!build.succeeded)
        #expect(build.warnings == [] && build.errors == [message])
        #expect(!site.exists("_site/a.html"))
    }

    /// Every wrong key of a page, repeated keys among them, is its own line of one run.
    @Test func everyWrongKeyOfAPageIsReported() async throws {
        let site = try TemporarySite(files: [
            "Content/a.md": "---\ntitle: A\ncollapsed: maybe\ntitle: B\norder: x\n---\n# A\n",
            "Content/b.md": "---\nmeta:\n  author: Ann\n  author: Bo\n---\n# B\n",
        ])
        let build = await site.build()
        #expect(!build.succeeded)
        #expect(build.warnings == [])
        #expect(
            build.errors == [
                "Content/a.md:3: error: front matter 'collapsed' must be true or false",
                "Content/a.md:4:1: error: duplicate key 'title' (first on line 2)",
                "Content/a.md:5: error: front matter 'order' must be a number",
                "Content/b.md:4:3: error: duplicate key 'author' (first on line 3)",
            ])
    }

    @Test func everyWrongKeyOfTheConfigurationIsReported() async throws {
        let site = try TemporarySite(files: [
            "foldmark.yml": "title: T\nunsafe: maybe\ntitle: U\nsearch: x\n", "Content/a.md": "# A\n",
        ])
        let build = await site.build()
        #expect(!build.succeeded)
        #expect(build.warnings == [])
        #expect(
            build.errors == [
                "foldmark.yml:2: error: 'unsafe' must be true or false",
                "foldmark.yml:3:1: error: duplicate key 'title' (first on line 1)",
                "foldmark.yml:4: error: 'search' must be true, false or headings",
            ])
    }

    /// A title is copied into every page's navigation: a long one is cut there, on a
    /// character boundary, with a warning each build gives, also when the page comes from
    /// the cache; the page itself keeps it whole.
    @Test func longTitleIsCutInNavigationWithAWarning() async throws {
        let letter = "e\u{301}"  // one character of two scalars, not to be split
        let long = String(repeating: letter, count: 5_000)
        let site = try TemporarySite(files: [
            "Content/a.md": "---\ndescription: d\ntitle: \(long)\n---\ntext\n",
            "Content/b.md": "# B\n",
            "Content/c.md": "\n# " + String(repeating: "x", count: 300) + "\n",
        ])
        let warnings = [
            "Content/a.md:3:1: warning: title is 5000 characters long; navigation shows its first 200",
            "Content/c.md:2: warning: title (the first heading) is 300 characters long; navigation shows its first 200",
        ]
        let build = await site.build()
        #expect(build.succeeded)
        #expect(build.warnings == warnings)
        let cut = String(repeating: letter, count: 200) + "\u{2026}"
        let sidebar = try site.read("_site/b.html")
        #expect(sidebar.contains(">" + cut + "<"))
        #expect(sidebar.contains(">" + String(repeating: "x", count: 200) + "\u{2026}<"))
        for file in site.files(under: "_site") where file != "a.html" {
            #expect(!(try site.read("_site/" + file).contains(String(repeating: letter, count: 201))), "\(file)")
        }
        #expect(try site.read("_site/a.html").contains("<title>" + long))
        // Nothing changed (the build's stamp), then another page changed (a's record reused).
        #expect(await site.build().warnings == warnings)
        try site.write("Content/b.md", "# B again\n")
        let reused = await site.build()
        #expect(reused.succeeded && reused.warnings == warnings)
        #expect(try site.read("_site/b.html").contains(">" + cut + "<"))
        let strict = await site.build(BuildOptions(isStrict: true))
        #expect(!strict.succeeded && strict.warnings == [])
        #expect(strict.errors == warnings.map { $0.replacing(": warning: ", with: ": error: ") })
    }

    /// A front matter key that is not foldmark's but a slip from one of its keys is most
    /// likely that key misspelt (`colapsed: true` would fold nothing): a warning names the
    /// key meant, each build, also when the page comes from the cache. A page's own keys,
    /// far from any of foldmark's, stay for templates without a word.
    @Test func frontMatterKeyNearAKnownOneIsAWarning() async throws {
        let site = try TemporarySite(files: [
            "Content/a.md": "---\ntitel: A\nauthor: Ann\ncolapsed: true\ndescripton: d\n---\n# A\n",
            "Content/b.md": "---\ndate: 2024-01-01\ntags: [x]\norder: 2\n---\n# B\n",
        ])
        let warnings = [
            "Content/a.md:2:1: warning: unknown front matter key 'titel' (did you mean 'title'?)",
            "Content/a.md:4:1: warning: unknown front matter key 'colapsed' (did you mean 'collapsed'?)",
            "Content/a.md:5:1: warning: unknown front matter key 'descripton' (did you mean 'description'?)",
        ]
        let build = await site.build()
        #expect(build.succeeded)
        #expect(build.warnings == warnings)
        #expect(try site.read("_site/a.html").contains("<title>A"))
        try site.write("Content/b.md", "# B again\n")
        #expect(await site.build().warnings == warnings)
    }

    // MARK: Files and folders

    @Test func symbolicLinksAreNotFollowed() async throws {
        let site = try TemporarySite(files: ["Content/index.md": "# Home\n"])
        let content = site.root.appending(path: "Content")
        let manager = FileManager.default
        try manager.createSymbolicLink(atPath: content.appending(path: "loop.md").path, withDestinationPath: "loop.md")
        try manager.createSymbolicLink(atPath: content.appending(path: "a").path, withDestinationPath: "b")
        try manager.createSymbolicLink(atPath: content.appending(path: "b").path, withDestinationPath: "a")
        try manager.createSymbolicLink(atPath: content.appending(path: "up").path, withDestinationPath: "..")
        try manager.createSymbolicLink(
            atPath: content.appending(path: "passwd.md").path, withDestinationPath: "/etc/passwd")
        let build = await site.build()
        #expect(build.succeeded)
        #expect(
            build.warnings == [
                "Content/a: warning: symbolic link not followed",
                "Content/b: warning: symbolic link not followed",
                "Content/loop.md: warning: symbolic link not followed",
                "Content/passwd.md: warning: symbolic link not followed",
                "Content/up: warning: symbolic link not followed",
            ])
        #expect(
            site.filesWithoutTheme().filter { !$0.hasPrefix(".") } == [
                "404.html", "index.html", "search/d0.js", "search/index.js", "search/t0.js",
            ])
    }

    @Test func oddFileNamesGetWorkingLinks() async throws {
        let names = ["a b", "ünïcödé", "c#d", "e?f", "g%h", "semi;colon"]
        let links = [
            "[1](<a b.md>)", "[2](ünïcödé.md)", "[3](c%23d.md#cd)", "[4](e%3Ff.md)", "[5](g%25h.md)",
            "[6](semi;colon.md)",
        ]
        var files = ["Content/index.md": "# Home\n\n" + links.joined(separator: " ") + "\n"]
        for name in names { files["Content/\(name).md"] = "# \(name)\n" }
        let site = try TemporarySite(files: files)
        let build = await site.build(BuildOptions(isStrict: true))
        #expect(build.succeeded, "\(build.errors)")
        for name in names { #expect(site.exists("_site/\(name).html"), "\(name)") }
        let main = PageHTML.main(of: try site.read("_site/index.html"))
        #expect(main.contains("<a href=\"a%20b.html\">1</a> <a href=\"%C3%BCn%C3%AFc%C3%B6d%C3%A9.html\">2</a>"))
        #expect(
            main.contains("<a href=\"c%23d.html#cd\">3</a> <a href=\"e%3Ff.html\">4</a> <a href=\"g%25h.html\">5</a>"))
        let navigation = try site.read("_site/index.html")
        #expect(navigation.contains("href=\"c%23d.html\""))
        #expect(navigation.contains("href=\"semi%3Bcolon.html\""))
    }

    @Test func twoSourcesForOneOutputAreAnErrorNamingBoth() async throws {
        let site = try TemporarySite(files: ["Content/a.md": "# A\n", "Content/a.markdown": "# A again\n"])
        let build = await site.build()
        #expect(!build.succeeded && build.warnings == [])
        #expect(build.errors == ["Content/a.md: error: writes 'a.html', as does Content/a.markdown"])
        let asset = try TemporarySite(files: ["Content/a.md": "# A\n", "Content/a.html": "<p>mine</p>"])
        let assetBuild = await asset.build()
        #expect(!assetBuild.succeeded && assetBuild.warnings == [])
        #expect(assetBuild.errors == ["Content/a.md: error: writes 'a.html', as does Content/a.html"])
    }

    @Test func namesThatDifferOnlyInCaseAreAWarning() async throws {
        let site = try TemporarySite(files: ["Content/A.md": "# Upper\n", "Content/a.md": "# Lower\n"])
        let build = await site.build()
        #expect(build.succeeded)
        #expect(
            build.warnings == ["Content/a.md: warning: output 'a.html' differs only in case from that of Content/A.md"])
        // An ASCII name and one that is not (the Kelvin sign lowercases to `k`) are told
        // apart by two ways of hashing the lowercase outputs, which must agree.
        let kelvin = try TemporarySite(files: ["Content/k.md": "# Letter\n", "Content/\u{212A}.md": "# Kelvin\n"])
        let kelvinBuild = await kelvin.build()
        #expect(kelvinBuild.succeeded)
        let warning = "warning: output 'k.html' differs only in case from that of Content/\u{212A}.md"
        #expect(kelvinBuild.warnings.contains { $0.hasSuffix(warning) }, "\(kelvinBuild.warnings)")
    }

    @Test func missingContentFolderIsAnError() async throws {
        let site = try TemporarySite(files: ["foldmark.yml": "title: T\n"])
        let build = await site.build()
        #expect(!build.succeeded && build.warnings == [])
        #expect(
            build.errors == [
                ".: error: no Content/ folder in the current folder (run 'foldmark init .' to start a site here)"
            ])
    }

    // MARK: Output

    /// The same on a real full file system: a 2 MiB tmpfs, which only root can mount.
    @Test(.enabled(if: ToolProcess.isRoot, "mounting a small tmpfs needs root"))
    func fullDiskKeepsThePreviousOutput() async throws {
        try await Tmpfs.withMount(size: "2m", test: "fullDiskKeepsThePreviousOutput") { mount in
            try await Self.fullDiskKeepsThePreviousOutput(mount: mount)
        }
    }

    static func fullDiskKeepsThePreviousOutput(mount: URL) async throws {
        let site = try TemporarySite(files: ["Content/index.md": "# Home\n", "Content/a.md": "# A\n"])
        let out = mount.appending(path: "site")
        #expect(await site.build(output: out).succeeded)
        let before = try FolderSnapshot.files(in: out)
        try site.write("Content/a.md", "# A changed\n")
        try site.write("Content/photo.png", String(repeating: "x", count: 3 << 20))
        let build = await site.build(output: out)
        #expect(!build.succeeded && build.warnings == [])
        let refusal = "\(out.path): error: cannot write the output: "
        #expect(build.errors.first?.hasPrefix(refusal) == true, "\(build.errors)")
        #expect(try FolderSnapshot.files(in: out) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: mount.path).allSatisfy { !$0.contains("staging") })
    }
}
