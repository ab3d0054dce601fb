internal import CMicroHTTPD

#if canImport(Glibc)
    import Glibc
#endif

/// The functions libmicrohttpd calls. Each gets the daemon's ``HTTPDaemon/Context`` as
/// its first argument and runs on one of libmicrohttpd's threads.
extension HTTPDaemon {
    static let callbacks = foldmark_mhd_callbacks(
        handler: accessHandler, log_uri: logURI, notify_connection: notifyConnection,
        notify_completed: notifyCompleted)

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
        let daemon = Context.from(context)
        switch RequestState(requestSlot.pointee) {
        case .started(let targetLength):
            if RequestLine.holdsNUL(method: method, target: url, version: version, targetLength: targetLength) {
                requestSlot.pointee = RequestState.answered.slot
                return answer(.text(400, "Bad Request"), on: connection, of: daemon)
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
        let request = HTTPRequest(
            method: String(cString: method), target: String(cString: url),
            headers: values(of: connection, kind: .HEADER_KIND, lowercasingKeys: true),
            query: values(of: connection, kind: .GET_ARGUMENT_KIND, lowercasingKeys: false))
        return answer(daemon.handler(request), on: connection, of: daemon)
    }

    private static func answer(_ response: HTTPResponse, on connection: OpaquePointer, of daemon: Context)
        -> MHD_Result
    {
        daemon.connections.answering(connection)
        return ResponseQueue.queue(response, on: connection)
    }

    /// Called by libmicrohttpd when it has accepted a connection and when it closes one.
    private static let notifyConnection: MHD_NotifyConnectionCallback = { context, connection, _, event in
        guard let context, let connection else { return }
        let connections = Context.from(context).connections
        switch event {
        case .CONNECTION_NOTIFY_STARTED:
            let socket = MicroHTTPD.withFunctions { foldmark_mhd_connection_socket($0, connection) }
            connections.opened(connection, socket: socket)
        default:  // MHD_CONNECTION_NOTIFY_CLOSED
            connections.closed(connection)
        }
    }

    /// Called by libmicrohttpd when a request is done: answered, or ended by a closed
    /// connection (which ``notifyConnection`` then hears about).
    private static let notifyCompleted: MHD_RequestCompletedCallback = { context, connection, _, _ in
        guard let context, let connection else { return }
        Context.from(context).connections.completed(connection)
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
