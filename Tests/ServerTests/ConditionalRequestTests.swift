import Foundation
import Testing

/// `ETag`, `Last-Modified` and `304 Not Modified`.
@Suite struct ConditionalRequestTests {
    @Test func matchingETagIsNotModified() throws {
        let folder = try ServedFolder(files: StaticServingTests.files)
        for target in ["/style.css", "/index.html", "/"] {
            let first = try folder.fetch(target)
            let tag = try #require(first.headers["etag"])
            #expect(tag.hasPrefix("\"") && tag.hasSuffix("\""))
            #expect(first.headers["cache-control"] == "no-cache")
            let again = try folder.fetch(target, headers: ["If-None-Match": tag])
            #expect(again.status == 304, "\(target)")
            #expect(again.body.isEmpty)
            #expect(again.headers["etag"] == tag)
            #expect(try folder.fetch(target, headers: ["If-None-Match": "\"other\", \(tag)"]).status == 304)
            #expect(try folder.fetch(target, headers: ["If-None-Match": "W/\(tag)"]).status == 304)
            #expect(try folder.fetch(target, headers: ["If-None-Match": "\"other\""]).status == 200)
        }
    }

    @Test func lastModifiedDateIsNotModified() throws {
        let folder = try ServedFolder(files: StaticServingTests.files)
        let first = try folder.fetch("/style.css")
        let date = try #require(first.headers["last-modified"])
        #expect(date.hasSuffix(" GMT"))
        #expect(try folder.fetch("/style.css", headers: ["If-Modified-Since": date]).status == 304)
        let old = "Sat, 01 Jan 2000 00:00:00 GMT"
        #expect(try folder.fetch("/style.css", headers: ["If-Modified-Since": old]).status == 200)
        #expect(try folder.fetch("/style.css", headers: ["If-Modified-Since": "yesterday"]).status == 200)
        // If-None-Match wins over If-Modified-Since.
        let both = try folder.fetch("/style.css", headers: ["If-Modified-Since": date, "If-None-Match": "\"other\""])
        #expect(both.status == 200)
    }

    @Test func changedFileGetsANewETag() throws {
        let folder = try ServedFolder(files: StaticServingTests.files)
        let tag = try #require(try folder.fetch("/style.css").headers["etag"])
        try ServedFolder.write("body { color: blue }\n", to: folder.root.appending(path: "style.css"))
        let reply = try folder.fetch("/style.css", headers: ["If-None-Match": tag])
        #expect(reply.status == 200)
        #expect(reply.text == "body { color: blue }\n")
        #expect(reply.headers["etag"] != tag)
    }

    @Test func notFoundIsNeverNotModified() throws {
        let folder = try ServedFolder(files: StaticServingTests.files)
        let reply = try folder.fetch("/missing.html", headers: ["If-None-Match": "*"])
        #expect(reply.status == 404)
        #expect(reply.headers["etag"] == nil)
    }
}
