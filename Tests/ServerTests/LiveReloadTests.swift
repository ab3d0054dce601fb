import FoldmarkTestSupport
import Foundation
import Site
import Testing

@testable import Server

/// The Server-Sent Events channel and the script the server adds to pages.
@Suite struct LiveReloadTests {
    static func openEvents(_ folder: ServedFolder, query: String = "") throws -> TestConnection {
        let connection = try TestConnection(port: folder.port)
        try connection.send("GET /__foldmark/events\(query) HTTP/1.1\r\nHost: x\r\n\r\n")
        return connection
    }

    @Test func streamStartsWithTheBuildStatus() async throws {
        let folder = try ServedFolder(files: StaticServingTests.files)
        let events = try Self.openEvents(folder)
        let text = try await events.events(until: { $0.contains("data: {\"ok\":true}\n\n") })
        #expect(text.hasPrefix("HTTP/1.1 200 OK\r\n"))
        #expect(text.contains("Content-Type: text/event-stream; charset=utf-8\r\n"))
        #expect(text.contains("event: status\n"))
    }

    @Test func buildsReachEveryStream() async throws {
        let folder = try ServedFolder(files: StaticServingTests.files)
        let streams = try (0..<3).map { _ in try Self.openEvents(folder) }
        for stream in streams { _ = try await stream.events(until: { $0.contains("{\"ok\":true}") }) }
        folder.server.buildSucceeded(changed: ["guide/setup.html"])
        for stream in streams {
            _ = try await stream.events(until: {
                $0.contains("event: build\ndata: {\"changed\":[\"guide\\/setup.html\"],\"generation\":1}\n\n")
            })
        }
    }

    /// A build that rewrote a large site (100,000 pages: a 4 MB list) is announced without
    /// its list, and every page reloads: the list was more than a stream may fall behind
    /// by, so every browser was dropped instead of told. Nor are such lists kept for the
    /// pages that reconnect.
    @Test func buildOfManyFilesReloadsEveryPageWithoutItsList() async throws {
        let folder = try ServedFolder(files: StaticServingTests.files)
        let page = try folder.fetch("/index.html").text
        let server = try #require(page.firstMatch(of: /"server":"([0-9a-f]+)"/)?.1)
        let stream = try Self.openEvents(folder)
        _ = try await stream.events(until: { $0.contains("{\"ok\":true}") })
        let everything = (0..<20_000).map { "a-long-folder-name/of-pages/page-number-\($0).html" }
        folder.server.buildSucceeded(changed: everything)
        folder.server.buildSucceeded(changed: ["b.html"])
        let text = try await stream.events(until: { $0.contains("\"generation\":2}") })
        #expect(text.contains("event: build\ndata: {\"generation\":1}\n\n"))
        #expect(text.contains("event: build\ndata: {\"changed\":[\"b.html\"],\"generation\":2}\n\n"))
        #expect(folder.server.liveReloadConnections == 1)
        let replay = try Self.openEvents(folder, query: "?since=0&server=\(server)")
        _ = try await replay.events(until: { $0.contains("event: build\ndata: {\"generation\":2}\n\n") })
    }

    @Test func failedBuildShowsItsErrorsToEveryPage() async throws {
        let folder = try ServedFolder(files: StaticServingTests.files)
        let early = try Self.openEvents(folder)
        _ = try await early.events(until: { $0.contains("{\"ok\":true}") })
        let error = SiteError(file: "Content/guide.md", line: 12, column: 3, .strict(.stored("bad <thing>")))
        folder.server.buildFailed([error])
        let expected = "\"text\":\"Content\\/guide.md:12:3: error: bad <thing>\""
        _ = try await early.events(until: { $0.contains(expected) && $0.contains("\"ok\":false") })
        // A page opened while the build is broken hears it at once.
        let late = try Self.openEvents(folder)
        _ = try await late.events(until: { $0.contains(expected) && $0.contains("\"line\":12") })
        folder.server.buildSucceeded(changed: [])
        _ = try await late.events(until: { $0.contains("{\"ok\":true}") })
    }

    @Test func missedBuildsAreSentOnConnect() async throws {
        let folder = try ServedFolder(files: StaticServingTests.files)
        let page = try folder.fetch("/index.html").text
        #expect(page.contains("\"generation\":0"))
        let server = try #require(page.firstMatch(of: /"server":"([0-9a-f]+)"/)?.1)
        folder.server.buildSucceeded(changed: ["a.html"])
        folder.server.buildSucceeded(changed: ["b.html"])
        let replay = try Self.openEvents(folder, query: "?since=0&server=\(server)")
        _ = try await replay.events(until: { $0.contains("{\"changed\":[\"a.html\",\"b.html\"],\"generation\":2}") })
        let current = try Self.openEvents(folder, query: "?since=2&server=\(server)")
        let text = try await current.events(until: { $0.contains("{\"ok\":true}") })
        #expect(!text.contains("event: build"))
        // A page served by another run of the server reloads.
        let stranger = try Self.openEvents(folder, query: "?since=2&server=0000")
        _ = try await stranger.events(until: { $0.contains("event: build\ndata: {\"generation\":2}") })
    }

    @Test func stopEndsOpenStreams() async throws {
        let folder = try ServedFolder(files: StaticServingTests.files)
        let streams = try (0..<4).map { _ in try Self.openEvents(folder) }
        for stream in streams { _ = try await stream.events(until: { $0.contains("{\"ok\":true}") }) }
        #expect(folder.server.liveReloadConnections == 4)
        // Stop returns with the streams open (how soon is the benchmark's to measure).
        let server = folder.server
        try HangGuard.run("stopping a server with open live-reload streams") { server.stop() }
        for stream in streams {
            _ = try await offPool { try stream.receiveAll() }  // ends: the server closed it
        }
        #expect(throws: (any Error).self) { try folder.fetch("/") }
    }

    @Test func closedStreamsAreForgotten() async throws {
        let folder = try ServedFolder(files: StaticServingTests.files)
        do {
            let stream = try Self.openEvents(folder)
            _ = try await stream.events(until: { $0.contains("{\"ok\":true}") })
            #expect(folder.server.liveReloadConnections == 1)
        }
        // The browser went away; the next message to it finds out.
        folder.server.buildSucceeded(changed: [])
        try await HangGuard.wait(
            until: { folder.server.liveReloadConnections == 0 }, "forgetting a closed live-reload stream")
    }

    @Test func scriptGoesBeforeTheLastBodyEndTag() {
        let element = Array("<s>".utf8)
        func inject(_ html: String) -> String {
            String(decoding: LiveReloadScript.inject(element, into: Array(html.utf8)), as: UTF8.self)
        }
        #expect(inject("<p>a</p></body></html>") == "<p>a</p><s></body></html>")
        #expect(inject("<p>a</p></BODY >") == "<p>a</p><s></BODY >")
        #expect(inject("<p></body></p></body>") == "<p></body></p><s></body>")
        #expect(inject("<p>no end") == "<p>no end<s>")
        #expect(inject("") == "<s>")
    }

    @Test func pageInfoCannotEndTheScriptElement() {
        let info = LiveReloadScript.PageInfo(generation: 1, server: "s", page: "</script><!--.html")
        let element = String(decoding: LiveReloadScript.element(for: info), as: UTF8.self)
        #expect(element.components(separatedBy: "</script>").count == 2)
        #expect(!element.contains("<!--"))
        #expect(element.contains("\"page\":\"\\u003c\\/script>\\u003c!--.html\""))
    }
}
