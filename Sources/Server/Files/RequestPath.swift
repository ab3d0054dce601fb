import Basics
import FoundationEssentials

/// The path of a request, decoded and checked: a list of plain file names that can only
/// name something inside the served folder.
///
/// Decoding happens once, here, on the path exactly as the client sent it, and everything
/// that could climb out of the folder or confuse a file-system call is refused rather than
/// repaired: `.` and `..` segments (also as `%2e%2e`), an encoded `/` (`%2f`) or backslash
/// (raw or `%5c`), NUL and other control bytes, bad `%` escapes, bytes that are not UTF-8,
/// and any target that is not an absolute path (`http://…`, `*`). Empty segments, as in
/// `//a`, are dropped, so no segment is empty.
struct RequestPath: Equatable, Sendable {
    enum Problem: Error, Equatable {
        case notAPath, badEscape, forbiddenByte, dotSegment, notUTF8, tooLong
    }

    static let maximumLength = 4096

    let segments: [String]
    /// Whether the path ends with `/`: a folder's address. `/` alone has it.
    let hasTrailingSlash: Bool

    init(_ target: String) throws(Problem) {
        let bytes = Array(target.utf8)
        guard bytes.first == UInt8(ascii: "/") else { throw .notAPath }
        guard bytes.count <= Self.maximumLength else { throw .tooLong }
        var segments: [String] = []
        for raw in bytes.dropFirst().split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: true) {
            let decoded = try Self.decode(raw)
            guard let name = String(validating: decoded, as: UTF8.self) else { throw .notUTF8 }
            guard name != ".", name != ".." else { throw .dotSegment }
            segments.append(name)
        }
        self.segments = segments
        hasTrailingSlash = bytes.last == UInt8(ascii: "/")
    }

    init(segments: [String], hasTrailingSlash: Bool = false) {
        self.segments = segments
        self.hasTrailingSlash = hasTrailingSlash
    }

    /// The path relative to the served folder, `a/b.html`; empty for the folder itself.
    var relativePath: String { segments.joined(separator: "/") }

    /// `/a/b/`: the address of the folder at this path, built from the decoded names (so
    /// `//example.org` cannot become a redirect to another host).
    var folderAddress: String {
        "/"
            + segments.map { PercentEncoding.encoded($0, keeping: Self.unreserved) }
            .map { $0 + "/" }.joined()
    }

    /// The bytes a name keeps as they are: RFC 3986's unreserved characters.
    private static let unreserved = PercentEncoding.bytes(keeping: "-._~")

    private static func decode(_ raw: ArraySlice<UInt8>) throws(Problem) -> [UInt8] {
        var decoded: [UInt8] = []
        decoded.reserveCapacity(raw.count)
        var index = raw.startIndex
        while index < raw.endIndex {
            var byte = raw[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < raw.endIndex, let high = Digits.hexValue(raw[index + 1]),
                    let low = Digits.hexValue(raw[index + 2])
                else { throw .badEscape }
                byte = high << 4 | low
                index += 2
            }
            guard byte >= 0x20, byte != 0x7F, byte != UInt8(ascii: "/"), byte != UInt8(ascii: "\\") else {
                throw .forbiddenByte
            }
            decoded.append(byte)
            index += 1
        }
        return decoded
    }
}
