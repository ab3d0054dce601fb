#if canImport(Glibc)
    import Glibc
#endif

/// A TCP socket bound to an address and listening, made here rather than by
/// libmicrohttpd so that a busy port or an unknown host gives a precise message.
struct ListeningSocket {
    let descriptor: Int32
    /// The bound port: the one asked for, or the one the system chose for port 0.
    let port: UInt16
    let isIPv6: Bool

    init(host: String, port: UInt16, backlog: Int32) throws(ServerError) {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &list)
        guard status == 0, let first = list else {
            throw ServerError("cannot resolve host '\(host)': \(String(cString: gai_strerror(status)))")
        }
        defer { freeaddrinfo(first) }
        var failure = ""
        for entry in sequence(first: first, next: { $0.pointee.ai_next }) {
            let info = entry.pointee
            let fd = socket(info.ai_family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
            guard fd >= 0 else {
                failure = Self.lastError()
                continue
            }
            var on: Int32 = 1
            setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &on, socklen_t(MemoryLayout<Int32>.size))
            if info.ai_family == AF_INET6 {
                // "::1" means IPv6 only; a dual-stack listener is asked for with "::".
                setsockopt(fd, Int32(IPPROTO_IPV6), IPV6_V6ONLY, &on, socklen_t(MemoryLayout<Int32>.size))
            }
            // Every thread of the pool accepts from this socket; none may block in accept.
            let flags = fcntl(fd, F_GETFL)
            guard bind(fd, info.ai_addr, info.ai_addrlen) == 0, listen(fd, backlog) == 0,
                fcntl(fd, F_SETFL, flags | O_NONBLOCK) == 0
            else {
                failure = Self.lastError()
                close(fd)
                continue
            }
            descriptor = fd
            self.port = Self.boundPort(of: fd) ?? port
            isIPv6 = info.ai_family == AF_INET6
            return
        }
        throw ServerError("cannot listen on \(Self.authority(host: host, port: port)): \(failure)")
    }

    /// `host:port`, with brackets around an IPv6 address.
    static func authority(host: String, port: UInt16) -> String {
        host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
    }

    private static func boundPort(of fd: Int32) -> UInt16? {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let ok = withUnsafeMutablePointer(to: &storage) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) == 0 }
        }
        guard ok else { return nil }
        let family = Int32(storage.ss_family)
        return withUnsafePointer(to: &storage) { pointer in
            switch family {
            case AF_INET:
                pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { UInt16(bigEndian: $0.pointee.sin_port) }
            case AF_INET6:
                pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) {
                    UInt16(bigEndian: $0.pointee.sin6_port)
                }
            default:
                nil
            }
        }
    }

    private static func lastError() -> String {
        String(cString: strerror(errno))
    }
}
