import Testing

@testable import Sections

@Suite struct SourceLinesTests {
    /// Lines end at LF, CR LF or a lone CR, as cmark ends them; a text without CR takes
    /// a faster path. Random texts of both kinds give the lines of the definition.
    @Test func linesAreThoseOfTheDefinition() {
        func reference(_ text: String) -> [Substring] {
            var lines: [Substring] = []
            var start = text.utf8.startIndex
            var index = start
            let utf8 = text.utf8
            while index < utf8.endIndex {
                let byte = utf8[index]
                if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
                    lines.append(Substring(utf8[start..<index]))
                    index = utf8.index(after: index)
                    if byte == UInt8(ascii: "\r"), index < utf8.endIndex, utf8[index] == UInt8(ascii: "\n") {
                        index = utf8.index(after: index)
                    }
                    start = index
                } else {
                    index = utf8.index(after: index)
                }
            }
            lines.append(Substring(utf8[start...]))
            return lines
        }
        var state: UInt64 = 5
        func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 33
        }
        for round in 0..<2000 {
            let pieces = round % 2 == 0 ? ["a", "bc", "\n", "é", " "] : ["a", "\n", "\r", "\r\n", "ü"]
            let text = (0..<Int(next() % 12)).map { _ in pieces[Int(next() % UInt64(pieces.count))] }.joined()
            let lines = SourceLines(text[...])
            let expected = reference(text)
            for number in 0...(expected.count + 1) {
                let wanted = number >= 1 && number <= expected.count ? expected[number - 1] : nil
                #expect(lines.line(number) == wanted, "\(text.debugDescription) line \(number)")
            }
        }
    }
}
