import Basics
import Testing

@Suite struct DigitsTests {
    /// Checksums are read eight digits at a time: as the digits were written, and any byte
    /// that is not a lowercase hexadecimal digit, anywhere, makes them no number.
    @Test func sixteenDigitsReadBackAsWritten() {
        var random = SystemRandomNumberGenerator()
        let values: [UInt64] = [0, 1, 0xf, 0x10, .max, 0x0123_4567_89ab_cdef, 0xfedc_ba98_7654_3210]
        for value in values + (0..<2000).map({ _ in random.next() }) {
            var digits: [UInt8] = []
            digits.appendHex(value, digits: 16)
            #expect(digits.withUnsafeBufferPointer(Digits.hex16) == value)
        }
        let good = Array("0123456789abcdef".utf8)
        for position in good.indices {
            for byte in UInt8.min...UInt8.max {
                var digits = good
                digits[position] = byte
                let isDigit = Digits.hexValue(byte) != nil && !(UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
                #expect((digits.withUnsafeBufferPointer(Digits.hex16) != nil) == isDigit, "\(position) \(byte)")
            }
        }
        #expect(Array("0123456789abcde".utf8).withUnsafeBufferPointer(Digits.hex16) == nil)
    }
}
