import Testing

@testable import Server

@Suite struct RequestPathTests {
    @Test func decodesSegments() throws {
        #expect(try RequestPath("/").segments == [])
        #expect(try RequestPath("/").hasTrailingSlash)
        #expect(try RequestPath("/a/b.html").segments == ["a", "b.html"])
        #expect(try !RequestPath("/a/b.html").hasTrailingSlash)
        #expect(try RequestPath("/a//b/").segments == ["a", "b"])
        #expect(try RequestPath("/a%20b/%C3%A9").segments == ["a b", "é"])
        #expect(try RequestPath("/%252e").segments == ["%2e"])
        #expect(try RequestPath("/...").segments == ["..."])
    }

    @Test(arguments: [
        ("", RequestPath.Problem.notAPath), ("a", .notAPath), ("*", .notAPath), ("http://x/", .notAPath),
        ("/..", .dotSegment), ("/a/../b", .dotSegment), ("/.", .dotSegment), ("/%2e%2e", .dotSegment),
        ("/%2E.", .dotSegment), ("/a%2fb", .forbiddenByte), ("/a%2Fb", .forbiddenByte), ("/a\\b", .forbiddenByte),
        ("/a%5cb", .forbiddenByte), ("/a%00", .forbiddenByte), ("/a%0a", .forbiddenByte), ("/a%7f", .forbiddenByte),
        ("/%", .badEscape), ("/%2", .badEscape), ("/%zz", .badEscape), ("/%c0%af", .notUTF8), ("/%ff", .notUTF8),
    ])
    func refuses(target: String, problem: RequestPath.Problem) {
        #expect(throws: problem) { try RequestPath(target) }
    }

    @Test func folderAddressIsEncodedAgain() throws {
        #expect(try RequestPath("/a%20b/c").folderAddress == "/a%20b/c/")
        #expect(RequestPath(segments: []).folderAddress == "/")
    }
}
