#if canImport(Glibc)
    import Glibc
#endif

/// Finds NUL bytes that a client put in its request line, which libmicrohttpd would
/// otherwise drop without a trace, along with everything after them.
///
/// libmicrohttpd 0.9.75 splits the request line where it lies in its buffer: it writes a
/// NUL over the space after the method and over the last space (before the version), and
/// hands out C strings that point into the line. A NUL the client sent ends such a string
/// early, and the rest of it is lost: `GET\0 /a` reads as the method `GET`, and
/// `/a.html\0/../b` as the path `/a.html`. A NUL sent in the query is lost the same way
/// once libmicrohttpd splits the query into arguments.
///
/// So a NUL the client sent shows as a string shorter than the room it takes in the line:
/// - the method's string is followed by the NUL written over the space and then only by
///   the spaces libmicrohttpd skipped before the target;
/// - the target with its query, as ``HTTPDaemon``'s URI log callback measures it before
///   libmicrohttpd cuts the query off at `?`, ends one byte before the version.
///
/// libmicrohttpd refuses a NUL in the version (400) and a line without a version itself.
enum RequestLine {
    /// Whether the line held a NUL byte of its own. `targetLength` is the `strlen` of the
    /// target that the URI log callback saw; `method`, `target` and `version` are what
    /// the access handler gets for the same request.
    static func holdsNUL(
        method: UnsafePointer<CChar>, target: UnsafePointer<CChar>, version: UnsafePointer<CChar>,
        targetLength: Int
    ) -> Bool {
        guard target + targetLength + 1 == version else { return true }
        var byte = method + strlen(method) + 1
        guard byte <= target else { return true }
        while byte < target {
            guard byte.pointee == CChar(UInt8(ascii: " ")) else { return true }
            byte += 1
        }
        return false
    }
}
