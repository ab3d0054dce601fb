import Foundation
import Testing

/// Pages asked for without `.html`, as on the hosts that sites are published to:
/// `/guide/setup` answers with `guide/setup.html`, a folder still wins over a page of its
/// name, and `/guide/setup/` is not a page.
@Suite struct PageAddressTests {
    static let files = StaticServingTests.files.merging([
        "about.html": "<!doctype html><title>About</title><body><p>About page</p></body>",
        "notes.txt.html": "<p>not for a file that exists</p>",
        // A folder and a page of the same name.
        "both.html": "<p>page beside the folder</p>",
        "both/index.html": "<p>folder index</p>",
        "hidden/.draft.html": "<p>hidden</p>",
        "folder.html/index.html": "<p>a folder named like a page</p>",
    ]) { $1 }

    @Test func pageWithoutExtension() throws {
        let folder = try ServedFolder(files: Self.files)
        let reply = try folder.fetch("/guide/setup")
        #expect(reply.status == 200)
        #expect(reply.headers["content-type"] == "text/html; charset=utf-8")
        // The page's bytes, with the live-reload script before `</body>`.
        #expect(reply.text.hasPrefix("<!doctype html><title>Setup</title><body><p>Setup page</p><script>"))
        #expect(reply.text.hasSuffix("</script>\n</body>"))
        #expect(reply.text.contains("\"page\":\"guide\\/setup.html\""))
        let top = try folder.fetch("/about")
        #expect(top.status == 200)
        #expect(top.text.hasPrefix("<!doctype html><title>About</title><body><p>About page</p><script>"))
    }

    @Test func headOfAPageWithoutExtension() throws {
        let folder = try ServedFolder(files: Self.files)
        let head = try folder.fetch("/about", method: "HEAD")
        #expect(head.status == 200)
        #expect(head.headers["content-length"] == String(try folder.fetch("/about").body.count))
    }

    @Test func folderWinsOverAPageOfItsName() throws {
        let folder = try ServedFolder(files: Self.files)
        let reply = try folder.fetch("/both")
        #expect(reply.status == 301)
        #expect(reply.headers["location"] == "/both/")
        #expect(try folder.fetch("/both/").text.contains("folder index"))
        #expect(try folder.fetch("/guide").headers["location"] == "/guide/")
    }

    @Test func fileThatExistsIsServedAsItIs() throws {
        let folder = try ServedFolder(files: Self.files)
        #expect(try folder.fetch("/notes.txt").text == "text\n")
    }

    @Test(arguments: ["/guide/setup/", "/about/", "/hidden/.draft", "/folder", "/missing", "/guide/missing"])
    func otherAddressesAreNotPages(target: String) throws {
        let folder = try ServedFolder(files: Self.files)
        // `folder.html` is a folder, not a page: `/folder` names nothing.
        let reply = try folder.fetch(target)
        #expect(reply.status == 404, "\(target)")
        #expect(reply.text.contains("Custom missing page"), "\(target)")
    }
}
