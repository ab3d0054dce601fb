/// What ``HTTPDaemon`` remembers of a request between libmicrohttpd's calls, kept in the
/// one pointer-sized slot (`*con_cls`) that libmicrohttpd keeps for each request.
///
/// The URI log callback fills the slot first, when the request line has arrived; its
/// result is what the access handler finds on its first call.
enum RequestState: Equatable {
    /// The request line has arrived; the URI log callback measured its target (with the
    /// query) as this many bytes.
    case started(targetLength: Int)
    /// A GET or HEAD whose headers have arrived, waiting for the end of the request.
    case waiting
    /// Answered or refused: anything more the client sends for it is discarded.
    case answered

    /// The state in `slot`: the low two bits tell the case, the rest the target's length.
    init(_ slot: UnsafeMutableRawPointer?) {
        let bits = UInt(bitPattern: slot)
        switch bits & 3 {
        case 1: self = .waiting
        case 2: self = .answered
        default: self = .started(targetLength: Int(bits >> 2))
        }
    }

    /// The value to keep in the slot.
    var slot: UnsafeMutableRawPointer? {
        switch self {
        case .started(let targetLength): UnsafeMutableRawPointer(bitPattern: UInt(targetLength) << 2)
        case .waiting: UnsafeMutableRawPointer(bitPattern: 1)
        case .answered: UnsafeMutableRawPointer(bitPattern: 2)
        }
    }
}
