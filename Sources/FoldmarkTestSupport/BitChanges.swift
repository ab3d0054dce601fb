/// Every change of one or two bits of `bytes`, each given to `body` once: for checking that
/// a hash or checksum tells every one of them from every other. Returns how many there were,
/// `n * (n + 1) / 2` for `n` bits.
@discardableResult
public func forEachOneOrTwoBitChange(of bytes: [UInt8], _ body: ([UInt8]) -> Void) -> Int {
    let bits = bytes.count * 8
    for first in 0..<bits {
        for second in first..<bits {
            var changed = bytes
            changed[first / 8] ^= 1 << (first % 8)
            if second != first { changed[second / 8] ^= 1 << (second % 8) }
            body(changed)
        }
    }
    return bits * (bits + 1) / 2
}
