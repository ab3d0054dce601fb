/// One request as libmicrohttpd received it, copied out of the connection.
struct HTTPRequest: Sendable {
    /// `GET`, `HEAD`, … exactly as sent.
    var method: String
    /// The request target before any `?`, still percent-encoded: nothing has been decoded,
    /// so ``RequestPath`` sees every `%2e`, `%2f` and `%00` the client sent.
    var target: String
    /// Header fields by lower-cased name; a repeated field keeps its last value.
    var headers: [String: String]
    /// Query arguments by name, not percent-decoded.
    var query: [String: String]

    init(method: String, target: String, headers: [String: String] = [:], query: [String: String] = [:]) {
        self.method = method
        self.target = target
        self.headers = headers
        self.query = query
    }

    func header(_ name: String) -> String? {
        headers[name.lowercased()]
    }
}
