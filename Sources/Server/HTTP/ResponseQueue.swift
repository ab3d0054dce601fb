internal import CMicroHTTPD

#if canImport(Glibc)
    import Glibc
#endif

/// Turns an ``HTTPResponse`` into a libmicrohttpd response and queues it on a connection.
///
/// libmicrohttpd counts references to a response: the connection keeps its own while it
/// sends, so the response made here is released as soon as it is queued. libmicrohttpd
/// leaves out the body of an answer to HEAD by itself and sends the headers, with the
/// `Content-Length` the body would have had.
enum ResponseQueue {
    static func queue(_ response: HTTPResponse, on connection: OpaquePointer) -> MHD_Result {
        guard let made = make(response.body, for: connection) else { return .NO }
        defer { MicroHTTPD.functions.destroy_response(made) }
        for (name, value) in response.headers {
            _ = MicroHTTPD.functions.add_response_header(made, name, value)
        }
        return MicroHTTPD.functions.queue_response(connection, UInt32(response.status), made)
    }

    private static func make(_ body: HTTPResponse.Body, for connection: OpaquePointer) -> OpaquePointer? {
        switch body {
        case .bytes(let bytes):
            return bytes.withUnsafeBytes { buffer in
                MicroHTTPD.functions.create_response_from_buffer(
                    buffer.count, UnsafeMutableRawPointer(mutating: buffer.baseAddress), .RESPMEM_MUST_COPY)
            }
        case .file(let descriptor, let size):
            // On success libmicrohttpd owns the descriptor and closes it with the response.
            guard let made = MicroHTTPD.functions.create_response_from_fd64(size, descriptor) else {
                close(descriptor)
                return nil
            }
            return made
        case .events(let stream):
            stream.attach(connection)
            let retained = Unmanaged.passRetained(stream)
            let made = MicroHTTPD.functions.create_response_from_callback(
                UInt64.max, 4096,
                { context, _, buffer, capacity in
                    guard let context, let buffer else { return -2 }  // MHD_CONTENT_READER_END_WITH_ERROR
                    return Unmanaged<EventStream>.fromOpaque(context).takeUnretainedValue()
                        .read(into: buffer, capacity: capacity)
                },
                retained.toOpaque(),
                { context in
                    // The connection is gone (or never took the response): the stream ends here.
                    guard let context else { return }
                    Unmanaged<EventStream>.fromOpaque(context).takeRetainedValue().detach()
                })
            if made == nil {
                retained.release()
                stream.detach()
            }
            return made
        }
    }
}
