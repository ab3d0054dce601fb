@testable import Basics
import Foundation
import FoldmarkTestSupport
import Testing

@testable import Site

@Suite struct LinkResolverTests {
    let resolver = LinkResolver(
        pages: ["index.md", "guide/setup.md", "guide/my page.md", "notes.markdown"],
        folders: ["", "guide/", "img/"],
        assets: ["img/logo.png", "guide/file.pdf", "guide/old.html"])

    @Test(arguments: [
        ("setup.md", "setup.html"),
        ("setup.md#install", "setup.html#install"),
        ("setup.md?x=1#a", "setup.html?x=1#a"),
        ("../index.md", "../index.html"),
        ("../notes.markdown", "../notes.html"),
        ("my%20page.md", "my%20page.html"),
        ("../guide", "../guide/index.html"),
        ("./", "./index.html"),
        ("/img/logo.png", "../img/logo.png"),
        ("/index.md#top", "../index.html#top"),
        ("file.pdf", "file.pdf"),
        ("#local", "#local"),
        ("https://example.org/a.md", "https://example.org/a.md"),
        ("mailto:someone@example.org", "mailto:someone@example.org"),
        ("//cdn.example.org/x.md", "//cdn.example.org/x.md"),
        ("missing.md", "missing.md"),
    ])
    func rewritesLinksFromANestedPage(url: String, expected: String) {
        #expect(resolver.rewrite(url, from: "guide/setup.md") == expected)
    }

    @Test func rootLinksBecomeRelativeAndStayPaths() {
        #expect(resolver.rewrite("/x:y.md#a", from: "index.md") == "./x:y.md#a")
        #expect(resolver.rewrite("/x:y.md", from: "guide/setup.md") == "../x:y.md")
        #expect(resolver.rewrite("/img/", from: "index.md") == "img/index.html")
        #expect(resolver.rewrite("/img?v=2", from: "guide/setup.md") == "../img/index.html?v=2")
        #expect(resolver.rewrite("/guide/setup.md", from: "guide/setup.md") == "../guide/setup.html")
    }

    @Test func targets() {
        #expect(
            resolver.target(of: "setup.html#x", from: "guide/a.md") == .page(source: "guide/setup.md", fragment: "x"))
        #expect(resolver.target(of: "#a%20b", from: "index.md") == .sameDocument(fragment: "a b"))
        #expect(resolver.target(of: "../../x.md", from: "guide/a.md") == .outside)
        #expect(resolver.target(of: "nope.png", from: "index.md") == .missing("nope.png"))
        #expect(resolver.target(of: "img", from: "index.md") == .folder("img/"))
        #expect(resolver.target(of: "HTTP://x", from: "index.md") == .external)
        // `.html` names the page of either Markdown extension, else what it is itself.
        #expect(
            resolver.target(of: "../notes.html", from: "guide/a.md") == .page(source: "notes.markdown", fragment: nil))
        #expect(resolver.target(of: "old.html", from: "guide/a.md") == .asset("guide/old.html"))
        #expect(resolver.target(of: "gone.html", from: "guide/a.md") == .missing("guide/gone.html"))
        #expect(resolver.target(of: "./guide/../img/", from: "index.md") == .folder("img/"))
        #expect(
            resolver.target(of: "/guide//setup.md", from: "guide/a.md")
                == .page(source: "guide/setup.md", fragment: nil))
        // A `?` before the colon: no scheme, a path.
        #expect(resolver.rewrite("setup.md?:x", from: "guide/a.md") == "setup.html?:x")
    }

    @Test(arguments: [
        ("a1+.-:x", true), ("mailto:x", true), ("é:x", true), ("a\u{301}b:x", true), ("//host/x", true),
        ("1a:x", false), ("+a:x", false), ("a_b:x", false), ("a/b:x", false), ("a#b:x", false), (":x", false),
        ("abc", false), ("", false), ("a\u{301}", false), ("ab?:x", false),
    ])
    func schemes(path: String, isExternal: Bool) {
        #expect(LinkResolver.isExternal(path) == isExternal)
    }

    @Test func splitKeepsCharactersWhole() {
        #expect(LinkResolver.split("a.md?x=1#f") == ("a.md", "f", "?x=1#f"))
        #expect(LinkResolver.split("a.md#f%20g") == ("a.md", "f g", "#f%20g"))
        // `#` with a combining mark is another character: no fragment.
        #expect(LinkResolver.split("é.md#\u{301}x") == ("é.md#\u{301}x", nil, ""))
        #expect(LinkResolver.split("é.md#x").fragment == "x")
        #expect(LinkResolver.split("a.md#\u{301}x") == ("a.md#\u{301}x", nil, ""))
    }

    /// `split` reads ASCII URLs by bytes; random URLs of the characters that matter give
    /// what the split by `Character`s gives.
    @Test func splitMatchesTheCharacterwiseDefinition() {
        func reference(_ url: String) -> (path: String, fragment: String?, suffix: String) {
            let end = url.firstIndex(where: { $0 == "?" || $0 == "#" }) ?? url.endIndex
            let fragment = url.firstIndex(of: "#").map { String(url[url.index(after: $0)...]) }
            let decoded = fragment.map { $0.removingPercentEncoding ?? $0 }
            return (String(url[..<end]), decoded, String(url[end...]))
        }
        let pieces = ["a", "b.md", "?", "#", "/", "%20", "%", "é", "\u{301}", "x=1"]
        var random = SplitMix(seed: 5)
        for _ in 0..<5000 {
            let url = (0..<Int(random.next() % 8)).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }
                .joined()
            #expect(LinkResolver.split(url) == reference(url), "\(url.debugDescription)")
        }
    }
}

@Suite struct OutputPathTests {
    @Test(arguments: [
        ("", "index.html", "index.html"),
        ("a/", "index.html", "../index.html"),
        ("a/b/", "a/c.html", "../c.html"),
        ("a/", "a/b/c.html", "b/c.html"),
        ("ab/", "ac/x.html", "../ac/x.html"),
        ("a/b/", "a/b/c.html", "c.html"),
        ("a/b/c/", "x.html", "../../../x.html"),
        ("é/ü/", "é/x.html", "../x.html"),
        ("é/", "è/x.html", "../è/x.html"),
        ("", "javascript:alert(1).html", "./javascript:alert(1).html"),
        ("", "c:d.html", "./c:d.html"),
        ("", "mailto:x/y.html", "./mailto:x/y.html"),
        ("a/", "a/data:x.html", "./data:x.html"),
        ("a/", "b:c/x.html", "../b:c/x.html"),
        ("", "a/b:c.html", "a/b:c.html"),
    ])
    func relativeLinks(from: String, to: String, expected: String) {
        #expect(OutputPath.relative(from: from, to: to) == expected)
    }

    @Test(arguments: [
        ("dir with space/x#1.html", "dir%20with%20space/x%231.html"),
        ("50%.html", "50%25.html"),
        ("ü?.html", "%C3%BC%3F.html"),
        ("a;b.html", "a%3Bb.html"),
    ])
    func pathsArePercentEncodedForURLs(path: String, expected: String) {
        #expect(OutputPath.percentEncoded(path) == expected)
    }

    /// The bytes that skip Foundation's encoding are exactly those it leaves alone.
    @Test func plainBytesAreThoseFoundationKeeps() {
        for byte in UInt8(0x20)..<0x7F {
            let path = "a" + String(UnicodeScalar(byte)) + "b"
            #expect(
                OutputPath.percentEncoded(path)
                    == path.addingPercentEncoding(
                        withAllowedCharacters: {
                            var allowed = CharacterSet.urlPathAllowed
                            allowed.remove(charactersIn: "?#%;")
                            return allowed
                        }()), "byte \(byte)")
        }
    }

    @Test(arguments: [
        ("a/b.md", "a/b.html"), ("B.MD", "B.html"), ("x.Markdown", "x.html"), (".md", ".html"),
        ("a.b/c.md", "a.b/c.html"),
        ("ü/ä.md", "ü/ä.html"), ("k.mar\u{212A}down", "k.html"),  // the Kelvin sign lowercases to k
        ("a.md/b", "a.md/b"), ("a.mdx", "a.mdx"), ("a.m", "a.m"), ("md", "md"), ("a.md\u{301}", "a.md\u{301}"),
        ("a.html", "a.html"), ("", ""),
    ])
    func markdownSourcesBecomeHTML(source: String, output: String) {
        #expect(OutputPath.forSource(source) == output)
        #expect(OutputPath.isMarkdown(source) == (source != output))
    }
    /// `normalize` works on bytes; its definition is the same on path segments. Random
    /// paths of segments that matter (`.`, `..`, empty ones, non-ASCII names) must give
    /// what the segment-wise reference gives.
    @Test func normalizingMatchesTheSegmentwiseDefinition() {
        func reference(_ path: String) -> String? {
            var parts: [Substring] = []
            for part in path.split(separator: "/", omittingEmptySubsequences: true) {
                switch part {
                case ".": continue
                case "..":
                    guard !parts.isEmpty else { return nil }
                    parts.removeLast()
                default: parts.append(part)
                }
            }
            let joined = parts.joined(separator: "/")
            return path.hasSuffix("/") && !joined.isEmpty ? joined + "/" : joined
        }
        let pieces = ["a", "bc", ".", "..", "/", "//", "é", ".x", "x.", "...", "ü.md"]
        var random = SplitMix(seed: 11)
        for _ in 0..<5000 {
            let path = (0..<Int(random.next() % 7)).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }
                .joined()
            #expect(LinkResolver.normalize(path) == reference(path), "\(path)")
        }
    }

    @Test func bytesOfPaths() {
        #expect("a/b:c".utf8Contains(UInt8(ascii: ":")))
        #expect(!"a/b".utf8Contains(UInt8(ascii: ":")))
        #expect(!"".utf8Contains(UInt8(ascii: ":")))
        #expect("a.b.md".utf8LastOffset(of: UInt8(ascii: ".")) == 3)
        #expect("é.md".utf8LastOffset(of: UInt8(ascii: ".")) == 2)
        #expect("abc".utf8LastOffset(of: UInt8(ascii: ".")) == nil)
        #expect(String(utf8Prefix: 2, of: "é.md", then: ".html") == "é.html")
        #expect(String(utf8Prefix: 0, of: "x", then: ".html") == ".html")
        #expect(String(utf8Prefix: 2, of: "ab") == "ab")
        #expect(OutputPath.rootPath(of: "a/ü/c.html") == "../../")
        #expect(OutputPath.rootPath(of: "c.html") == "")
    }

    @Test func foldersOfPaths() {
        #expect(OutputPath.folder(of: "a/b/c.html") == "a/b/")
        #expect(OutputPath.folder(of: "c.html") == "")
        #expect(OutputPath.folder(of: "ü/é.html") == "ü/")
        #expect(OutputPath.parent(of: "a/b/") == "a/")
        #expect(OutputPath.parent(of: "a/") == "")
        #expect(OutputPath.parent(of: "") == "")
    }
}
