// The reference that the faster scanner must agree with (see SearchSpeedTests).
import Foundation

@testable import Site

/// ``SearchTerms`` as it split text before its scanner was rewritten; the helpers it
/// calls are unchanged.
enum ReferenceSearchTerms {
    static let maxLength = SearchTerms.maxLength

    /// The terms of `text`, or of the text of `html`, in order, repeats included.
    static func terms(inText text: String) -> [String] { terms(text, isHTML: false) }
    static func terms(inHTML html: String) -> [String] { terms(html, isHTML: true) }

    private static func terms(_ text: String, isHTML: Bool) -> [String] {
        var text = text
        var result: [String] = []
        text.withUTF8 { bytes in scan(bytes, isHTML: isHTML) { result.append(String(decoding: $0, as: UTF8.self)) } }
        return result
    }

    /// One pass over UTF-8 bytes; ASCII, by far the most common, takes the short path.
    private static func scan(
        _ bytes: UnsafeBufferPointer<UInt8>, isHTML: Bool, _ body: (UnsafeBufferPointer<UInt8>) -> Void
    ) {
        var token: [UInt8] = []
        token.reserveCapacity(64)
        var isASCII = true
        func flush() {
            guard !token.isEmpty else { return }
            defer {
                token.removeAll(keepingCapacity: true)
                isASCII = true
            }
            if isASCII {
                guard token.count >= 2 else { return }
                token.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0.prefix(maxLength))) }
                return
            }
            let folded = SearchTerms.fold(token.withUnsafeBufferPointer { String(decoding: $0, as: UTF8.self) })
            let scalars = folded.unicodeScalars
            guard let first = scalars.first, scalars.count >= 2 || !first.isASCII else { return }
            var term = scalars.count <= maxLength ? folded : String(String.UnicodeScalarView(scalars.prefix(maxLength)))
            term.withUTF8 { body($0) }
        }
        func add(_ scalar: Unicode.Scalar) {
            switch SearchTerms.kind(of: scalar) {
            case .word:
                isASCII = false
                token.append(contentsOf: scalar.utf8)
            case .mark:
                if !token.isEmpty {
                    isASCII = false
                    token.append(contentsOf: scalar.utf8)
                }
            case .other: flush()
            }
        }
        var index = 0
        let count = bytes.count
        while index < count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "A")...UInt8(ascii: "Z"):
                // Most words are ASCII from start to end: take the run of letters and digits
                // at once, and hand a lowercase one over in place.
                var end = index
                var hasUpper = false
                while end < count {
                    let next = bytes[end]
                    if next >= UInt8(ascii: "a") && next <= UInt8(ascii: "z") {
                    } else if next >= UInt8(ascii: "0") && next <= UInt8(ascii: "9") {
                    } else if next >= UInt8(ascii: "A") && next <= UInt8(ascii: "Z") {
                        hasUpper = true
                    } else {
                        break
                    }
                    end += 1
                }
                let next = end < count ? bytes[end] : UInt8(ascii: " ")
                // A word goes on with a letter that is not ASCII, or one that a character
                // reference stands for.
                let isWholeWord = token.isEmpty && next < 0x80 && next != UInt8(ascii: "&")
                if isWholeWord && !hasUpper {
                    if end - index >= 2 {
                        body(UnsafeBufferPointer(rebasing: bytes[index..<min(end, index + maxLength)]))
                    }
                } else {
                    for offset in index..<end {
                        let letter = bytes[offset]
                        token.append(letter >= UInt8(ascii: "A") && letter <= UInt8(ascii: "Z") ? letter + 32 : letter)
                    }
                    if isWholeWord { flush() }
                }
                index = end
            case UInt8(ascii: "<") where isHTML:
                flush()
                index = SearchTerms.skipTag(bytes, from: index)
            case UInt8(ascii: "&") where isHTML:
                let (scalar, next) = SearchTerms.characterReference(bytes, at: index)
                if let scalar { add(scalar) } else { flush() }
                index = next
            case 0..<0x80:
                flush()
                index += 1
            default:
                let (scalar, next) = SearchTerms.decodeScalar(bytes, at: index)
                add(scalar)
                index = next
            }
        }
        flush()
    }
}
