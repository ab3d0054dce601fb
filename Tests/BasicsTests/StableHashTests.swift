import Basics
import FoldmarkTestSupport
import Testing

@Suite struct StableHashTests {
    @Test func hashSeesEveryByte() {
        func hash(_ bytes: [UInt8]) -> String {
            var hash = StableHash()
            bytes.withUnsafeBytes { hash.combine(contentsOf: $0) }
            return hash.hex
        }
        // Every change of one or two bits of 37 bytes (two lanes of words and a tail),
        // and of the length, gives a hash of its own.
        let base = [UInt8](repeating: 0x41, count: 37)
        var seen: Set<String> = [hash(base), hash(Array(base.dropLast())), hash(base + [0])]
        let changes = forEachOneOrTwoBitChange(of: base) { seen.insert(hash($0)) }
        #expect(seen.count == 3 + changes)

        // Parts added one after the other: a later part, short or long, keeps what the
        // earlier ones gave.
        func hash(parts: [[UInt8]]) -> String {
            var hash = StableHash()
            for part in parts { part.withUnsafeBytes { hash.combine(contentsOf: $0) } }
            return hash.hex
        }
        for later in [[UInt8](), [0x78], base] {
            #expect(hash(parts: [base, later]) != hash(parts: [Array(base.dropLast()) + [0x42], later]))
            #expect(hash(parts: [[0x61], later]) != hash(parts: [[0x62], later]))
        }
    }
}
