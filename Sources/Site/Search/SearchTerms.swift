import Foundation

/// Splits text into the terms of the search index: runs of Unicode letters and digits,
/// lowercased, with diacritics folded away (`Café` → `cafe`).
///
/// `Templates/search.js` splits queries by the same rules, so both sides change together:
/// lowercase, canonical decomposition, marks dropped (they neither end nor start a term),
/// final sigma as sigma; a term keeps at most ``maxLength`` scalars; a lone ASCII letter
/// or digit is not a term (it would match nearly everything and cost the most space).
enum SearchTerms {
    static let maxLength = 32

    /// Calls `body` with the UTF-8 bytes of each term of plain `text` (a heading's
    /// title), in order; the bytes are valid only during the call.
    static func forEach(inText text: String, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        var text = text
        text.withUTF8 { scan($0, isHTML: false, body) }
    }

    /// Calls `body` with the UTF-8 bytes of each term of the text of `html` (cmark's
    /// output), in order: tags and comments separate words, character references are
    /// decoded.
    static func forEach(inHTML html: String, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        var html = html
        html.withUTF8 { scan($0, isHTML: true, body) }
    }

    /// The terms of `text` in order, repeats included.
    static func terms(inText text: String) -> [String] {
        var result: [String] = []
        forEach(inText: text) { result.append(String(decoding: $0, as: UTF8.self)) }
        return result
    }

    /// The terms of the text of `html` in order, repeats included.
    static func terms(inHTML html: String) -> [String] {
        var result: [String] = []
        forEach(inHTML: html) { result.append(String(decoding: $0, as: UTF8.self)) }
        return result
    }

    enum Kind { case word, mark, other }

    static func kind(of scalar: Unicode.Scalar) -> Kind {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .decimalNumber,
            .letterNumber, .otherNumber:
            .word
        case .nonspacingMark, .spacingMark, .enclosingMark: .mark
        default: .other
        }
    }

    /// One pass over UTF-8 bytes; ASCII, by far the most common, takes the short path: a
    /// word of ASCII letters and digits is handed over in place, or lowercased into a
    /// small buffer, and only a word that goes on past ASCII is gathered in a ``Word``.
    private static func scan(
        _ bytes: UnsafeBufferPointer<UInt8>, isHTML: Bool, _ body: (UnsafeBufferPointer<UInt8>) -> Void
    ) {
        guard let base = bytes.baseAddress else { return }
        asciiClasses.withUnsafeBufferPointer { classes in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: maxLength) { lowered in
                let lowered = lowered.baseAddress!
                var word = Word()
                let count = bytes.count
                var index = 0
                while index < count {
                    let byte = base[index]
                    if byte >= 0x80 {
                        let (scalar, next) = decodeScalar(bytes, at: index)
                        word.add(scalar, body)
                        index = next
                        continue
                    }
                    var kinds = classes[Int(byte)]
                    guard kinds != 0 else {
                        if isHTML && byte == UInt8(ascii: "<") {
                            word.flush(body)
                            index = skipTag(bytes, from: index)
                        } else if isHTML && byte == UInt8(ascii: "&") {
                            let (scalar, next) = characterReference(bytes, at: index)
                            if let scalar { word.add(scalar, body) } else { word.flush(body) }
                            index = next
                        } else {
                            word.flush(body)
                            index += 1
                        }
                        continue
                    }
                    // Most words are ASCII from start to end: take the run of letters and digits
                    // at once.
                    var end = index + 1
                    while end < count {
                        let kind = classes[Int(base[end])]
                        if kind == 0 { break }
                        kinds |= kind
                        end += 1
                    }
                    let hasUpper = kinds & upper != 0
                    let next = end < count ? base[end] : UInt8(ascii: " ")
                    // A word goes on with a letter that is not ASCII, or one that a character
                    // reference stands for.
                    if word.isEmpty && next < 0x80 && next != UInt8(ascii: "&") {
                        if end - index >= 2 {
                            let length = min(end - index, maxLength)
                            if hasUpper {
                                for offset in 0..<length { lowered[offset] = lowercase(base[index + offset]) }
                                body(UnsafeBufferPointer(start: lowered, count: length))
                            } else {
                                body(UnsafeBufferPointer(start: base + index, count: length))
                            }
                        }
                    } else {
                        word.append(lowercasing: UnsafeBufferPointer(start: base + index, count: end - index))
                    }
                    index = end
                }
                word.flush(body)
            }
        }
    }

    /// Per byte: ``lowerOrDigit``, ``upper``, or 0 for a byte that is not an ASCII letter or digit.
    private static let asciiClasses: [UInt8] = (0..<256).map { byte in
        isLowerOrDigit(UInt8(byte)) ? lowerOrDigit : isUpper(UInt8(byte)) ? upper : 0
    }
    private static let lowerOrDigit: UInt8 = 1
    private static let upper: UInt8 = 2

    @inline(__always)
    private static func isLowerOrDigit(_ byte: UInt8) -> Bool {
        byte &- UInt8(ascii: "a") < 26 || byte &- UInt8(ascii: "0") < 10
    }

    @inline(__always)
    private static func isUpper(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "A") < 26 }

    @inline(__always)
    private static func lowercase(_ byte: UInt8) -> UInt8 { isUpper(byte) ? byte | 0x20 : byte }

    /// A word that is not ASCII letters and digits alone, or that a character reference
    /// continues, gathered until it ends. (A struct with mutating methods rather than local
    /// functions that capture variables: those would be checked for exclusive access at
    /// run time.)
    private struct Word {
        private var token: [UInt8] = []
        /// Whether `token` holds only ASCII letters and digits, lowercased.
        private var isASCII = true

        var isEmpty: Bool {
            @inline(__always) get { token.isEmpty }
        }

        mutating func append(lowercasing letters: UnsafeBufferPointer<UInt8>) {
            for letter in letters { token.append(lowercase(letter)) }
        }

        mutating func add(_ scalar: Unicode.Scalar, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
            switch kind(of: scalar) {
            case .word:
                isASCII = false
                token.append(contentsOf: scalar.utf8)
            case .mark:
                if !token.isEmpty {
                    isASCII = false
                    token.append(contentsOf: scalar.utf8)
                }
            case .other: flush(body)
            }
        }

        /// Hands over the word, if it is a term, and starts the next.
        @inline(__always)
        mutating func flush(_ body: (UnsafeBufferPointer<UInt8>) -> Void) {
            if !token.isEmpty { end(body) }
        }

        private mutating func end(_ body: (UnsafeBufferPointer<UInt8>) -> Void) {
            defer {
                token.removeAll(keepingCapacity: true)
                isASCII = true
            }
            if isASCII {
                guard token.count >= 2 else { return }
                token.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0.prefix(maxLength))) }
                return
            }
            let folded = fold(token.withUnsafeBufferPointer { String(decoding: $0, as: UTF8.self) })
            let scalars = folded.unicodeScalars
            guard let first = scalars.first, scalars.count >= 2 || !first.isASCII else { return }
            var term =
                scalars.count <= maxLength ? folded : String(String.UnicodeScalarView(scalars.prefix(maxLength)))
            term.withUTF8 { body($0) }
        }
    }

    /// Lowercases, decomposes and drops marks, the way `search.js` folds a query.
    static func fold(_ token: String) -> String {
        var result = ""
        for scalar in token.lowercased().decomposedStringWithCanonicalMapping.unicodeScalars {
            switch kind(of: scalar) {
            case .mark: continue
            default: result.unicodeScalars.append(scalar == "ς" ? "σ" : scalar)
            }
        }
        return result
    }

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
        while index < bytes.count, bytes[index] != UInt8(ascii: ">") { index += 1 }
        return min(index + 1, bytes.count)
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
            let isSpace = UnsafeBufferPointer(rebasing: bytes[(start + 1)..<end]).elementsEqual("nbsp".utf8)
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
