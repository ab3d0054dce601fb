/// How far apart two words are, counted in slips of typing, and which known word a
/// mistyped one most likely meant: for "did you mean …?" in usage errors and warnings.
package enum EditDistance {
    /// The fewest slips that turn `a` into `b` (Damerau–Levenshtein, as optimal string
    /// alignment): a character added, left out or changed, or two side by side swapped.
    /// Compared by Unicode scalar and with case; O(|a|·|b|), for short words.
    package static func between(_ a: String, _ b: String) -> Int {
        let a = Array(a.unicodeScalars)
        let b = Array(b.unicodeScalars)
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        // Rows i - 2, i - 1 and i of the table of distances between prefixes.
        var before = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let change = a[i - 1] == b[j - 1] ? 0 : 1
                var best = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + change)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { best = min(best, before[j - 2] + 1) }
                current[j] = best
            }
            (before, previous, current) = (previous, current, before)
        }
        return previous[b.count]
    }

    /// The most slips a word of `length` characters may have and still be recognised: 1 up
    /// to 4 characters, 2 up to 8, 3 beyond, so that a short word does not "mean" every
    /// other short word.
    package static func threshold(forLength length: Int) -> Int {
        length <= 4 ? 1 : length <= 8 ? 2 : 3
    }

    /// The candidate nearest to `word`, if it is within ``threshold(forLength:)`` of it and
    /// no other candidate is as near; `nil` if `word` is one of them.
    package static func suggestion(for word: String, among candidates: some Sequence<String>) -> String? {
        let limit = threshold(forLength: word.unicodeScalars.count)
        var best: (word: String, distance: Int)?
        var isTied = false
        for candidate in candidates {
            let distance = between(word, candidate)
            if distance == 0 { return nil }
            guard distance <= limit else { continue }
            if let found = best, found.distance <= distance {
                if found.distance == distance, found.word != candidate { isTied = true }
                continue
            }
            best = (candidate, distance)
            isTied = false
        }
        return isTied ? nil : best?.word
    }

    /// ` (did you mean 'X'?)` for a suggestion, as the warnings and errors append it; empty
    /// for none.
    package static func didYouMean(_ suggestion: String?) -> String {
        suggestion.map { " (did you mean '\($0)'?)" } ?? ""
    }
}
