/// Makes GitHub-compatible section ids and keeps them unique within one page.
///
/// A slug is the heading text lowercased, with every character that is not a letter, a
/// mark, a number, `-` or `_` dropped and each space turned into `-`. A repeated slug gets
/// `-1`, `-2`, … Ids set explicitly with `{#id}` are reserved up front, so they always win
/// and a generated slug steps around them.
public struct Slugger: Sendable {
    /// Ids that are never given: the layout's, and the page's explicit ones.
    private let reserved: Reserved
    /// The slugs given so far. A page has a few headings, which a scan of this list checks
    /// faster than a set hashes them; past ``scanLimit`` they go into `givenSet` instead.
    private var given: [Key] = []
    private var givenSet: Set<Key>?
    /// For a base slug that was given more than once, the suffix to try next: every
    /// smaller one is taken, so a page with thousands of equal headings does not test
    /// `-1`, `-2`, … again for each.
    private var nextSuffix: [String: Int] = [:]
    private static let scanLimit = 32

    public init(reserved: some Sequence<String> = []) {
        self.reserved = Reserved(reserved)
    }

    init(reserved: Reserved) {
        self.reserved = reserved
    }

    /// Ids by their ``Key``s in order, found by halving. The layout's are made into one
    /// when the options are made (see ``ParseOptions/reservedKeys``), and a page adds its
    /// explicit ids, if it has any, to a copy. The order depends on the ids alone, so two
    /// of the same ids are equal.
    struct Reserved: Hashable, Sendable {
        private var keys: [Key]

        init(_ ids: some Sequence<String>) {
            keys = ids.map(Key.init).sorted(by: Self.precedes)
        }

        func contains(_ id: String) -> Bool { contains(Key(id)) }

        /// These and `ids`.
        func adding(_ ids: [String]) -> Reserved {
            guard !ids.isEmpty else { return self }
            var result = self
            result.keys = (keys + ids.map(Key.init)).sorted(by: Self.precedes)
            return result
        }

        private static func precedes(_ a: Key, _ b: Key) -> Bool {
            a.hash != b.hash ? a.hash < b.hash : a.text < b.text
        }

        func contains(_ id: Key) -> Bool {
            var low = 0
            var high = keys.count
            while low < high {
                let middle = (low + high) / 2
                if keys[middle].hash < id.hash { low = middle + 1 } else { high = middle }
            }
            while low < keys.count && keys[low].hash == id.hash {
                if keys[low].text == id.text { return true }
                low += 1
            }
            return false
        }
    }

    /// An id and a hash of its bytes, which a comparison looks at first: checking a slug
    /// against the reserved ids and those given, each a `String` hashed by `Set` and
    /// compared on every probe, was a large part of a heading's cost.
    struct Key: Hashable, Sendable {
        let hash: UInt64
        let text: String

        init(_ text: String) {
            var copy = text  // withUTF8 on a native string copies nothing
            hash = copy.withUTF8 { bytes in
                // FNV-1a, a byte at a time: slugs are short.
                var hash: UInt64 = 0xCBF2_9CE4_8422_2325
                for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
                return hash
            }
            self.text = text
        }

        /// The hash alone, not the text again. (`==`, synthesized, compares the hash first,
        /// as it is declared first.)
        func hash(into hasher: inout Hasher) { hasher.combine(hash) }
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
                    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                        UInt8(ascii: "_"),
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
        var candidate = Key(counter == 0 ? base : "\(base)-\(counter)")
        while isTaken(candidate) {
            counter += 1
            candidate = Key("\(base)-\(counter)")
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
        return candidate.text
    }

    private func isTaken(_ id: Key) -> Bool {
        if reserved.contains(id) { return true }
        return givenSet?.contains(id) ?? given.contains(id)
    }

    /// Whether `id` may be used as an explicit id: non-empty, made of letters, marks,
    /// numbers, `-`, `_`, `:` and `.` only, so it is safe in an attribute and in a URL.
    public static func isValidExplicitID(_ id: String) -> Bool {
        !id.isEmpty
            && id.unicodeScalars.allSatisfy { scalar in
                switch scalar {
                case "-", "_", ":", ".", "a"..."z", "A"..."Z", "0"..."9": return true
                // The Unicode properties are hundreds of instructions a character.
                case "\u{0}"..."\u{7F}": return false
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
                switch scalar {
                case "-", "_", "a"..."z", "A"..."Z", "0"..."9": true
                case "\u{0}"..."\u{7F}": false
                default: scalar.properties.isAlphabetic || scalar.properties.numericType != nil
                }
            }
    }
}
