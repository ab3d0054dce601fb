import Basics
import Sections
// The standard library's canonical decomposition (`String._nfd`), which Foundation's
// `decomposedStringWithCanonicalMapping` is built on: foldmark does not link all of
// Foundation (see `Package.swift`).
@_spi(_Unicode) import Swift

/// Where ``SearchTerms`` hands the terms it finds, one at a time; the bytes are valid only
/// during the call. A protocol rather than a closure: the scanner, specialized to its sink,
/// calls `take` directly and can inline it, where a closure is a call through a context
/// for every term of the site.
protocol SearchTermSink: ~Copyable {
    mutating func take(_ term: UnsafeBufferPointer<UInt8>)
    /// ``take(_:)`` for a term of fewer than 8 bytes, which are also in `bytes` (the first in
    /// the lowest byte, zeros after the last), from the scanner's registers.
    mutating func take(_ term: UnsafeBufferPointer<UInt8>, shortBytes bytes: UInt64)
}

extension SearchTermSink where Self: ~Copyable {
    @inline(__always)
    mutating func take(_ term: UnsafeBufferPointer<UInt8>, shortBytes bytes: UInt64) { take(term) }
}

/// Splits text into the terms of the search index: runs of Unicode letters and digits,
/// lowercased, with diacritics folded away (`Café` → `cafe`).
///
/// `Templates/search.js` splits queries by the same rules, so both sides change together:
/// lowercase, canonical decomposition, marks dropped (they neither end nor start a term),
/// final sigma as sigma; a term keeps at most ``maxLength`` scalars; a lone ASCII letter
/// or digit is not a term (it would match nearly everything and cost the most space).
enum SearchTerms {
    static let maxLength = 32

    /// Hands `sink` the UTF-8 bytes of each term of plain `text` (a heading's title), in
    /// order.
    @inline(__always)
    static func forEach<Sink: SearchTermSink & ~Copyable>(inText text: String, into sink: inout Sink) {
        var text = text
        text.withUTF8 { scan($0, isHTML: false, into: &sink) }
    }

    /// Hands `sink` the UTF-8 bytes of each term of the text of `html` (cmark's output), in
    /// order: tags and comments separate words, character references are decoded.
    @inline(__always)
    static func forEach<Sink: SearchTermSink & ~Copyable>(inHTML html: String, into sink: inout Sink) {
        var html = html
        html.withUTF8 { scan($0, isHTML: true, into: &sink) }
    }

    /// Calls `body` with the UTF-8 bytes of each term of plain `text`, in order; the bytes
    /// are valid only during the call.
    static func forEach(inText text: String, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        withoutActuallyEscaping(body) { body in
            var sink = ClosureSink(body: body)
            forEach(inText: text, into: &sink)
        }
    }

    /// Calls `body` with the UTF-8 bytes of each term of the text of `html`, in order.
    static func forEach(inHTML html: String, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        withoutActuallyEscaping(body) { body in
            var sink = ClosureSink(body: body)
            forEach(inHTML: html, into: &sink)
        }
    }

    struct ClosureSink: SearchTermSink {
        let body: (UnsafeBufferPointer<UInt8>) -> Void
        func take(_ term: UnsafeBufferPointer<UInt8>) { body(term) }
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

    /// One pass over UTF-8 bytes, eight at a time where it can (see ``ByteChunk``). ASCII,
    /// by far the most common, takes the short path: a run of ASCII letters and digits is
    /// found and lowercased a chunk at a time into a small buffer and handed over from
    /// there, a run of other ASCII bytes is skipped at once, and only a word that goes on
    /// past ASCII is gathered in a ``Word``.
    ///
    /// Specialized to each sink, whose `take` (most often an insert into a page's table of
    /// terms) is then inlined into the loop.
    @inline(__always)
    static func scan<Sink: SearchTermSink & ~Copyable>(
        _ bytes: UnsafeBufferPointer<UInt8>, isHTML: Bool, into sink: inout Sink
    ) {
        guard let base = bytes.baseAddress else { return }
        // Room for a term and one more chunk.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: maxLength + 8) { lowered in
            let lowered = lowered.baseAddress!
            var word = Word()
            let count = bytes.count
            var index = 0
            while index < count {
                let chunk = ByteChunk(base, at: index, end: count)
                let letters = chunk.lettersAndDigits
                guard letters & 0x80 != 0 else {
                    index = stepOver(bytes, at: index, chunk, letters, isHTML: isHTML, word: &word, into: &sink)
                    continue
                }
                // A run of ASCII letters and digits: its end, and its first bytes lowercased.
                let length = lowercaseRun(base, at: index, count: count, chunk, letters, into: lowered)
                // The first chunk lowercased: a word of fewer than 8 bytes, whole, which
                // the sink takes from here rather than reading it again.
                let first = chunk.lowercased
                let end = index + length
                let next = end < count ? base[end] : UInt8(ascii: " ")
                // A word goes on with a letter that is not ASCII, or one that a character
                // reference stands for.
                if word.isEmpty && next < 0x80 && next != UInt8(ascii: "&") {
                    if length >= 8 {
                        sink.take(UnsafeBufferPointer(start: lowered, count: min(length, maxLength)))
                    } else if length >= 2 {
                        sink.take(
                            UnsafeBufferPointer(start: lowered, count: length),
                            shortBytes: first & ByteChunk.mask(ofFirst: length))
                    }
                    // The byte after the word only separates it from the next, unless it
                    // starts a tag: step over it here.
                    index = isHTML && next == UInt8(ascii: "<") ? end : end + 1
                } else {
                    word.append(lowercasing: UnsafeBufferPointer(start: base + index, count: length))
                    index = end
                }
            }
            word.flush(&sink)
        }
    }

    /// Steps over what starts at `index` of `bytes` (where `chunk` starts, `letters` its
    /// ``ByteChunk/lettersAndDigits``), which is no ASCII letter or digit: a scalar past
    /// ASCII, which goes to `word`; in HTML, a tag or a character reference; or ASCII bytes
    /// that end `word`. Returns where the scan goes on.
    @inline(__always)
    private static func stepOver<Sink: SearchTermSink & ~Copyable>(
        _ bytes: UnsafeBufferPointer<UInt8>, at index: Int, _ chunk: ByteChunk, _ letters: UInt64, isHTML: Bool,
        word: inout Word, into sink: inout Sink
    ) -> Int {
        let byte = bytes[index]
        if byte >= 0x80 {
            let (scalar, next) = decodeScalar(bytes, at: index)
            word.add(scalar, &sink)
            return next
        } else if isHTML && byte == UInt8(ascii: "<") {
            word.flush(&sink)
            return skipTag(bytes, from: index)
        } else if isHTML && byte == UInt8(ascii: "&") {
            let (scalar, next) = characterReference(bytes, at: index)
            if let scalar { word.add(scalar, &sink) } else { word.flush(&sink) }
            return next
        }
        word.flush(&sink)
        // The ASCII bytes up to the next letter, digit, `<` or `&` separate words too (a
        // chunk's first byte is not one of those).
        var stops = letters | chunk.nonASCII
        if isHTML {
            stops |= chunk.bytes(equalTo: UInt8(ascii: "<")) | chunk.bytes(equalTo: UInt8(ascii: "&"))
        }
        return index + ByteChunk.count(before: stops)
    }

    /// The length of the run of ASCII letters and digits at `index` of the `count` bytes at
    /// `base`, whose first chunk is `chunk` (`letters` its ``ByteChunk/lettersAndDigits``);
    /// its first bytes (up to ``maxLength``, and a chunk more) go lowercased to `lowered`.
    @inline(__always)
    private static func lowercaseRun(
        _ base: UnsafePointer<UInt8>, at index: Int, count: Int, _ chunk: ByteChunk, _ letters: UInt64,
        into lowered: UnsafeMutablePointer<UInt8>
    ) -> Int {
        var run = chunk
        var runLetters = letters
        var length = 0
        while true {
            let inChunk = ByteChunk.count(before: ~runLetters & ByteChunk.high)
            if length < maxLength {
                UnsafeMutableRawPointer(lowered + length).storeBytes(of: run.lowercased.littleEndian, as: UInt64.self)
            }
            length += inChunk
            guard inChunk == 8, index + length < count else { break }
            run = ByteChunk(base, at: index + length, end: count)
            runLetters = run.lettersAndDigits
        }
        return length
    }

    @inline(__always)
    private static func lowercase(_ byte: UInt8) -> UInt8 { byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte }

    /// A word that is not ASCII letters and digits alone, or that a character reference
    /// continues, gathered until it ends. (A struct with mutating methods rather than local
    /// functions that capture variables: those would be checked for exclusive access at
    /// run time.)
    private struct Word {
        private var token: [UInt8] = []
        /// Whether `token` holds only ASCII letters and digits, lowercased.
        private var isASCII = true
        /// Whether `token` is empty: asked at every word, and kept here rather than read
        /// from the array's storage.
        private(set) var isEmpty = true

        mutating func append(lowercasing letters: UnsafeBufferPointer<UInt8>) {
            for letter in letters { token.append(lowercase(letter)) }
            if !letters.isEmpty { isEmpty = false }
        }

        mutating func add<Sink: SearchTermSink & ~Copyable>(_ scalar: Unicode.Scalar, _ sink: inout Sink) {
            switch kind(of: scalar) {
            case .word:
                isASCII = false
                isEmpty = false
                token.append(contentsOf: scalar.utf8)
            case .mark:
                if !isEmpty {
                    isASCII = false
                    token.append(contentsOf: scalar.utf8)
                }
            case .other: flush(&sink)
            }
        }

        /// Hands over the word, if it is a term, and starts the next.
        @inline(__always)
        mutating func flush<Sink: SearchTermSink & ~Copyable>(_ sink: inout Sink) {
            if !isEmpty { end(&sink) }
        }

        private mutating func end<Sink: SearchTermSink & ~Copyable>(_ sink: inout Sink) {
            defer {
                token.removeAll(keepingCapacity: true)
                isASCII = true
                isEmpty = true
            }
            if isASCII {
                guard token.count >= 2 else { return }
                token.withUnsafeBufferPointer { sink.take(UnsafeBufferPointer(rebasing: $0.prefix(maxLength))) }
                return
            }
            let folded = fold(token.withUnsafeBufferPointer { String(decoding: $0, as: UTF8.self) })
            let scalars = folded.unicodeScalars
            guard let first = scalars.first, scalars.count >= 2 || !first.isASCII else { return }
            var term =
                scalars.count <= maxLength ? folded : String(String.UnicodeScalarView(scalars.prefix(maxLength)))
            term.withUTF8 { sink.take($0) }
        }
    }

    /// Lowercases, decomposes and drops marks, the way `search.js` folds a query.
    static func fold(_ token: String) -> String {
        var result = ""
        for scalar in token.lowercased()._nfd {
            switch kind(of: scalar) {
            case .mark: continue
            default: result.unicodeScalars.append(scalar == "ς" ? "σ" : scalar)
            }
        }
        return result
    }
}
