import CCmark

#if canImport(Glibc)
    import Glibc
#endif

/// What tests hold foldmark's HTML against: libcmark's own rendering, and the words of either.
public enum CommonMarkText {
    /// libcmark alone, with the options foldmark uses by default (safe: no raw HTML).
    public static func libcmarkHTML(_ markdown: String) -> String {
        let buffer = cmark_markdown_to_html(markdown, markdown.utf8.count, CMARK_OPT_DEFAULT)!
        defer { free(buffer) }
        return String(cString: buffer)
    }

    /// The text of an HTML string, tags removed, split at white space.
    public static func words(_ html: String) -> [Substring] {
        var text = ""
        var inTag = false
        for character in html {
            if character == "<" {
                inTag = true
                text.append(" ")
            } else if character == ">" {
                inTag = false
            } else if !inTag {
                text.append(character)
            }
        }
        return text.split(whereSeparator: \.isWhitespace)
    }

    /// Whether every word of `needle` appears in `haystack`, in the same order.
    public static func isSubsequence(_ needle: [Substring], of haystack: [Substring]) -> Bool {
        var index = haystack.startIndex
        for word in needle {
            guard let found = haystack[index...].firstIndex(of: word) else { return false }
            index = found + 1
        }
        return true
    }
}
