import Foundation
import Testing

@testable import Site

/// The search index's faster definitions against the ones they replaced (kept in
/// `Reference/`), on generated input: the same input must give the same output.
@Suite struct SearchSpeedTests {
    /// Pieces of text that the scanner treats differently: ASCII words of either case,
    /// runs longer than a term, letters beyond ASCII, marks, character references, tags.
    static let pieces = [
        "a", "b", "z", "x2", "Ab", "ABC", "The", "word", "WoRd", "x", "7", "42", "snake_case", "kebab-case",
        String(repeating: "a", count: 40), String(repeating: "Q", count: 33), String(repeating: "é", count: 40),
        " ", " ", " ", "\n", ".", ",", "-", "_", "'", "\"", "<", ">", "&", ";", "#",
        "é", "É", "e\u{301}", "\u{301}", "ß", "ς", "Σ", "ΟΔΟΣ", "東京", "東", "ǅ", "Ⅻ", "²", "😀", "İ", "ﬁ",
        "&amp;", "&lt;", "&nbsp;", "&#233;", "&#xE9;", "&#X41;", "&#65;", "&#33;", "&#x2B;", "&#769;", "&#0;",
        "&#xD800;", "&bogus;", "&#", "&#x;", "&#12345678901;",
        "<em>", "</p>", "<a href=\"x\">", "<!-- c -->", "<!-- open", "<!--", "<br/>", "<code>", "</code>",
    ]

    static func randomText(_ random: inout SplitMix) -> String {
        var text = ""
        for _ in 0..<Int(random.next() % 24) { text += pieces[Int(random.next() % UInt64(pieces.count))] }
        return text
    }

    @Test func scannerFindsTheTermsOfTheReference() {
        var random = SplitMix(seed: 7)
        for _ in 0..<20_000 {
            let text = Self.randomText(&random)
            #expect(SearchTerms.terms(inText: text) == ReferenceSearchTerms.terms(inText: text), "\(text.debugDescription)")
            #expect(SearchTerms.terms(inHTML: text) == ReferenceSearchTerms.terms(inHTML: text), "\(text.debugDescription)")
        }
    }

    @Test func scannerFindsTheTermsOfTheReferenceInRandomASCII() {
        var random = SplitMix(seed: 11)
        for _ in 0..<20_000 {
            let bytes = (0..<Int(random.next() % 48)).map { _ in UInt8(random.next() % 128) }
            let text = String(decoding: bytes, as: UTF8.self)
            #expect(SearchTerms.terms(inText: text) == ReferenceSearchTerms.terms(inText: text), "\(text.debugDescription)")
            #expect(SearchTerms.terms(inHTML: text) == ReferenceSearchTerms.terms(inHTML: text), "\(text.debugDescription)")
        }
    }

    @Test func termSetNumbersTermsLikeTheReference() {
        var random = SplitMix(seed: 3)
        var set = TermSet(slots: 4)
        var reference = ReferenceTermSet(slots: 4)
        for _ in 0..<30_000 {
            // Few distinct short terms, so that most inserts find one; some long ones.
            let length = Int(random.next() % 5) == 0 ? Int(random.next() % 40) : Int(random.next() % 4)
            let term = (0..<length).map { _ in UInt8(97 + random.next() % 4) }
            let (number, isNew) = term.withUnsafeBufferPointer { set.insert($0) }
            let expected = term.withUnsafeBufferPointer { reference.insert($0) }
            #expect(number == expected.number && isNew == expected.isNew, "\(term)")
        }
        #expect(set.count == reference.count)
        #expect(set.bytes == reference.bytes && set.starts == reference.starts)
        for number in 0..<set.count {
            #expect(set.withBytes(of: number, Array.init) == reference.withBytes(of: number, Array.init))
        }
    }
}
