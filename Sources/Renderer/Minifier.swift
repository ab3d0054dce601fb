#if canImport(Glibc)
    import Glibc
#endif

/// Shrinks the theme's CSS and JavaScript before they are inlined into every page: on a
/// large site the same stylesheet is written once per page, so each byte saved here is
/// saved thousands of times. Deliberately conservative: it only removes comments and
/// blank space that cannot change meaning.
enum Minifier {
    /// Removes `/* … */` comments, indentation and line breaks, and the blanks around
    /// `{`, `}`, `;` and `,`. Strings in CSS (in `content:` or URLs) keep their text.
    ///
    /// It walks the UTF-8 bytes, not scalars (every build minifies the theme's stylesheet,
    /// and a no-op build does little else): the characters that matter are ASCII, a
    /// scalar past ASCII is copied whole, or
    /// dropped whole when it is blank space.
    static func css(_ source: String) -> String {
        var source = source
        return source.withUTF8 { bytes in
            let count = bytes.count
            var result: [UInt8] = []
            result.reserveCapacity(count)
            var index = 0
            var quote: UInt8?
            var pendingSpace = false
            while index < count {
                let byte = bytes[index]
                if let open = quote {
                    // A scalar past ASCII is copied byte by byte here: its bytes are never a
                    // quote or a backslash.
                    result.append(byte)
                    index += 1
                    if byte == UInt8(ascii: "\\"), index < count {
                        result.append(bytes[index])
                        index += 1
                    } else if byte == open {
                        quote = nil
                    }
                    continue
                }
                if byte == UInt8(ascii: "/"), index + 1 < count, bytes[index + 1] == UInt8(ascii: "*") {
                    index += 2
                    while index < count {
                        if bytes[index] == UInt8(ascii: "*"), index + 1 < count, bytes[index + 1] == UInt8(ascii: "/") {
                            index += 2
                            break
                        }
                        index += 1
                    }
                    pendingSpace = true
                    continue
                }
                let length = byte < 0x80 ? 1 : byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
                let isBlank =
                    byte < 0x80
                    ? (byte == UInt8(ascii: " ") || (0x09...0x0D).contains(byte))
                    : Unicode.Scalar(Self.scalarValue(bytes, at: index, length: length))?.properties.isWhitespace
                        == true
                if isBlank {
                    pendingSpace = true
                    index += length
                    continue
                }
                if pendingSpace, let last = result.last, !Self.isTight(last), !Self.isTight(byte) {
                    result.append(UInt8(ascii: " "))
                }
                pendingSpace = false
                if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") { quote = byte }
                if length == 1 {
                    result.append(byte)
                } else {
                    result.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[index..<min(index + length, count)]))
                }
                index += length
            }
            return String(decoding: result, as: UTF8.self)
        }
    }

    /// The characters that need no blank beside them: `{`, `}`, `;`, `,` and `>`.
    private static func isTight(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: ";"), UInt8(ascii: ","), UInt8(ascii: ">"): true
        default: false
        }
    }

    /// The value of the scalar of `length` bytes at `index` (valid UTF-8).
    private static func scalarValue(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int, length: Int) -> UInt32 {
        var value = UInt32(bytes[index]) & (length == 4 ? 0x07 : length == 3 ? 0x0F : 0x1F)
        for offset in 1..<length where index + offset < bytes.count {
            value = value << 6 | UInt32(bytes[index + offset] & 0x3F)
        }
        return value
    }

    /// Removes indentation, blank lines and lines that hold only a `//` comment. Line
    /// breaks stay, so automatic semicolon insertion sees the same program. A script is
    /// left as is when its line breaks and spaces may be text: when a line that is not a
    /// comment holds a backtick (a template literal), or a line ends in a backslash (a
    /// string that goes on on the next line). A backtick in a comment line, as in the
    /// default theme's, does not count: a template literal opens on a line of code, and
    /// with no string going on over lines, a line that starts with `//` is a comment, or
    /// inside a block comment, or inside a template literal that opened above it.
    ///
    /// Line by line on the UTF-8 bytes: every build minifies the theme's script, and
    /// `String`'s searches (even for one backtick) walk it by `Character`.
    static func javaScript(_ source: String) -> String {
        var source = source
        let minified = source.withUTF8 { bytes -> [UInt8]? in
            guard let base = bytes.baseAddress else { return nil }
            var result: [UInt8] = []
            result.reserveCapacity(bytes.count)
            var start = 0
            while start < bytes.count {
                let end =
                    memchr(base + start, Int32(UInt8(ascii: "\n")), bytes.count - start).map {
                        UnsafeRawPointer(base).distance(to: UnsafeRawPointer($0))
                    } ?? bytes.count
                var last = end
                if last > start, bytes[last - 1] == UInt8(ascii: "\r") { last -= 1 }
                if last > start, bytes[last - 1] == UInt8(ascii: "\\") { return nil }
                var first = start
                while first < end, bytes[first] == UInt8(ascii: " ") || bytes[first] == UInt8(ascii: "\t") {
                    first += 1
                }
                let isComment =
                    end - first >= 2 && bytes[first] == UInt8(ascii: "/") && bytes[first + 1] == UInt8(ascii: "/")
                if first < end, !isComment {
                    if memchr(base + first, Int32(UInt8(ascii: "`")), end - first) != nil { return nil }
                    if !result.isEmpty { result.append(UInt8(ascii: "\n")) }
                    result.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[first..<end]))
                }
                start = end + 1
            }
            return result
        }
        return minified.map { String(decoding: $0, as: UTF8.self) } ?? source
    }
}
