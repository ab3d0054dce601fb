import Testing

@testable import Sections

@Suite struct HTMLFragmentTests {
    /// Escaping, of a `String` and of bytes, replaces exactly `&`, `<`, `>`, `"` and `'`
    /// by their entities, character by character, and keeps everything else.
    @Test(arguments: [
        "", "plain", "a & b", "<tag attr=\"v\">", "it's", "&&<<>>\"\"''", "ünïcödé <ß> 😀 & more",
        "a\u{301}<\u{301}'", String((0..<128).map { Character(Unicode.Scalar(UInt8($0))) }),
    ])
    func escapesTheFiveSpecialsAndNothingElse(text: String) {
        let reference = text.unicodeScalars.map { scalar -> String in
            switch scalar {
            case "&": "&amp;"
            case "<": "&lt;"
            case ">": "&gt;"
            case "\"": "&quot;"
            case "'": "&#39;"
            default: String(scalar)
            }
        }.joined()
        #expect(HTMLFragment.escape(text) == reference)
        var fromString: [UInt8] = [UInt8(ascii: "x")]
        HTMLFragment.appendEscaped(text, to: &fromString)
        #expect(String(decoding: fromString, as: UTF8.self) == "x" + reference)
        var fromBytes: [UInt8] = [UInt8(ascii: "x")]
        Array(text.utf8).withUnsafeBufferPointer { HTMLFragment.appendEscaped($0, to: &fromBytes) }
        #expect(fromBytes == fromString)
    }
}
