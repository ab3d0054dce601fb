/// An answer to an ``HTTPRequest``, turned into a libmicrohttpd response by ``HTTPDaemon``.
struct HTTPResponse: Sendable {
    enum Body: Sendable {
        case bytes([UInt8])
        /// An open file descriptor of a regular file; libmicrohttpd sends it (with
        /// `sendfile`) and closes it when the response is done, also when it is never sent.
        case file(descriptor: Int32, size: UInt64)
        /// A Server-Sent Events stream that stays open until the stream or the server ends.
        case events(EventStream)
    }

    var status: Int
    var headers: [(String, String)]
    var body: Body

    init(status: Int, headers: [(String, String)] = [], body: Body = .bytes([])) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A short plain-text answer, for errors that have no page of their own.
    static func text(_ status: Int, _ text: String, headers: [(String, String)] = []) -> HTTPResponse {
        HTTPResponse(
            status: status, headers: [("Content-Type", "text/plain; charset=utf-8")] + headers,
            body: .bytes(Array((text + "\n").utf8)))
    }
}
