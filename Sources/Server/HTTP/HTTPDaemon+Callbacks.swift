internal import CMicroHTTPD

#if canImport(Glibc)
    import Glibc
#endif

/// The functions libmicrohttpd calls. Each gets the daemon's ``HTTPDaemon/Context`` as
/// its first argument and runs on one of libmicrohttpd's threads.
extension HTTPDaemon {
    static let callbacks = foldmark_mhd_callbacks(handler: accessHandler, log_uri: logURI)

    /// Called by libmicrohttpd when a request line has arrived, before it cuts the query
    /// off the target: measures the target for ``RequestLine``.
    private static let logURI: foldmark_mhd_uri_logger = { _, uri, _ in
        RequestState.started(targetLength: uri.map { strlen($0) } ?? 0).slot
    }

    /// Called by libmicrohttpd once the headers of a request have arrived, again for each
    /// part of a request body, and a last time when the request is complete. GET and HEAD
    /// are answered at that last call: answering earlier would make libmicrohttpd close
    /// the connection instead of keeping it alive for the next request. Any other method,
    /// and a request line with a NUL byte in it, is refused at the first call, without
    /// reading what it sends.
    private static let accessHandler: MHD_AccessHandlerCallback = {
        context, connection, url, method, version, _, uploadSize, requestSlot in
        guard let context, let connection, let url, let method, let version, let requestSlot else { return .NO }
        switch RequestState(requestSlot.pointee) {
        case .started(let targetLength):
            if RequestLine.holdsNUL(method: method, target: url, version: version, targetLength: targetLength) {
                requestSlot.pointee = RequestState.answered.slot
                return ResponseQueue.queue(.text(400, "Bad Request"), on: connection)
            }
            if strcmp(method, "GET") == 0 || strcmp(method, "HEAD") == 0 {
                requestSlot.pointee = RequestState.waiting.slot
                return .YES
            }
        case .waiting:
            if let uploadSize, uploadSize.pointee > 0 {
                uploadSize.pointee = 0  // a body: discarded
                return .YES
            }
        case .answered:
            uploadSize?.pointee = 0  // more of a body: discarded
            return .YES
        }
        requestSlot.pointee = RequestState.answered.slot
        let daemon = Context.from(context)
        let request = HTTPRequest(
            method: String(cString: method), target: String(cString: url),
            headers: values(of: connection, kind: .HEADER_KIND, lowercasingKeys: true),
            query: values(of: connection, kind: .GET_ARGUMENT_KIND, lowercasingKeys: false))
        return ResponseQueue.queue(daemon.handler(request), on: connection)
    }

    private static func values(of connection: OpaquePointer, kind: MHD_ValueKind, lowercasingKeys: Bool)
        -> [String: String]
    {
        var collected = ValueCollector(lowercasesKeys: lowercasingKeys)
        withUnsafeMutablePointer(to: &collected) { pointer in
            _ = MicroHTTPD.functions.get_connection_values(
                connection, kind,
                { context, _, key, value in
                    guard let context, let key else { return .YES }
                    let collector = context.assumingMemoryBound(to: ValueCollector.self)
                    let name = String(cString: key)
                    collector.pointee.values[collector.pointee.lowercasesKeys ? name.lowercased() : name] =
                        value.map { String(cString: $0) } ?? ""
                    return .YES
                }, pointer)
        }
        return collected.values
    }

    private struct ValueCollector {
        var lowercasesKeys: Bool
        var values: [String: String] = [:]
    }
}
