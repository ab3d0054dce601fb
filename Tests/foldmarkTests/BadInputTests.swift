import Foundation
import FoldmarkTestSupport
import Testing

@testable import foldmark

/// The catalogue of bad input: what foldmark says, and with which exit status, for every
/// kind of broken, odd or huge file a contributor can push. Nothing here may crash, and a
/// failed build must leave the previous output exactly as it was.
@Suite struct BadInputTests {
    static let failed = "Build failed with 1 error; the output folder was not changed.\n"

    // MARK: Front matter

    @Test func emptyFileIsAnEmptyPageNamedAfterTheFile() async throws {
        let site = try TemporarySite(files: ["Content/empty.md": ""])
        let run = await ToolRun.run(["build", site.root.path])
        #expect(run.status == 0)
        #expect(run.errors == "")
        let html = try site.read("_site/empty.html")
        #expect(html.contains("<title>empty</title>"))
        #expect(PageHTML.main(of: html) == "")
    }

    @Test func fileOfOnlyFrontMatterIsAnEmptyPageWithItsTitle() async throws {
        let site = try TemporarySite(files: ["Content/a.md": "---\ntitle: Only front matter\n---\n"])
        let run = await ToolRun.run(["build", site.root.path])
        #expect(run.status == 0)
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
        let run = await ToolRun.run(["build", site.root.path])
        #expect(run.status == 1)
        #expect(run.errors == message + "\n" + Self.failed)
        #expect(!site.exists("_site/a.html"))
    }

    /// Every wrong key of a page, repeated keys among them, is its own line of one run.
    @Test func everyWrongKeyOfAPageIsReported() async throws {
        let site = try TemporarySite(files: [
            "Content/a.md": "---\ntitle: A\ncollapsed: maybe\ntitle: B\norder: x\n---\n# A\n",
            "Content/b.md": "---\nmeta:\n  author: Ann\n  author: Bo\n---\n# B\n",
        ])
        let run = await ToolRun.run(["build", site.root.path])
        #expect(run.status == 1)
        #expect(
            run.errors == """
                Content/a.md:3: error: front matter 'collapsed' must be true or false
                Content/a.md:4:1: error: duplicate key 'title' (first on line 2)
                Content/a.md:5: error: front matter 'order' must be a number
                Content/b.md:4:3: error: duplicate key 'author' (first on line 3)
                Build failed with 4 errors; the output folder was not changed.

                """)
    }

    @Test func everyWrongKeyOfTheConfigurationIsReported() async throws {
        let site = try TemporarySite(files: [
            "foldmark.yml": "title: T\nunsafe: maybe\ntitle: U\nsearch: x\n", "Content/a.md": "# A\n",
        ])
        let run = await ToolRun.run(["build", site.root.path])
        #expect(run.status == 1)
        #expect(
            run.errors == """
                foldmark.yml:2: error: 'unsafe' must be true or false
                foldmark.yml:3:1: error: duplicate key 'title' (first on line 1)
                foldmark.yml:4: error: 'search' must be true, false or headings
                Build failed with 3 errors; the output folder was not changed.

                """)
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
        let warnings = """
            Content/a.md:3:1: warning: title is 5000 characters long; navigation shows its first 200
            Content/c.md:2: warning: title (the first heading) is 300 characters long; navigation shows its first 200

            """
        let run = await ToolRun.run(["build", site.root.path])
        #expect(run.status == 0)
        #expect(run.errors == warnings)
        let cut = String(repeating: letter, count: 200) + "\u{2026}"
        let sidebar = try site.read("_site/b.html")
        #expect(sidebar.contains(">" + cut + "<"))
        #expect(sidebar.contains(">" + String(repeating: "x", count: 200) + "\u{2026}<"))
        for file in site.files(under: "_site") where file != "a.html" {
            #expect(!(try site.read("_site/" + file).contains(String(repeating: letter, count: 201))), "\(file)")
        }
        #expect(try site.read("_site/a.html").contains("<title>" + long))
        // Nothing changed (the build's stamp), then another page changed (a's record reused).
        #expect(await ToolRun.run(["build", site.root.path]).errors == warnings)
        try site.write("Content/b.md", "# B again\n")
        let reused = await ToolRun.run(["build", site.root.path])
        #expect(reused.errors == warnings)
        #expect(try site.read("_site/b.html").contains(">" + cut + "<"))
        let strict = await ToolRun.run(["build", site.root.path, "--strict"])
        #expect(strict.status == 1)
        #expect(strict.errors.hasPrefix(warnings.replacing(": warning: ", with: ": error: ")))
    }

    // MARK: Bytes and line endings

    @Test func invalidUTF8IsReplacedWithAWarningNamingTheFirstByte() async throws {
        let site = try TemporarySite(files: [:])
        try site.write(
            "Content/a.md", bytes: Array("# Caf".utf8) + [0xE9] + Array("\n\nok \u{FF} then".utf8) + [0xFF, 0xFE, 0x0A])
        let run = await ToolRun.run(["build", site.root.path])
        #expect(run.status == 0)
        #expect(
            run.errors
                == "Content/a.md:1:6: warning: invalid UTF-8 at byte offset 5 (and 2 more), replaced with U+FFFD\n")
        let html = try site.read("_site/a.html")
        #expect(html.contains("<h1>Caf\u{FFFD}</h1>"))
        #expect(html.contains("<p>ok \u{FF} then\u{FFFD}\u{FFFD}</p>"))
        #expect(html.contains("id=\"caf\""))
    }

    @Test func invalidUTF8IsStillReportedWhenThePageComesFromTheCache() async throws {
        let site = try TemporarySite(files: [:])
        try site.write("Content/a.md", bytes: [0x23, 0x20, 0xC3, 0x0A])
        let first = await ToolRun.run(["build", site.root.path])
        let second = await ToolRun.run(["build", site.root.path])
        #expect(first.errors == "Content/a.md:1:3: warning: invalid UTF-8 at byte offset 2, replaced with U+FFFD\n")
        #expect(second.errors == first.errors)
    }

    @Test func renderWarnsAboutInvalidUTF8Too() async throws {
        let site = try TemporarySite(files: [:])
        try site.write("page.md", bytes: Array("# A\n\nx".utf8) + [0xC0, 0xAF] + Array("\u{0}\n".utf8))
        let file = site.root.appending(path: "page.md").path
        let run = await ToolRun.run(["render", file])
        #expect(run.status == 0)
        #expect(
            run.errors == """
                \(file):3:2: warning: invalid UTF-8 at byte offset 6 (and 1 more), replaced with U+FFFD
                \(file):3:4: warning: NUL byte at byte offset 8, replaced with U+FFFD

                """)
        #expect(PageHTML.main(of: run.output).contains("<p>x\u{FFFD}\u{FFFD}\u{FFFD}</p>"))
    }

    @Test func byteOrderMarkIsDroppedBeforeFrontMatter() async throws {
        let site = try TemporarySite(files: ["Content/a.md": "\u{FEFF}---\ntitle: With BOM\n---\n# Heading\n"])
        let run = await ToolRun.run(["build", site.root.path])
        #expect(run.status == 0)
        #expect(run.errors == "")
        let html = try site.read("_site/a.html")
        #expect(html.contains("<title>With BOM</title>"))
        #expect(PageHTML.main(of: html).hasPrefix("<details class=\"fm-section\" id=\"heading\" open>"))
        #expect(!html.contains("\u{FEFF}"))
    }

    @Test(arguments: ["\r\n", "\r"])
    func windowsAndOldMacLineEndingsWork(newline: String) async throws {
        let lines = ["---", "title: T", "---", "# A", "text", "", "## B {#b .collapsed}", "Setext", "======"]
        let site = try TemporarySite(files: ["Content/a.md": lines.joined(separator: newline) + newline])
        let run = await ToolRun.run(["build", site.root.path])
        #expect(run.status == 0)
        let main = PageHTML.main(of: try site.read("_site/a.html"))
        #expect(PageHTML.sectionTags(in: main) == ["a open", "b", "setext open"])
        #expect(try site.read("_site/a.html").contains("<title>T</title>"))
        // Lines are counted as cmark counts them, so errors point at the right line.
        try site.write("Content/a.md", (lines + ["# C {#b}"]).joined(separator: newline))
        let failed = await ToolRun.run(["build", site.root.path])
        #expect(
            failed.errors == "Content/a.md:10: error: duplicate section id 'b' (first used on line 7)\n" + Self.failed)
    }

    @Test func nulBytesBecomeReplacementCharactersWithAWarning() async throws {
        let site = try TemporarySite(files: ["Content/a.md": "# A\u{0}B\n\n\u{0}text\n"])
        let run = await ToolRun.run(["build", site.root.path])
        #expect(run.status == 0)
        #expect(
            run.errors == "Content/a.md:1:4: warning: NUL byte at byte offset 3 (and 1 more), replaced with U+FFFD\n")
        let main = PageHTML.main(of: try site.read("_site/a.html"))
        #expect(main.contains("id=\"ab\""))
        #expect(main.contains("<h1>A\u{FFFD}B</h1>"))
        #expect(main.contains("<p>\u{FFFD}text</p>"))
    }

    @Test func binaryFileNamedMarkdownBuildsWithWarnings() async throws {
        var generator = SplitMix(seed: 7)
        let bytes = (0..<65536).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let site = try TemporarySite(files: ["Content/index.md": "# Home\n"])
        try site.write("Content/photo.md", bytes: bytes)
        let run = await ToolRun.run(["build", site.root.path])
        #expect(run.status == 0)
        let warnings = run.errors.split(separator: "\n")
        #expect(warnings.count == 2)
        #expect(
            warnings[0].hasPrefix("Content/photo.md:")
                && warnings[0].contains(": warning: invalid UTF-8 at byte offset "))
        #expect(
            warnings[1].hasPrefix("Content/photo.md:") && warnings[1].contains(": warning: NUL byte at byte offset "))
        #expect(site.exists("_site/photo.html"))
    }

    // MARK: Size and depth

    @Test func fiftyThousandHeadingsInOnePage() async throws {
        let markdown = (0..<50_000).map { $0 % 10 == 0 ? "# Part\n" : "## Step\ntext \($0)\n" }.joined()
        let site = try TemporarySite(files: ["Content/a.md": markdown])
        let run = await ToolRun.run(["build", site.root.path])
        #expect(run.status == 0, "\(run.errors)")
        let main = PageHTML.main(of: try site.read("_site/a.html"))
        let ids = PageHTML.sectionTags(in: main)
        #expect(ids.count == 50_000)
        #expect(Set(ids).count == 50_000)
        #expect(ids.last == "step-44999 open")
    }

    @Test func tenThousandLevelsOfQuotesAndListsAndDeepEmphasisInAHeading() async throws {
        let depth = 10_000
        let site = try TemporarySite(files: [
            "Content/quotes.md": "# Q\n\n" + String(repeating: "> ", count: depth) + "deep\n",
            "Content/lists.md": "# L\n\n" + String(repeating: "- ", count: depth) + "deep\n",
            "Content/indented.md": (0..<2000).map { String(repeating: "  ", count: $0) + "- item\n" }.joined(),
            // A heading's text is walked by foldmark itself (its title): this crashed with a
            // stack overflow at 100,000 levels before that walk stopped being recursive.
            "Content/emphasis.md": "# " + String(repeating: "*a ", count: 100_000) + "b"
                + String(repeating: " a*", count: 100_000) + "\n",
            "Content/links.md": "# " + String(repeating: "[a ", count: 100_000) + "b"
                + String(repeating: "](#l)", count: 100_000) + " {#l}\n",
        ])
        let run = await ToolRun.run(["build", site.root.path])
        #expect(run.status == 0, "\(run.errors)")
        #expect(
            try site.read("_site/quotes.html").contains(
                String(repeating: "<blockquote>\n", count: depth) + "<p>deep</p>"))
        #expect(try site.read("_site/lists.html").contains("<li>deep</li>"))
        #expect(try site.read("_site/emphasis.html").contains("id=\"a-a-a-a-a-a"))
        #expect(PageHTML.sectionTags(in: PageHTML.main(of: try site.read("_site/links.html"))) == ["l open"])
    }

    // MARK: Files and folders

    /// Root reads any file, so when the tests run as root foldmark runs as `nobody`.
    @Test(.enabled(if: ToolProcess.canRunUnprivileged, "running as root without setpriv: no file is unreadable"))
    func unreadableFileIsAnErrorAndKeepsThePreviousOutput() async throws {
        let site = try TemporarySite(files: ["Content/index.md": "# Home\n", "Content/secret.md": "# Secret\n"])
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: site.root.path)
        let out = site.root.appending(path: "out")
        #expect(try ToolProcess.run(["build", site.root.path, "--out", out.path], unprivileged: true).status == 0)
        let before = try FolderSnapshot.files(in: out)
        try site.write("Content/secret.md", "# Changed\n")
        try FileManager.default.setAttributes(
            [.posixPermissions: 0o000], ofItemAtPath: site.root.appending(path: "Content/secret.md").path)
        let run = try ToolProcess.run(["build", site.root.path, "--out", out.path], unprivileged: true)
        #expect(run.status == 1)
        #expect(run.errors == "Content/secret.md: error: cannot read the file: Permission denied\n" + Self.failed)
        #expect(try FolderSnapshot.files(in: out) == before)
    }

    @Test(.enabled(if: ToolProcess.canRunUnprivileged, "running as root without setpriv: every folder is listable"))
    func unlistableFolderIsAnError() async throws {
        let site = try TemporarySite(files: ["Content/index.md": "# Home\n", "Content/guide/a.md": "# A\n"])
        let out = site.root.appending(path: "out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: out.path)
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: site.root.path)
        let guide = site.root.appending(path: "Content/guide").path
        try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: guide)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: guide) }
        let run = try ToolProcess.run(["build", site.root.path, "--out", out.path], unprivileged: true)
        #expect(run.status == 1)
        #expect(run.errors == "Content/guide/: error: cannot list the folder: Permission denied\n" + Self.failed)
    }

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
        let run = await ToolRun.run(["build", site.root.path])
        #expect(run.status == 0)
        #expect(
            run.errors == """
                Content/a: warning: symbolic link not followed
                Content/b: warning: symbolic link not followed
                Content/loop.md: warning: symbolic link not followed
                Content/passwd.md: warning: symbolic link not followed
                Content/up: warning: symbolic link not followed

                """)
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
        let run = await ToolRun.run(["build", site.root.path, "--strict"])
        #expect(run.status == 0, "\(run.errors)")
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
        let run = await ToolRun.run(["build", site.root.path])
        #expect(run.status == 1)
        #expect(run.errors == "Content/a.md: error: writes 'a.html', as does Content/a.markdown\n" + Self.failed)
        let asset = try TemporarySite(files: ["Content/a.md": "# A\n", "Content/a.html": "<p>mine</p>"])
        let assetRun = await ToolRun.run(["build", asset.root.path])
        #expect(assetRun.errors == "Content/a.md: error: writes 'a.html', as does Content/a.html\n" + Self.failed)
    }

    @Test func namesThatDifferOnlyInCaseAreAWarning() async throws {
        let site = try TemporarySite(files: ["Content/A.md": "# Upper\n", "Content/a.md": "# Lower\n"])
        let run = await ToolRun.run(["build", site.root.path])
        #expect(run.status == 0)
        #expect(run.errors == "Content/a.md: warning: output 'a.html' differs only in case from that of Content/A.md\n")
        // An ASCII name and one that is not (the Kelvin sign lowercases to `k`) are told
        // apart by two ways of hashing the lowercase outputs, which must agree.
        let kelvin = try TemporarySite(files: ["Content/k.md": "# Letter\n", "Content/\u{212A}.md": "# Kelvin\n"])
        let kelvinRun = await ToolRun.run(["build", kelvin.root.path])
        #expect(kelvinRun.status == 0)
        #expect(
            kelvinRun.errors.contains("warning: output 'k.html' differs only in case from that of Content/\u{212A}.md"))
    }

    @Test func missingContentFolderIsAnError() async throws {
        let site = try TemporarySite(files: ["foldmark.yml": "title: T\n"])
        let run = await ToolRun.run(["build", site.root.path])
        #expect(run.status == 1)
        #expect(run.errors == "Content: error: no Content/ folder in the site\n" + Self.failed)
    }

    // MARK: Output

    @Test(.enabled(if: ToolProcess.canRunUnprivileged, "running as root without setpriv: every folder is writable"))
    func unwritableOutputFolderIsAnErrorAndKeepsIt() async throws {
        let site = try TemporarySite(files: ["Content/index.md": "# Home\n"])
        let out = site.root.appending(path: "out")
        #expect(await ToolRun.run(["build", site.root.path, "--out", out.path]).status == 0)
        let before = try FolderSnapshot.files(in: out)
        try site.write("Content/index.md", "# Changed\n")
        try FileManager.default.setAttributes(
            [.posixPermissions: 0o444], ofItemAtPath: out.appending(path: ".foldmark-lock").path)
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: out.path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: out.path) }
        let run = try ToolProcess.run(["build", site.root.path, "--out", out.path], unprivileged: true)
        #expect(run.status == 1)
        #expect(
            run.errors == "\(out.path): error: cannot write to the output folder: Permission denied\n" + Self.failed)
        #expect(try FolderSnapshot.files(in: out) == before)
    }

    /// A write that fails in the middle of a build, as on a full disk: every write past
    /// 128 KiB fails (RLIMIT_FSIZE), so the big page added for the second build cannot be
    /// staged. Works for any user, unlike a real full file system (see the next test).
    @Test(.enabled(if: ToolProcess.executable != nil, "no foldmark executable beside the tests"))
    func writeFailureMidBuildKeepsThePreviousOutput() async throws {
        let site = try TemporarySite(files: ["Content/index.md": "# Home\n", "Content/a.md": "# A\n"])
        let out = site.root.appending(path: "out")
        #expect(try ToolProcess.run(["build", site.root.path, "--out", out.path], fileSizeLimit: 256).status == 0)
        let before = try FolderSnapshot.files(in: out)
        try site.write("Content/a.md", "# A changed\n")
        try site.write("Content/big.md", "# Big\n\n" + String(repeating: "A line of a big page.\n", count: 20_000))
        let run = try ToolProcess.run(["build", site.root.path, "--out", out.path], fileSizeLimit: 256)
        #expect(run.status == 1)
        #expect(run.errors.contains("Content/big.md: error: cannot write its "), "\(run.errors)")
        #expect(run.errors.hasSuffix("; the output folder was not changed.\n"))
        #expect(try FolderSnapshot.files(in: out) == before)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: site.root.path).allSatisfy { !$0.contains("staging") })
    }

    /// The same when no page is large: the pages' content waits in the build cache's
    /// buffer, and writing that out fails when the first pass ends. The build fails before
    /// the layout, and the output stays as it was.
    @Test(.enabled(if: ToolProcess.executable != nil, "no foldmark executable beside the tests"))
    func bufferedCacheWriteFailureKeepsThePreviousOutput() async throws {
        let site = try TemporarySite(files: ["Content/index.md": "# Home\n"])
        let out = site.root.appending(path: "out")
        #expect(try ToolProcess.run(["build", site.root.path, "--out", out.path], fileSizeLimit: 128).status == 0)
        let before = try FolderSnapshot.files(in: out)
        for number in 0..<40 {
            try site.write(
                "Content/p\(number).md", "# Page \(number)\n\n" + String(repeating: "Some words of text. ", count: 150))
        }
        let run = try ToolProcess.run(["build", site.root.path, "--out", out.path, "--jobs", "1"], fileSizeLimit: 128)
        #expect(run.status == 1)
        #expect(run.errors.contains("packs: error: cannot write the build cache"), "\(run.errors)")
        #expect(try FolderSnapshot.files(in: out) == before)
    }

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
        #expect(await ToolRun.run(["build", site.root.path, "--out", out.path]).status == 0)
        let before = try FolderSnapshot.files(in: out)
        try site.write("Content/a.md", "# A changed\n")
        try site.write("Content/photo.png", String(repeating: "x", count: 3 << 20))
        let run = await ToolRun.run(["build", site.root.path, "--out", out.path])
        #expect(run.status == 1)
        #expect(run.errors.hasPrefix("\(out.path): error: cannot write the output: "), "\(run.errors)")
        #expect(try FolderSnapshot.files(in: out) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: mount.path).allSatisfy { !$0.contains("staging") })
    }
}
