/// The simplest YAML, the kind most front matter is: one `key: value` per line, each value
/// a plain word or phrase, a quoted text without escapes, or a list such as `[a, b]` of
/// plain words. Read on bytes, it gives what libyaml's loader gives (``YAMLLoader``), for
/// a small part of its cost: libyaml allocates its buffers and tokens for every document,
/// however short.
///
/// Anything beyond that subset (indentation, comments, escapes, tabs, characters beyond
/// ASCII, block scalars, anchors, a value that starts with an indicator) is left to
/// libyaml: ``read(_:firstLine:)`` returns `nil` for it.
enum SimpleYAML {
    /// The mapping in `text`, or `nil` if `text` is not of the simple kind (or holds no key).
    static func read(_ text: String, firstLine: Int) -> YAMLValue? {
        var text = text  // withUTF8 on a native string copies nothing
        return text.withUTF8 { bytes -> YAMLValue? in
            var pairs: [YAMLValue.Pair] = []
            var lineNumber = 0
            var start = 0
            while start < bytes.count {
                var end = start
                while end < bytes.count && bytes[end] != UInt8(ascii: "\n") { end += 1 }
                let line = UnsafeBufferPointer(rebasing: bytes[start..<end])
                if !line.isEmpty {
                    guard let pair = pair(line, line: firstLine + lineNumber) else { return nil }
                    pairs.append(pair)
                }
                lineNumber += 1
                start = end + 1
            }
            return pairs.isEmpty ? nil : .mapping(pairs)
        }
    }

    /// `key: value` at the start of a line, or `key:` for a null.
    private static func pair(_ line: UnsafeBufferPointer<UInt8>, line number: Int) -> YAMLValue.Pair? {
        var colon = 0
        while colon < line.count && isKeyByte(line[colon]) { colon += 1 }
        guard colon > 0, colon < line.count, line[colon] == UInt8(ascii: ":"), isAlphanumeric(line[0]) else {
            return nil
        }
        let key = String(decoding: UnsafeBufferPointer(rebasing: line[..<colon]), as: UTF8.self)
        var valueStart = colon + 1
        if valueStart < line.count {
            guard line[valueStart] == UInt8(ascii: " ") else { return nil }
            while valueStart < line.count && line[valueStart] == UInt8(ascii: " ") { valueStart += 1 }
        }
        guard let value = value(UnsafeBufferPointer(rebasing: line[valueStart...])) else { return nil }
        return YAMLValue.Pair(key: key, value: value, line: number, column: 1)
    }

    /// A value that starts at its first byte other than a space.
    private static func value(_ bytes: UnsafeBufferPointer<UInt8>) -> YAMLValue? {
        guard let first = bytes.first else { return .scalar("", isPlain: true) }
        switch first {
        case UInt8(ascii: "\""), UInt8(ascii: "'"):
            // Quoted, closed at the end of the line, with no escape and no quote inside.
            guard bytes.count >= 2, bytes[bytes.count - 1] == first else { return nil }
            let inner = UnsafeBufferPointer(rebasing: bytes[1..<(bytes.count - 1)])
            guard inner.allSatisfy({ isPrintable($0) && $0 != first && $0 != UInt8(ascii: "\\") }) else { return nil }
            return .scalar(String(decoding: inner, as: UTF8.self), isPlain: false)
        case UInt8(ascii: "["):
            // A list of plain words, closed at the end of the line.
            guard bytes.count >= 2, bytes[bytes.count - 1] == UInt8(ascii: "]") else { return nil }
            let inner = UnsafeBufferPointer(rebasing: bytes[1..<(bytes.count - 1)])
            guard inner.contains(where: { $0 != UInt8(ascii: " ") }) else { return .sequence([]) }
            var items: [YAMLValue] = []
            var itemStart = 0
            for end in 0...inner.count where end == inner.count || inner[end] == UInt8(ascii: ",") {
                guard let item = plain(trimming: UnsafeBufferPointer(rebasing: inner[itemStart..<end]), inList: true)
                else { return nil }
                items.append(item)
                itemStart = end + 1
            }
            return .sequence(items)
        default:
            return plain(trimming: bytes, inList: false)
        }
    }

    /// A plain scalar of letters, digits, spaces and a few punctuation marks that mean
    /// nothing to YAML there, starting with a letter or a digit; spaces around it are not
    /// part of it. (`,` ends an item of a list.)
    private static func plain(trimming bytes: UnsafeBufferPointer<UInt8>, inList: Bool) -> YAMLValue? {
        var start = 0
        var end = bytes.count
        while start < end && bytes[start] == UInt8(ascii: " ") { start += 1 }
        while end > start && bytes[end - 1] == UInt8(ascii: " ") { end -= 1 }
        guard start < end, isAlphanumeric(bytes[start]) else { return nil }
        let text = UnsafeBufferPointer(rebasing: bytes[start..<end])
        for byte in text {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: " "), UInt8(ascii: "."), UInt8(ascii: "-"),
                UInt8(ascii: "_"), UInt8(ascii: "/"), UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "+"),
                UInt8(ascii: "="), UInt8(ascii: ";"):
                continue
            case UInt8(ascii: ","):
                if inList { return nil }
            default:
                return nil
            }
        }
        return .scalar(String(decoding: text, as: UTF8.self), isPlain: true)
    }

    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        default: false
        }
    }

    private static func isKeyByte(_ byte: UInt8) -> Bool {
        isAlphanumeric(byte) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
    }

    /// ASCII from the space to `~`.
    private static func isPrintable(_ byte: UInt8) -> Bool { byte >= 0x20 && byte < 0x7F }
}
