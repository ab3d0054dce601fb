import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// The text of a source file as foldmark reads it, and what was wrong with its bytes.
///
/// A page is UTF-8; a leading byte order mark is dropped. Bytes that are not UTF-8 are
/// not an error, because one stray byte in a large page should not stop a site from
/// building: each invalid sequence becomes U+FFFD (the replacement character), and the
/// build warns, naming the first place, so that the author can fix the file. NUL bytes
/// are valid UTF-8 but cmark replaces them with U+FFFD, as CommonMark asks, so they get
/// the same warning. A binary file named `.md` gets both, and its page is mostly U+FFFD.
public struct SourceText: Sendable {
    /// One kind of problem, where it happens first and how often.
    public struct Problem: Sendable, Hashable {
        public enum Kind: Sendable, Hashable {
            case invalidUTF8
            case nul
        }

        public var kind: Kind
        /// 0-based offset in the file (a byte order mark counts) of the first occurrence.
        public var offset: Int
        /// 1-based line and byte column of that offset.
        public var line: Int
        public var column: Int
        /// How many occurrences (invalid sequences, or NUL bytes) the file has.
        public var count: Int
    }

    public var text: String
    /// At most one problem of each kind, invalid UTF-8 first.
    public var problems: [Problem]

    public init(decoding data: Data) {
        (text, problems) = data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            let hasBOM = bytes.starts(with: [0xEF, 0xBB, 0xBF])
            let body = UnsafeBufferPointer(rebasing: bytes[(hasBOM ? 3 : 0)...])
            var problems: [Problem] = []
            // The common case, valid UTF-8 without NUL, costs one fast validating copy.
            let text: String
            if let valid = String(validating: body, as: UTF8.self) {
                text = valid
            } else {
                text = String(decoding: body, as: UTF8.self)
                problems += Self.invalidSequences(in: body, fileOffset: hasBOM ? 3 : 0)
            }
            // memchr: the scan runs over every byte of every page.
            if let base = body.baseAddress, let found = memchr(base, 0, body.count) {
                let first = UnsafeRawPointer(found) - UnsafeRawPointer(base)
                let (line, column) = Self.location(of: first, in: body)
                problems.append(
                    Problem(
                        kind: .nul, offset: first + (hasBOM ? 3 : 0), line: line, column: column,
                        count: body.count(where: { $0 == 0 })))
            }
            return (text, problems)
        }
    }

    /// Each problem as a warning about `file`, with its line and column.
    public func warnings(file: String) -> [SiteWarning] {
        problems.map { SiteWarning(file: file, line: $0.line, column: $0.column, .text($0)) }
    }

    /// The first invalid sequence and the number of them, as `String(decoding:)` counts
    /// them (one U+FFFD per maximal invalid subpart). `fileOffset` is the length of the
    /// byte order mark before `bytes`.
    private static func invalidSequences(in bytes: UnsafeBufferPointer<UInt8>, fileOffset: Int) -> [Problem] {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        var first: Int?
        var count = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let scalar):
                offset += scalar.count
            case .error(let length):
                if first == nil { first = offset }
                count += 1
                offset += length
            case .emptyInput:
                guard let first else { return [] }
                let (line, column) = location(of: first, in: bytes)
                return [
                    Problem(kind: .invalidUTF8, offset: first + fileOffset, line: line, column: column, count: count)
                ]
            }
        }
    }

    /// The 1-based line and byte column of `offset` (after any byte order mark, as cmark
    /// counts columns); lines end at LF, CR LF or a lone CR, as in CommonMark.
    static func location(of offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (line: Int, column: Int) {
        var line = 1
        var lineStart = 0
        var index = 0
        while index < offset {
            let byte = bytes[index]
            let isLoneCR =
                byte == UInt8(ascii: "\r") && (index + 1 == bytes.count || bytes[index + 1] != UInt8(ascii: "\n"))
            if byte == UInt8(ascii: "\n") || isLoneCR {
                line += 1
                lineStart = index + 1
            }
            index += 1
        }
        return (line, offset - lineStart + 1)
    }
}
