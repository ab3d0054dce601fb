@testable import Basics
import Foundation
import Sections
import FoldmarkTestSupport
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
            Self.expectReferenceTerms(in: text)
        }
    }

    /// The scanner and the reference find the same terms in `text`, as plain text and as HTML;
    /// and a sink that takes short terms with their bytes gets the same terms, each with
    /// its own bytes.
    static func expectReferenceTerms(in text: String) {
        #expect(SearchTerms.terms(inText: text) == ReferenceSearchTerms.terms(inText: text), "\(text.debugDescription)")
        let reference = ReferenceSearchTerms.terms(inHTML: text)
        #expect(SearchTerms.terms(inHTML: text) == reference, "\(text.debugDescription)")
        var sink = ShortBytesSink()
        SearchTerms.forEach(inHTML: text, into: &sink)
        #expect(sink.terms == reference && sink.wrongBytes == 0, "\(text.debugDescription)")
    }

    /// Collects terms, and counts those handed over with bytes that are not theirs.
    struct ShortBytesSink: SearchTermSink {
        var terms: [String] = []
        var wrongBytes = 0

        mutating func take(_ term: UnsafeBufferPointer<UInt8>) {
            terms.append(String(decoding: term, as: UTF8.self))
        }

        mutating func take(_ term: UnsafeBufferPointer<UInt8>, shortBytes bytes: UInt64) {
            if term.count >= 8 || ByteChunk.load(term.baseAddress!, count: term.count) != bytes { wrongBytes += 1 }
            take(term)
        }
    }

    /// ``SearchDictionary/order(of:_:)``, which sorts by the terms' keys first, puts them in
    /// JavaScript's order, which puts the characters from U+10000 before U+E000...U+FFFF.
    @Test func sortKeysOrderTermsAsJavaScriptDoes() {
        let pieces = ["a", "b", "z", "0", "9", "é", "ß", "ω", "東", "\u{E000}", "\u{FFFD}", "😀", "𝔸", "\u{FB01}"]
        var random = SplitMix(seed: 31)
        var terms: [[UInt8]] = []
        for _ in 0..<3_000 {
            var term = ""
            for _ in 0..<(1 + Int(random.next() % 12)) { term += pieces[Int(random.next() % UInt64(pieces.count))] }
            terms.append(Array(term.utf8))
        }
        // The terms one after the other in one buffer, as a run's table keeps them.
        let bytes = terms.flatMap { $0 }
        let starts = terms.reduce(into: [0]) { $0.append($0.last! + $1.count) }
        let byKeys = bytes.withUnsafeBufferPointer { bytes in
            SearchDictionary.order(of: terms.count) {
                UnsafeBufferPointer(rebasing: bytes[starts[$0]..<starts[$0 + 1]])
            }
        }.map { terms[$0] }
        let byUTF16 = terms.sorted { a, b in
            String(decoding: a, as: UTF8.self).utf16.lexicographicallyPrecedes(String(decoding: b, as: UTF8.self).utf16)
        }
        let difference = byKeys.indices.first { byKeys[$0] != byUTF16[$0] }
        #expect(difference == nil, "first difference at \(String(describing: difference))")
    }

    /// A term of fewer than 8 bytes inserted with its bytes (as the scanner hands over
    /// ASCII words) is the same term as when it is inserted from memory, either way round.
    @Test func shortTermsInsertedWithTheirBytesAreTheSameTerms() {
        var random = SplitMix(seed: 29)
        var set = TermSet(slots: 4)
        var numbers: [[UInt8]: Int] = [:]
        for _ in 0..<20_000 {
            let term = (0..<(1 + Int(random.next() % 7))).map { _ in UInt8(ascii: "a") + UInt8(random.next() % 3) }
            let bytes = term.withUnsafeBufferPointer { ByteChunk.load($0.baseAddress!, count: $0.count) }
            let inserted = term.withUnsafeBufferPointer { term in
                random.next() % 2 == 0 ? set.insert(term) : set.insert(term, shortBytes: bytes)
            }
            if let number = numbers[term] {
                #expect(inserted.number == number && !inserted.isNew, "\(term)")
            } else {
                #expect(inserted.isNew, "\(term)")
                numbers[term] = inserted.number
            }
        }
        #expect(set.count == numbers.count)
    }

    @Test func scannerFindsTheTermsOfTheReferenceInRandomASCII() {
        var random = SplitMix(seed: 11)
        for _ in 0..<20_000 {
            let bytes = (0..<Int(random.next() % 48)).map { _ in UInt8(random.next() % 128) }
            let text = String(decoding: bytes, as: UTF8.self)
            Self.expectReferenceTerms(in: text)
        }
    }

    @Test func scannerFindsTheTermsOfTheReferenceInLongRuns() {
        // Mostly ASCII letters and digits of either case, so that runs cross several
        // eight-byte chunks and end anywhere, even at the end of the text.
        let pieces = ["a", "b", "Q", "Z", "7", "0", "x", "M", " ", "-", "é", "&amp;", "&#233;", "<b>", "東", "\u{301}"]
        var random = SplitMix(seed: 17)
        for _ in 0..<20_000 {
            var text = ""
            for _ in 0..<Int(random.next() % 120) {
                let choice = Int(random.next() % 64)
                text += pieces[choice < 56 ? choice % 8 : choice - 48]
            }
            Self.expectReferenceTerms(in: text)
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
            // An empty term may come with or without an address.
            let none = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
            let (number, isNew) = term.withUnsafeBufferPointer {
                set.insert(length == 0 && random.next() % 2 == 0 ? none : $0)
            }
            let expected = term.withUnsafeBufferPointer { reference.insert($0) }
            #expect(number == expected.number && isNew == expected.isNew, "\(term)")
        }
        #expect(set.count == reference.count)
        #expect(Array(set.allBytes) == reference.bytes && Array(set.allStarts) == reference.starts)
        for number in 0..<set.count {
            #expect(Array(set.bytes(of: number)) == reference.withBytes(of: number, Array.init))
        }
    }
}

extension SearchSpeedTests {
    @Test func recordsAreEncodedLikeTheReference() {
        var random = SplitMix(seed: 5)
        for round in 0..<300 {
            var table = SearchTermTable()
            var reference = ReferenceSearchTermTable()
            var entry: UInt32 = 0
            for _ in 0..<Int(random.next() % 400) {
                // Entries only grow; now and then by a lot, for numbers of several digits.
                switch random.next() % 16 {
                case 0: entry += UInt32(random.next() % 3_000_000)
                case 1, 2, 3: entry += 1
                default: break
                }
                let heading = random.next() % 4 == 0
                // Some terms too long for the length to fit in the record's header byte.
                let length = 1 + Int(random.next() % (random.next() % 8 == 0 ? 126 : 12))
                let term = (0..<length).map { _ in UInt8(97 + random.next() % 3) } + Array("é".utf8)
                let (number, expected) = term.withUnsafeBufferPointer {
                    (table.add($0, entry: entry, heading: heading), reference.add($0, entry: entry, heading: heading))
                }
                #expect(number == expected)
                if random.next() % 3 == 0 {
                    table.add(number: number, entry: entry, heading: !heading)
                    reference.add(number: number, entry: entry, heading: !heading)
                }
            }
            var text = [UInt8(ascii: round.isMultiple(of: 2) ? "1" : "0")]
            reference.encode(into: &text)
            #expect(SearchRecordTests.holdsTheSame(table.encoded(hasPageEntry: round.isMultiple(of: 2)), as: text))
        }
    }

    @Test func numbersAreWrittenLikeTheReference() {
        var random = SplitMix(seed: 9)
        let values: [UInt32] = [
            0, 1, 44, 45, 2024, 2025, 91_124, 91_125, 4_100_624, 4_100_625, 184_528_124, 184_528_125, UInt32.max,
        ]
        for value in values
            + (0..<10_000).map({ _ in UInt32(truncatingIfNeeded: random.next() >> (random.next() % 64)) })
        {
            var expected: [UInt8] = []
            ReferenceSearchTermTable.appendNumber(value, to: &expected)
            var appended: [UInt8] = []
            SearchNumbers.append(value, to: &appended)
            var written = [UInt8](repeating: 0, count: SearchNumbers.maxDigits)
            let length = written.withUnsafeMutableBufferPointer { SearchNumbers.write(value, to: $0.baseAddress!) }
            #expect(appended == expected && Array(written[..<length]) == expected, "\(value)")
        }
    }
}

extension SearchSpeedTests {
    /// A random section tree under `level`: titles from a few words, so that titles repeat
    /// each other and the page's title; bodies from ``pieces``.
    static func randomSections(_ random: inout SplitMix, under level: Int, depth: Int) -> [Section] {
        let words = ["Intro", "Setup", "setup guide", "Café", "x2 Y", "", "Guide", "ΟΔΟΣ 東京"]
        var sections: [Section] = []
        for _ in 0..<Int(random.next() % (depth == 0 ? 5 : 3)) {
            let sectionLevel = level + 1 + Int(random.next() % 2)
            guard sectionLevel <= 6 else { break }
            let title = words[Int(random.next() % UInt64(words.count))]
            let children = depth < 3 ? randomSections(&random, under: sectionLevel, depth: depth + 1) : []
            sections.append(
                Section(
                    level: sectionLevel, title: title, titleHTML: HTMLFragment(trusted: title), id: "s",
                    body: Body(trusted: randomText(&random)), children: children))
        }
        return sections
    }

    @Test func pageRecordsAreEncodedLikeTheReference() {
        var random = SplitMix(seed: 19)
        for _ in 0..<3_000 {
            let sections = Self.randomSections(&random, under: 0, depth: 0)
            let preamble = random.next() % 3 == 0 ? Self.randomText(&random) : ""
            let document = Document(preamble: Body(trusted: preamble), sections: sections)
            // The page's title is often its first heading, which leaves the page entry out.
            let title = random.next() % 2 == 0 ? sections.first?.title ?? "Guide" : "Guide setup"
            #expect(
                SearchRecordTests.holdsTheSame(
                    PageSearchData.encoded(document: document, title: title),
                    as: Array(ReferencePageSearchData.encoded(document: document, title: title).utf8)))
        }
    }
}
