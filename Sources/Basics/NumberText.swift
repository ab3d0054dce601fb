/// Numbers written for people, as C's `printf` writes them, without Foundation's
/// `String(format:)` (foldmark does not link all of Foundation; see `Package.swift`).
package enum NumberText {
    /// `count` and `noun`, with an `s` unless the count is one: `counted(3, "page")` is
    /// `3 pages`, `counted(1, "page")` is `1 page`.
    package static func counted(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)" + (count == 1 ? "" : "s")
    }

    /// `value` with `digits` decimals (at most 15), as `%.Nf` writes it: `fixed(1.5,
    /// digits: 2)` is `1.50`. Rounded as `printf` rounds, from the exact binary value, so
    /// that 2.675 (stored as 2.67499999…) gives `2.67` and an exact half goes to the even
    /// digit. Values of 10^18 and more are written as Swift writes them.
    package static func fixed(_ value: Double, digits: Int) -> String {
        precondition((0...15).contains(digits))
        guard value.isFinite, value.magnitude < 1e18 else { return "\(value)" }
        var unit: UInt128 = 1
        for _ in 0..<digits { unit *= 10 }
        // value = significand × 2^exponent, with a whole significand of 53 bits at most.
        let magnitude = value.magnitude
        let significand = UInt128(magnitude.significandBitPattern) | (magnitude.isNormal ? 1 << 52 : 0)
        let exponent = (magnitude.isNormal ? Int(magnitude.exponent) : -1022) - 52
        let scaled = significand * unit  // below 2^53 × 10^15 < 2^103
        var whole: UInt128
        if magnitude == 0 {
            whole = 0
        } else if exponent >= 0 {
            whole = scaled << exponent
        } else if -exponent >= 110 {
            whole = 0  // below a half
        } else {
            let shift = -exponent
            whole = scaled >> shift
            let rest = scaled - whole << shift
            let half: UInt128 = 1 << (shift - 1)
            if rest > half || (rest == half && whole & 1 == 1) { whole += 1 }
        }
        let text = (value.sign == .minus ? "-" : "") + String(whole / unit)
        guard digits > 0 else { return text }
        let fraction = String(whole % unit)
        return text + "." + String(repeating: "0", count: digits - fraction.count) + fraction
    }

    /// `value` in at least `width` characters (its sign included), zeros in front of the
    /// digits, as `%0Nd` writes it.
    package static func padded(_ value: Int, width: Int) -> String {
        let digits = String(value.magnitude)
        let zeros = String(repeating: "0", count: max(0, width - digits.count - (value < 0 ? 1 : 0)))
        return (value < 0 ? "-" : "") + zeros + digits
    }
}
