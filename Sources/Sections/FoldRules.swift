import Basics

/// Which sections start closed when their heading says neither `{.collapsed}` nor `{.open}`.
///
/// A site sets them in `foldmark.yml`, a page in its front matter with the same keys. The
/// most specific setting wins as a whole: a page that sets any of `collapsed`,
/// `fold_from_level` or `fold_longer_than` replaces the site's rules with its own, and a
/// heading's `{.collapsed}` or `{.open}` overrides both.
public struct FoldRules: Hashable, Sendable {
    /// Every section starts closed.
    public var collapsed: Bool
    /// Sections of this level or deeper (`3` for `###` and below) start closed.
    public var fromLevel: Int?
    /// Sections with more than this many words of their own (heading and text before
    /// their first subsection) start closed.
    public var longerThan: Int?

    public init(collapsed: Bool = false, fromLevel: Int? = nil, longerThan: Int? = nil) {
        self.collapsed = collapsed
        self.fromLevel = fromLevel
        self.longerThan = longerThan
    }

    /// The rules a page's front matter sets, if it sets any.
    init?(_ frontMatter: FrontMatter) {
        guard frontMatter.collapsed != nil || frontMatter.foldFromLevel != nil || frontMatter.foldLongerThan != nil
        else { return nil }
        self.init(
            collapsed: frontMatter.collapsed ?? false, fromLevel: frontMatter.foldFromLevel,
            longerThan: frontMatter.foldLongerThan)
    }

    public func startsCollapsed(level: Int, words: Int) -> Bool {
        if collapsed { return true }
        if let fromLevel, level >= fromLevel { return true }
        if let longerThan, words > longerThan { return true }
        return false
    }

    /// The number of words in `html`'s text: runs of characters that are neither white
    /// space nor inside a tag. Counted on bytes, since the HTML of a page can be large.
    static func words(inHTML html: String) -> Int {
        var html = html  // withUTF8 on a native string copies nothing
        return html.withUTF8 { words(inHTML: $0) }
    }

    /// The words of the body's text runs (see ``Body/forEachTextRun(_:)``).
    static func words(in body: Body) -> Int {
        guard !body.blocks.isEmpty else { return words(inHTML: body.html) }
        var count = 0
        body.forEachTextRun { count += words(inHTML: $0) }
        return count
    }

    /// ``words(inHTML:)`` of UTF-8 bytes.
    static func words(inHTML bytes: UnsafeBufferPointer<UInt8>) -> Int {
        guard let base = bytes.baseAddress else { return 0 }
        let end = bytes.count
        var count = 0
        var inWord = false
        var index = 0
        // Eight bytes at a time (see ``ByteChunk``): a word starts at a byte above the
        // space (any byte of 0x80 and more too) after one that is not, up to the first
        // `<` of the chunk; from there a tag ends the word before it, and the count goes
        // on after the tag's `>`. (The zeros after `end` are not word bytes.)
        while index < end {
            let chunk = ByteChunk(base, at: index, end: end)
            var wordBytes = ~chunk.bytes(below: 0x21) & ByteChunk.high
            let tag = chunk.bytes(equalTo: UInt8(ascii: "<"))
            let beforeTag = ByteChunk.count(before: tag)
            if tag != 0 { wordBytes &= ByteChunk.mask(ofFirst: beforeTag) }
            // Read little-endian: the byte before each one is the next lower byte.
            let previous = wordBytes << 8 | (inWord ? 0x80 : 0)
            count += ByteChunk.count(of: wordBytes & ~previous)
            if tag == 0 {
                inWord = wordBytes >> 63 != 0
                index += 8
            } else {
                inWord = false
                let close = ByteChunk.firstIndex(
                    of: UInt8(ascii: ">"), in: base, from: index + beforeTag + 1, to: end)
                index = close + 1
            }
        }
        return count
    }
}
