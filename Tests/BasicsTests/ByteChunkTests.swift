import FoldmarkTestSupport
import Testing

@testable import Basics

/// ``ByteChunk``'s eight-bytes-at-a-time tests against the same tests made byte by byte.
@Suite struct ByteChunkTests {
    /// Bytes at the edges of the classes, and any byte.
    static func randomBytes(_ count: Int, _ random: inout SplitMix) -> [UInt8] {
        let edges: [UInt8] = [
            0x00, 0x20, 0x21, 0x26, 0x2F, 0x30, 0x39, 0x3A, 0x3C, 0x3E, 0x40, 0x41, 0x5A, 0x5B, 0x60, 0x61, 0x7A,
            0x7B, 0x7F, 0x80, 0xC3, 0xE0, 0xFF,
        ]
        return (0..<count).map { _ in
            random.next() % 2 == 0
                ? edges[Int(random.next() % UInt64(edges.count))] : UInt8(truncatingIfNeeded: random.next())
        }
    }

    @Test func masksMarkTheBytesThatHaveTheProperty() {
        var random = SplitMix(seed: 13)
        for _ in 0..<20_000 {
            let bytes = Self.randomBytes(8, &random)
            let chunk = bytes.withUnsafeBufferPointer { ByteChunk($0.baseAddress!, at: 0, end: 8) }
            for (index, byte) in bytes.enumerated() {
                let bit = UInt64(0x80) << (8 * index)
                let isCapital = (0x41...0x5A).contains(byte)
                let isLetterOrDigit = isCapital || (0x30...0x39).contains(byte) || (0x61...0x7A).contains(byte)
                #expect((chunk.lettersAndDigits & bit != 0) == isLetterOrDigit, "\(bytes)")
                #expect((chunk.nonASCII & bit != 0) == (byte >= 0x80), "\(bytes)")
                for target in [UInt8(ascii: " "), UInt8(ascii: "!"), UInt8(ascii: "<"), UInt8(ascii: ">")] {
                    #expect((chunk.bytes(equalTo: target) & bit != 0) == (byte == target), "\(bytes)")
                }
                for limit in [UInt8(ascii: "!"), UInt8(ascii: "0"), 0x7F] {
                    #expect((chunk.bytes(below: limit) & bit != 0) == (byte < limit), "\(bytes)")
                }
                #expect(ByteChunk.count(of: chunk.nonASCII) == bytes.count(where: { $0 >= 0x80 }), "\(bytes)")
                let lowered = UInt8(truncatingIfNeeded: chunk.lowercased >> (8 * index))
                #expect(lowered == (isCapital ? byte + 32 : byte), "\(bytes)")
            }
        }
    }

    @Test func loadsReadTheBytesBeforeTheEndFollowedByZeros() {
        var random = SplitMix(seed: 21)
        for _ in 0..<5_000 {
            let bytes = Self.randomBytes(16, &random)
            let start = Int(random.next() % 9)
            let end = start + Int(random.next() % 9)
            var expected: UInt64 = 0
            for (offset, byte) in bytes[start..<min(end, start + 8)].enumerated() {
                expected |= UInt64(byte) << (8 * offset)
            }
            let (chunk, loaded) = bytes.withUnsafeBufferPointer {
                (
                    ByteChunk($0.baseAddress!, at: start, end: end).bits,
                    ByteChunk.load($0.baseAddress! + start, count: min(end - start, 8))
                )
            }
            #expect(chunk == expected && loaded == expected, "\(bytes) \(start) \(end)")
        }
    }

    @Test func firstIndexFindsTheFirstMatchingByteBeforeTheEnd() {
        var random = SplitMix(seed: 23)
        for _ in 0..<5_000 {
            let bytes = Self.randomBytes(Int(random.next() % 40), &random)
            let start = bytes.isEmpty ? 0 : Int(random.next() % UInt64(bytes.count))
            let end = start + Int(random.next() % UInt64(bytes.count - start + 1))
            for limit in [UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "0"), 0x7F] {
                let expected = bytes[start..<end].firstIndex(where: { $0 < limit }) ?? end
                let found = bytes.withUnsafeBufferPointer { buffer in
                    buffer.baseAddress.map { ByteChunk.firstIndex(below: limit, in: $0, from: start, to: end) } ?? end
                }
                #expect(found == expected, "\(bytes) \(start) \(end)")
            }
            for target in [UInt8(ascii: "<"), UInt8(ascii: ">"), 0x7F] {
                let expected = bytes[start..<end].firstIndex(of: target) ?? end
                let found = bytes.withUnsafeBufferPointer { buffer in
                    buffer.baseAddress.map { ByteChunk.firstIndex(of: target, in: $0, from: start, to: end) } ?? end
                }
                #expect(found == expected, "\(bytes) \(start) \(end)")
            }
        }
    }
}
