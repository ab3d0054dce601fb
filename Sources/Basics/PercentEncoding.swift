/// URL percent-encoding (RFC 3986) on UTF-8 bytes: for the paths of the output that pages
/// link to, and for the paths the preview server redirects to.
package enum PercentEncoding {
    /// `text` with every byte of its UTF-8 that `keeping` does not keep written as `%XX`
    /// (upper-case hex); `text` itself when it keeps them all, as most paths do.
    package static func encoded(_ text: String, keeping: [Bool]) -> String {
        let isPlain = keeping.withUnsafeBufferPointer { kept in text.withUTF8Bytes { $0.allSatisfy { kept[Int($0)] } } }
        if isPlain { return text }
        let hex = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count * 3)
        for byte in text.utf8 {
            if keeping[Int(byte)] {
                bytes.append(byte)
            } else {
                bytes += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `text` with its `%XX` escapes decoded; `nil` if one is not two hex digits or the
    /// bytes are not UTF-8.
    package static func decoded(_ text: String) -> String? {
        let utf8 = Array(text.utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(utf8.count)
        var index = 0
        while index < utf8.count {
            guard utf8[index] == UInt8(ascii: "%") else {
                bytes.append(utf8[index])
                index += 1
                continue
            }
            guard index + 2 < utf8.count, let high = Digits.hexValue(utf8[index + 1]),
                let low = Digits.hexValue(utf8[index + 2])
            else {
                return nil
            }
            bytes.append(high << 4 | low)
            index += 3
        }
        return String(validating: bytes, as: UTF8.self)
    }

    /// The table that ``encoded(_:keeping:)`` takes: ASCII letters and digits, and the
    /// bytes of `others`.
    package static func bytes(keeping others: String) -> [Bool] {
        let kept = Array(others.utf8)
        return (0..<256).map { byte in
            switch UInt8(byte) {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"):
                true
            default:
                kept.contains(UInt8(byte))
            }
        }
    }
}
