import Foundation
import Server
import Testing

/// Files of the output folder over real sockets: status codes, types, folders, the 404 page.
@Suite struct StaticServingTests {
    static let files = [
        "index.html":
            "<!doctype html>\n<html lang=\"en\">\n<title>Home</title>\n<body>\n<p>Home page</p>\n</body>\n</html>\n",
        "guide/index.html": "<!doctype html><title>Guide</title><body><p>Guide index</p></body>",
        "guide/setup.html": "<!doctype html><title>Setup</title><body><p>Setup page</p></body>",
        "empty/readme.txt": "no index here\n",
        "404.html": "<!doctype html><title>Not found</title><body><p>Custom missing page</p></body>",
        "style.css": "body { color: red }\n",
        "app.js": "console.log(1)\n",
        "mod.mjs": "export {}\n",
        "logo.png": "PNG", "photo.jpg": "JPG", "anim.gif": "GIF", "pic.webp": "WEBP", "icon.svg": "<svg/>",
        "favicon.ico": "ICO",
        "font.woff": "W1", "font.woff2": "W2", "font.ttf": "TTF", "font.otf": "OTF",
        "data.json": "{}", "doc.pdf": "%PDF-1.4", "sitemap.xml": "<urlset/>", "notes.txt": "text\n",
        "blob.bin": "bytes", "UPPER.PNG": "PNG",
    ]

    @Test func servesPageWithTheLiveReloadScript() throws {
        let folder = try ServedFolder(files: Self.files)
        let reply = try folder.fetch("/index.html")
        #expect(reply.status == 200)
        #expect(reply.headers["content-type"] == "text/html; charset=utf-8")
        #expect(
            reply.text.hasPrefix(
                "<!doctype html>\n<html lang=\"en\">\n<title>Home</title>\n<body>\n<p>Home page</p>\n<script>"))
        #expect(reply.text.hasSuffix("</script>\n</body>\n</html>\n"))
        #expect(reply.text.contains("window.foldmarkServe = {"))
        #expect(reply.text.contains("\"page\":\"index.html\""))
        #expect(reply.headers["content-length"] == String(reply.body.count))
        // The built file itself is left as it was.
        #expect(
            try String(contentsOf: folder.root.appending(path: "index.html"), encoding: .utf8)
                == Self.files["index.html"])
    }

    @Test(arguments: [
        ("style.css", "text/css; charset=utf-8"), ("app.js", "text/javascript; charset=utf-8"),
        ("mod.mjs", "text/javascript; charset=utf-8"), ("logo.png", "image/png"), ("UPPER.PNG", "image/png"),
        ("photo.jpg", "image/jpeg"), ("anim.gif", "image/gif"), ("pic.webp", "image/webp"),
        ("icon.svg", "image/svg+xml"), ("favicon.ico", "image/x-icon"), ("font.woff", "font/woff"),
        ("font.woff2", "font/woff2"), ("font.ttf", "font/ttf"), ("font.otf", "font/otf"),
        ("data.json", "application/json"), ("doc.pdf", "application/pdf"), ("sitemap.xml", "application/xml"),
        ("notes.txt", "text/plain; charset=utf-8"), ("blob.bin", "application/octet-stream"),
    ])
    func servesEachTypeAsItIs(file: String, type: String) throws {
        let folder = try ServedFolder(files: Self.files)
        let reply = try folder.fetch("/" + file)
        #expect(reply.status == 200)
        #expect(reply.headers["content-type"] == type)
        #expect(reply.headers["x-content-type-options"] == "nosniff")
        #expect(reply.text == Self.files[file])
    }

    @Test func folderAnswersWithItsIndexPage() throws {
        let folder = try ServedFolder(files: Self.files)
        #expect(try folder.fetch("/").text.contains("Home page"))
        let guide = try folder.fetch("/guide/")
        #expect(guide.status == 200)
        #expect(guide.text.contains("Guide index"))
        #expect(guide.text.contains("\"page\":\"guide\\/index.html\""))
        #expect(try folder.fetch("/guide/setup.html").text.contains("Setup page"))
    }

    @Test func folderWithoutSlashRedirects() throws {
        let folder = try ServedFolder(files: Self.files)
        let reply = try folder.fetch("/guide")
        #expect(reply.status == 301)
        #expect(reply.headers["location"] == "/guide/")
        // The address is rebuilt from the decoded path: "//host" cannot send the browser elsewhere.
        #expect(try folder.fetch("//guide").headers["location"] == "/guide/")
    }

    @Test func folderWithoutIndexIsNotListed() throws {
        let folder = try ServedFolder(files: Self.files)
        let reply = try folder.fetch("/empty/")
        #expect(reply.status == 404)
        #expect(!reply.text.contains("readme.txt"))
        #expect(reply.text.contains("Custom missing page"))
    }

    @Test func missingFileGetsTheSitesNotFoundPage() throws {
        let folder = try ServedFolder(files: Self.files)
        for target in ["/missing.html", "/guide/missing/", "/style.css/", "/a%20b.png"] {
            let reply = try folder.fetch(target)
            #expect(reply.status == 404, "\(target)")
            #expect(reply.headers["content-type"] == "text/html; charset=utf-8")
            #expect(reply.text.contains("Custom missing page"))
            #expect(reply.text.contains("\"page\":null"), "a not-found page reloads after every build")
        }
    }

    @Test func missingFileWithoutNotFoundPage() throws {
        var files = Self.files
        files["404.html"] = nil
        let folder = try ServedFolder(files: files)
        let reply = try folder.fetch("/missing.html")
        #expect(reply.status == 404)
        #expect(reply.text.contains("<h1>Not found</h1>"))
        #expect(reply.text.contains("window.foldmarkServe"))
    }

    @Test func headSendsTheHeadersOfGetWithoutTheBody() throws {
        let folder = try ServedFolder(files: Self.files)
        for target in ["/index.html", "/style.css", "/missing.html"] {
            let get = try folder.fetch(target)
            let head = try folder.fetch(target, method: "HEAD")
            #expect(head.status == get.status)
            #expect(head.body.isEmpty)
            #expect(head.headers["content-length"] == String(get.body.count))
            #expect(head.headers["content-type"] == get.headers["content-type"])
            #expect(head.headers["etag"] == get.headers["etag"])
        }
    }

    @Test(arguments: ["POST", "PUT", "DELETE", "PATCH", "OPTIONS", "TRACE", "get"])
    func otherMethodsAreNotAllowed(method: String) throws {
        let folder = try ServedFolder(files: Self.files)
        let reply = try folder.fetch("/index.html", method: method, headers: ["Content-Length": "0"])
        #expect(reply.status == 405)
        #expect(reply.headers["allow"] == "GET, HEAD")
        #expect(!reply.text.contains("Home page"))
    }

    @Test func postWithABodyIsRefused() throws {
        let folder = try ServedFolder(files: Self.files)
        let connection = try TestConnection(port: folder.port)
        try connection.send(
            "POST /index.html HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Length: 11\r\n\r\nhello=world")
        #expect(try Reply(parsing: connection.receiveAll()).status == 405)
    }

    @Test func keepAliveServesSeveralRequestsOnOneConnection() throws {
        let folder = try ServedFolder(files: Self.files)
        let connection = try TestConnection(port: folder.port)
        try connection.send("GET /style.css HTTP/1.1\r\nHost: x\r\n\r\n")
        _ = try connection.receive(until: { $0.hasSuffix("body { color: red }\n") })
        try connection.send("GET /notes.txt HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        #expect(try Reply(parsing: connection.receiveAll()).text == "text\n")
    }
}
