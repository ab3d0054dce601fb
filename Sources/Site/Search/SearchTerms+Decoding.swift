#if canImport(Glibc)
    import Glibc
#endif

/// What the scan of ``SearchTerms`` steps over or decodes on its way: tags and comments,
/// character references, and the scalars past ASCII.
extension SearchTerms {
    /// The index after the tag or comment that starts at `start` (a `<`).
    static func skipTag(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var index = start + 1
        if index + 2 < bytes.count, bytes[index] == UInt8(ascii: "!"), bytes[index + 1] == UInt8(ascii: "-"),
            bytes[index + 2] == UInt8(ascii: "-")
        {
            index += 3
            while index + 2 < bytes.count {
                if bytes[index] == UInt8(ascii: "-"), bytes[index + 1] == UInt8(ascii: "-"),
                    bytes[index + 2] == UInt8(ascii: ">")
                {
                    return index + 3
                }
                index += 1
            }
            return bytes.count
        }
        guard let base = bytes.baseAddress, index < bytes.count,
            let found = memchr(base + index, Int32(UInt8(ascii: ">")), bytes.count - index)
        else { return bytes.count }
        return min(UnsafeRawPointer(found) - UnsafeRawPointer(base) + 1, bytes.count)
    }

    /// Decodes `&#123;`, `&#x1F;` and the few names cmark writes; `nil` for a reference
    /// to punctuation or an unknown name, which separate words like any other punctuation.
    static func characterReference(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int)
        -> (Unicode.Scalar?, Int)
    {
        var end = start + 1
        while end < bytes.count, end - start <= 32, bytes[end] != UInt8(ascii: ";"), bytes[end] != UInt8(ascii: "&"),
            bytes[end] != UInt8(ascii: "<"), bytes[end] > 0x20
        {
            end += 1
        }
        guard end < bytes.count, bytes[end] == UInt8(ascii: ";") else { return (nil, start + 1) }
        if bytes[start + 1] != UInt8(ascii: "#") {
            // A name (`&amp;`, `&quot;` from cmark): only `&nbsp;` is not punctuation.
            let isSpace =
                end - start == 5 && bytes[start + 1] == UInt8(ascii: "n") && bytes[start + 2] == UInt8(ascii: "b")
                && bytes[start + 3] == UInt8(ascii: "s") && bytes[start + 4] == UInt8(ascii: "p")
            return (isSpace ? " " : nil, end + 1)
        }
        let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[(start + 1)..<end]), as: UTF8.self)
        var scalar: Unicode.Scalar?
        if name.hasPrefix("#x") || name.hasPrefix("#X") {
            scalar = UInt32(name.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init)
        } else if name.hasPrefix("#") {
            scalar = UInt32(name.dropFirst()).flatMap(Unicode.Scalar.init)
        } else if name == "nbsp" {
            scalar = " "
        }
        return (scalar, end + 1)
    }

    /// The scalar whose UTF-8 encoding starts at `start` (the text is valid UTF-8).
    static func decodeScalar(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> (Unicode.Scalar, Int) {
        let lead = bytes[start]
        let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
        guard start + length <= bytes.count else { return (" ", bytes.count) }
        var value = UInt32(lead) & (length == 4 ? 0x07 : length == 3 ? 0x0F : 0x1F)
        for offset in 1..<length { value = value << 6 | UInt32(bytes[start + offset] & 0x3F) }
        return (Unicode.Scalar(value) ?? " ", start + length)
    }
}
