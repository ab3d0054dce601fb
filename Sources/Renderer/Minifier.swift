/// Shrinks the theme's CSS and JavaScript before they are inlined into every page: on a
/// large site the same stylesheet is written once per page, so each byte saved here is
/// saved thousands of times. Deliberately conservative: it only removes comments and
/// blank space that cannot change meaning.
enum Minifier {
    /// Removes `/* … */` comments, indentation and line breaks, and the blanks around
    /// `{`, `}`, `;` and `,`. Strings in CSS (in `content:` or URLs) keep their text.
    static func css(_ source: String) -> String {
        var result = ""
        result.reserveCapacity(source.utf8.count)
        var scalars = source.unicodeScalars[...]
        var quote: Unicode.Scalar?
        var pendingSpace = false
        while let scalar = scalars.popFirst() {
            if let open = quote {
                result.unicodeScalars.append(scalar)
                if scalar == "\\", let next = scalars.popFirst() {
                    result.unicodeScalars.append(next)
                } else if scalar == open {
                    quote = nil
                }
                continue
            }
            if scalar == "/", scalars.first == "*" {
                scalars.removeFirst()
                while let next = scalars.popFirst() {
                    if next == "*", scalars.first == "/" {
                        scalars.removeFirst()
                        break
                    }
                }
                pendingSpace = true
                continue
            }
            if scalar.properties.isWhitespace {
                pendingSpace = true
                continue
            }
            if pendingSpace, let last = result.unicodeScalars.last, !"{};,>".unicodeScalars.contains(last),
                !"{};,>".unicodeScalars.contains(scalar)
            {
                result.unicodeScalars.append(" ")
            }
            pendingSpace = false
            if scalar == "\"" || scalar == "'" { quote = scalar }
            result.unicodeScalars.append(scalar)
        }
        return result
    }

    /// Removes indentation, blank lines and lines that hold only a `//` comment. Line
    /// breaks stay, so automatic semicolon insertion sees the same program. A script with
    /// template literals (backticks), whose line breaks and spaces are text, is left as is.
    static func javaScript(_ source: String) -> String {
        if source.contains("`") { return source }
        return source.split(separator: "\n", omittingEmptySubsequences: true)
            .map { $0.drop(while: { $0 == " " || $0 == "\t" }) }
            .filter { !$0.isEmpty && !$0.hasPrefix("//") }
            .joined(separator: "\n")
    }
}
