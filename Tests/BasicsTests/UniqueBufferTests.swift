@testable import Basics
import Testing

/// ``UniqueBuffer`` of bytes holds what an array would after the same appends, whatever their lengths
/// (the short ones are copied without `memcpy`) and however often it grows.
@Suite struct UniqueBufferTests {
    @Test func holdsWhatAnArrayHoldsAfterTheSameAppends() {
        var buffer = UniqueBuffer<UInt8>(capacity: 1)
        var expected: [UInt8] = []
        var next: UInt8 = 0
        for round in 0..<400 {
            let length = round % 41
            let chunk = (0..<length).map { _ in
                next &+= 37
                return next
            }
            chunk.withUnsafeBufferPointer { buffer.append(contentsOf: $0) }
            expected += chunk
            if round % 7 == 0 {
                buffer.append(UInt8(round % 256))
                expected.append(UInt8(round % 256))
            }
            if round % 11 == 0 {
                buffer.append("&amp;")
                expected += Array("&amp;".utf8)
            }
        }
        #expect(buffer.count == expected.count)
        #expect(buffer.array == expected)
    }
}
