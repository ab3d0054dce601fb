import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// No request reads outside the served folder: every attempt is answered 400 or 404 and
/// never with the content of the file it aims at.
@Suite struct TraversalTests {
    static let secret = "TOP-SECRET-CONTENT"

    /// A served folder beside `secret.txt`, with links out of it and one link inside it.
    static func folder() throws -> ServedFolder {
        let folder = try ServedFolder(files: StaticServingTests.files.merging(["a/b/page.html": "<p>deep</p>"]) { $1 })
        try ServedFolder.write(secret, to: folder.base.appending(path: "secret.txt"))
        try ServedFolder.write(secret, to: folder.base.appending(path: "outside/secret.txt"))
        try ServedFolder.write(secret, to: folder.base.appending(path: "outside/secret.html"))
        try ServedFolder.write(secret, to: folder.base.appending(path: "secret.html"))
        try ServedFolder.write(secret, to: folder.root.appending(path: ".foldmark-manifest"))
        let root = folder.root.path
        #expect(symlink(folder.base.appending(path: "secret.txt").path, root + "/secret-link.txt") == 0)
        #expect(symlink(folder.base.appending(path: "outside").path, root + "/outside-link") == 0)
        #expect(symlink("../secret.txt", root + "/relative-link.txt") == 0)
        #expect(symlink(root + "/style.css", root + "/inside-link.css") == 0)
        // Pages asked for without `.html` (`/leak` for `leak.html`) are found as any file is.
        #expect(symlink(folder.base.appending(path: "secret.html").path, root + "/leak.html") == 0)
        #expect(symlink("../secret.html", root + "/relative-leak.html") == 0)
        return folder
    }

    static let attempts = [
        "/../secret.txt", "/../../secret.txt", "/a/../../secret.txt", "/a/b/../../../secret.txt",
        "/%2e%2e/secret.txt", "/%2E%2E/secret.txt", "/.%2e/secret.txt", "/%2e./secret.txt",
        "/a/%2e%2e/%2e%2e/secret.txt", "/..%2fsecret.txt", "/%2e%2e%2fsecret.txt", "/a%2f..%2f..%2fsecret.txt",
        "/..%2Fsecret.txt", "/..\\secret.txt", "/..%5csecret.txt", "/..%5Csecret.txt", "/a\\..\\..\\secret.txt",
        "/%252e%252e/secret.txt", "/..%c0%afsecret.txt", "/index.html%00", "/secret.txt%00.html",
        "/%00/../secret.txt", "/./secret.txt", "/%2e/secret.txt",
        "/secret-link.txt", "/relative-link.txt", "/outside-link/secret.txt", "/outside-link/",
        "/.foldmark-manifest", "/%2efoldmark-manifest",
        "secret.txt", "../secret.txt", "*", "http://127.0.0.1/../secret.txt",
        "/../secret", "/%2e%2e/secret", "/a/b/../../../secret", "/leak", "/relative-leak", "/outside-link/secret",
        "/outside-link/secret/", "/..%2fsecret", "/.foldmark-manifest.html", "/%2efoldmark-manifest",
    ]

    @Test(arguments: attempts)
    func traversalIsRefused(target: String) throws {
        let folder = try Self.folder()
        let reply = try folder.fetch(target)
        #expect([400, 404].contains(reply.status), "\(target): \(reply.status)")
        #expect(!reply.text.contains(Self.secret), "\(target) leaked the file")
    }

    @Test func absolutePathsStayInsideTheFolder() throws {
        let folder = try Self.folder()
        for target in [
            folder.base.path + "/secret.txt", "/" + folder.base.path + "/secret.txt", "/etc/passwd", "//etc/passwd",
        ] {
            let reply = try folder.fetch(target)
            #expect([400, 404].contains(reply.status), "\(target): \(reply.status)")
            #expect(!reply.text.contains(Self.secret))
            #expect(!reply.text.contains("root:"))
        }
    }

    @Test func linkInsideTheFolderIsServed() throws {
        let folder = try Self.folder()
        let reply = try folder.fetch("/inside-link.css")
        #expect(reply.status == 200)
        #expect(reply.text == "body { color: red }\n")
    }

    @Test func encodedNamesThatStayInsideAreServed() throws {
        let folder = try ServedFolder(files: ["a b/c.txt": "spaced", "é.txt": "accent"])
        #expect(try folder.fetch("/a%20b/c.txt").text == "spaced")
        #expect(try folder.fetch("/%C3%A9.txt").text == "accent")
        #expect(try folder.fetch("/a%20b//c.txt").text == "spaced")
    }
}
