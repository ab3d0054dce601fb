import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// Answers the requests of the preview server: files of the output folder, the site's
/// `404.html` for anything missing, and the live-reload stream.
///
/// Every HTML page gets the ``LiveReloadScript``. Answers carry an `ETag` and a
/// `Last-Modified` date and `Cache-Control: no-cache`, so a browser asks again each time
/// and gets a short `304 Not Modified` when nothing changed.
struct PreviewRouter: Sendable {
    static let allowedMethods = "GET, HEAD"

    let files: StaticFiles
    let hub: EventHub

    func respond(to request: HTTPRequest) -> HTTPResponse {
        guard request.method == "GET" || request.method == "HEAD" else {
            return .text(405, "Method Not Allowed", headers: [("Allow", Self.allowedMethods)])
        }
        if request.target == LiveReloadScript.eventsPath {
            return events(request)
        }
        let path: RequestPath
        do {
            path = try RequestPath(request.target)
        } catch {
            return .text(400, "Bad Request")
        }
        switch files.resolve(path) {
        case .file(let file):
            return serve(file, request)
        case .addSlash:
            return HTTPResponse(
                status: 301, headers: [("Location", path.folderAddress), ("Content-Type", MediaType.html)],
                body: .bytes([]))
        case .notFound:
            return notFound(request)
        }
    }

    private func events(_ request: HTTPRequest) -> HTTPResponse {
        let headers = [
            ("Content-Type", "text/event-stream; charset=utf-8"), ("Cache-Control", "no-cache"),
            ("X-Accel-Buffering", "no"),
        ]
        guard request.method == "GET" else { return HTTPResponse(status: 200, headers: headers) }
        guard
            let stream = hub.subscribe(
                since: request.query["since"].flatMap { Int($0) }, server: request.query["server"])
        else {
            return .text(503, "Service Unavailable: too many live-reload connections", headers: [("Retry-After", "5")])
        }
        return HTTPResponse(status: 200, headers: headers, body: .events(stream))
    }

    private func serve(_ file: StaticFiles.File, _ request: HTTPRequest, status: Int = 200) -> HTTPResponse {
        let type = MediaType.forFile(named: file.path)
        let isPage = MediaType.isHTML(type)
        let modified = Int(file.modified.tv_sec)
        // The script in a page names this run of the server, so a page cached by an
        // earlier run is not "not modified".
        let nanoseconds = String(file.modified.tv_nsec, radix: 16)
        var tag = "\(String(file.size, radix: 16))-\(String(modified, radix: 16)).\(nanoseconds)"
        if isPage { tag += "-" + hub.serverID }
        var headers = [
            ("Content-Type", type), ("ETag", "\"\(tag)\""), ("Last-Modified", HTTPDate.format(modified)),
            ("Cache-Control", "no-cache"), ("X-Content-Type-Options", "nosniff"),
        ]
        if status == 200 && isNotModified(request, tag: tag, modified: modified) {
            close(file.descriptor)
            headers.removeFirst()
            return HTTPResponse(status: 304, headers: headers)
        }
        guard isPage else {
            return HTTPResponse(
                status: status, headers: headers, body: .file(descriptor: file.descriptor, size: file.size))
        }
        let generation = hub.generation  // read before the file: a newer file only means an extra reload
        let html = StaticFiles.readAll(file.descriptor, size: file.size)
        close(file.descriptor)
        guard let html else { return .text(500, "Internal Server Error: cannot read \(file.path)") }
        let info = LiveReloadScript.PageInfo(
            generation: generation, server: hub.serverID, page: status == 200 ? file.path : nil)
        return HTTPResponse(
            status: status, headers: headers,
            body: .bytes(LiveReloadScript.inject(LiveReloadScript.element(for: info), into: html)))
    }

    /// `If-None-Match` wins over `If-Modified-Since` when both are sent (RFC 9110 13.2.2).
    private func isNotModified(_ request: HTTPRequest, tag: String, modified: Int) -> Bool {
        if let match = request.header("If-None-Match") {
            return match.split(separator: ",").contains { candidate in
                var value = candidate.drop(while: { $0 == " " || $0 == "\t" })
                while value.last == " " || value.last == "\t" { value.removeLast() }
                if value.hasPrefix("W/") { value.removeFirst(2) }
                return value == "*" || value == "\"\(tag)\""
            }
        }
        if let since = request.header("If-Modified-Since").flatMap(HTTPDate.parse) {
            return modified <= since
        }
        return false
    }

    /// The site's own `404.html` with status 404, or a plain page if the site has none yet
    /// (before the first good build).
    private func notFound(_ request: HTTPRequest) -> HTTPResponse {
        if case .file(let page) = files.resolve(RequestPath(segments: ["404.html"])) {
            var response = serve(page, request, status: 404)
            response.headers.removeAll { $0.0 == "ETag" || $0.0 == "Last-Modified" }
            return response
        }
        let info = LiveReloadScript.PageInfo(generation: hub.generation, server: hub.serverID, page: nil)
        let page = Array(
            "<!doctype html>\n<html lang=\"en\">\n<meta charset=\"utf-8\">\n<title>Not found</title>\n<body>\n<h1>Not found</h1>\n</body>\n</html>\n"
                .utf8)
        return HTTPResponse(
            status: 404, headers: [("Content-Type", MediaType.html), ("Cache-Control", "no-cache")],
            body: .bytes(LiveReloadScript.inject(LiveReloadScript.element(for: info), into: page)))
    }
}
