/// Text as JSON (and JavaScript) string literals.
enum JSONText {
    /// `text` in double quotes, with `"`, `\`, control characters and the line and
    /// paragraph separators escaped.
    static func quoted(_ text: String) -> String {
        var result = "\""
        result.reserveCapacity(text.utf8.count + 2)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\u{2028}": result += "\\u2028"
            case "\u{2029}": result += "\\u2029"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    /// Appends ``quoted(_:)`` of `text` to `bytes`; text with nothing to escape, the most
    /// common, is copied as it is.
    static func appendQuoted(_ text: String, to bytes: inout [UInt8]) {
        var text = text
        let isPlain = text.withUTF8 { utf8 in
            // 0xE2 starts U+2028 and U+2029 (and other characters, which take the slow path).
            guard utf8.allSatisfy({ $0 >= 0x20 && $0 != 0x22 && $0 != 0x5C && $0 != 0xE2 }) else { return false }
            bytes.append(UInt8(ascii: "\""))
            bytes.append(contentsOf: utf8)
            bytes.append(UInt8(ascii: "\""))
            return true
        }
        if !isPlain { bytes.append(contentsOf: quoted(text).utf8) }
    }
}
