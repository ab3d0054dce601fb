#if canImport(Glibc)
    import Glibc
#endif

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
        return html.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return 0 }
            var count = 0
            var inWord = false
            var index = 0
            while index < bytes.count {
                // Eight bytes at once while none of them starts a tag: bit 7 of each byte of
                // `wordBytes` is set for a byte above the space (any byte of 0x80 and more
                // too), and a word starts at such a byte after one that is not.
                if index + 8 <= bytes.count {
                    let chunk = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
                    let angles = chunk ^ 0x3C3C_3C3C_3C3C_3C3C  // a zero byte where there is a `<`
                    if (angles &- 0x0101_0101_0101_0101) & ~angles & 0x8080_8080_8080_8080 == 0 {
                        let above = ((chunk & 0x7F7F_7F7F_7F7F_7F7F) &+ 0x5F5F_5F5F_5F5F_5F5F) | chunk
                        let wordBytes = above & 0x8080_8080_8080_8080
                        // Read little-endian: the byte before each one is the next lower byte.
                        let previous = wordBytes << 8 | (inWord ? 0x80 : 0)
                        count += (wordBytes & ~previous).nonzeroBitCount
                        inWord = wordBytes >> 63 != 0
                        index += 8
                        continue
                    }
                }
                let byte = base[index]
                if byte == UInt8(ascii: "<") {
                    // A tag ends the word before it; skip to its end in one search.
                    inWord = false
                    let rest = bytes.count - index - 1
                    guard rest > 0, let end = memchr(base + index + 1, Int32(UInt8(ascii: ">")), rest) else { break }
                    index = UnsafeRawPointer(end).assumingMemoryBound(to: UInt8.self) - base + 1
                    continue
                }
                if byte <= UInt8(ascii: " ") {
                    // Space, tab, line ends and the other controls separate words.
                    inWord = false
                } else if !inWord {
                    count += 1
                    inWord = true
                }
                index += 1
            }
            return count
        }
    }
}
