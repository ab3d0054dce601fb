/// Makes GitHub-compatible section ids and keeps them unique within one page.
///
/// A slug is the heading text lowercased, with every character that is not a letter, a
/// mark, a number, `-` or `_` dropped and each space turned into `-`. A repeated slug gets
/// `-1`, `-2`, … Ids set explicitly with `{#id}` are reserved up front, so they always win
/// and a generated slug steps around them.
public struct Slugger: Sendable {
    /// Ids that are never given: the layout's, and the page's explicit ones.
    private let reserved: Set<String>
    /// The slugs given so far. A page has a few headings, which a scan of this list checks
    /// faster than a set hashes them; past ``scanLimit`` they go into `givenSet` instead.
    private var given: [String] = []
    private var givenSet: Set<String>?
    /// For a base slug that was given more than once, the suffix to try next: every
    /// smaller one is taken, so a page with thousands of equal headings does not test
    /// `-1`, `-2`, … again for each.
    private var nextSuffix: [String: Int] = [:]
    private static let scanLimit = 32

    public init(reserved: some Sequence<String> = []) {
        self.reserved = Set(reserved)
    }

    /// The slug of `text` alone, not yet made unique.
    public static func slug(_ text: String) -> String {
        asciiSlug(text) ?? unicodeSlug(text)
    }

    /// ``slug(_:)`` by the Unicode properties of each character: the definition.
    static func unicodeSlug(_ text: String) -> String {
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

    /// ``slug(_:)`` of an ASCII `text`, byte by byte, without Unicode tables; `nil` when
    /// `text` is not ASCII. In ASCII the kept characters are the letters, digits, `_` (the
    /// only connector punctuation) and `-`.
    static func asciiSlug(_ text: String) -> String? {
        var text = text
        return text.withUTF8 { bytes -> String? in
            var isASCII = true
            // Written straight into the string's storage: the slug is never longer.
            let slug = String(unsafeUninitializedCapacity: bytes.count) { slug in
                var count = 0
                for byte in bytes {
                    switch byte {
                    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"),
                        UInt8(ascii: "-"):
                        slug[count] = byte
                    case UInt8(ascii: "A")...UInt8(ascii: "Z"): slug[count] = byte + 32
                    case UInt8(ascii: " "): slug[count] = UInt8(ascii: "-")
                    case 0x80...:
                        isASCII = false
                        return 0
                    default: continue
                    }
                    count += 1
                }
                return count
            }
            return isASCII ? slug : nil
        }
    }

    /// A unique id for a heading with text `text`, remembered so that it is never given again.
    public mutating func uniqueSlug(for text: String) -> String {
        var base = Self.slug(text)
        if base.isEmpty { base = "section" }
        var counter = nextSuffix.isEmpty ? 0 : nextSuffix[base, default: 0]
        var candidate = counter == 0 ? base : "\(base)-\(counter)"
        while isTaken(candidate) {
            counter += 1
            candidate = "\(base)-\(counter)"
        }
        if counter > 0 { nextSuffix[base] = counter + 1 }
        if givenSet != nil {
            givenSet?.insert(candidate)
        } else {
            given.append(candidate)
            if given.count > Self.scanLimit {
                givenSet = Set(given)
                given = []
            }
        }
        return candidate
    }

    private func isTaken(_ id: String) -> Bool {
        if reserved.contains(id) { return true }
        return givenSet?.contains(id) ?? given.contains(id)
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

    /// Whether `name` may be used as a class: non-empty, made of letters, numbers, `-` and
    /// `_` only, so that it can neither leave the `class` attribute nor mean anything to CSS.
    public static func isValidClass(_ name: String) -> Bool {
        !name.isEmpty
            && name.unicodeScalars.allSatisfy { scalar in
                scalar == "-" || scalar == "_" || scalar.properties.isAlphabetic || scalar.properties.numericType != nil
            }
    }
}
