/// Makes GitHub-compatible section ids and keeps them unique within one page.
///
/// A slug is the heading text lowercased, with every character that is not a letter, a
/// mark, a number, `-` or `_` dropped and each space turned into `-`. A repeated slug gets
/// `-1`, `-2`, … Ids set explicitly with `{#id}` are reserved up front, so they always win
/// and a generated slug steps around them.
public struct Slugger: Sendable {
    private var used: Set<String>

    public init(reserved: some Sequence<String> = []) {
        used = Set(reserved)
    }

    /// The slug of `text` alone, not yet made unique.
    public static func slug(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.lowercased().unicodeScalars {
            switch scalar.properties.generalCategory {
            case .lowercaseLetter, .uppercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
                .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .letterNumber, .otherNumber,
                .connectorPunctuation:
                result.unicodeScalars.append(scalar)
            case .dashPunctuation where scalar == "-":
                result.unicodeScalars.append(scalar)
            case .spaceSeparator where scalar == " ":
                result.append("-")
            default:
                continue
            }
        }
        return result
    }

    /// A unique id for a heading with text `text`, remembered so that it is never given again.
    public mutating func uniqueSlug(for text: String) -> String {
        var base = Self.slug(text)
        if base.isEmpty { base = "section" }
        var candidate = base
        var counter = 0
        while used.contains(candidate) {
            counter += 1
            candidate = "\(base)-\(counter)"
        }
        used.insert(candidate)
        return candidate
    }

    /// Whether `id` may be used as an explicit id: non-empty, made of letters, marks,
    /// numbers, `-`, `_`, `:` and `.` only, so it is safe in an attribute and in a URL.
    public static func isValidExplicitID(_ id: String) -> Bool {
        !id.isEmpty
            && id.unicodeScalars.allSatisfy { scalar in
                switch scalar {
                case "-", "_", ":", ".": return true
                default:
                    return scalar.properties.isAlphabetic || scalar.properties.numericType != nil
                        || scalar.properties.generalCategory == .nonspacingMark
                }
            }
    }
}
