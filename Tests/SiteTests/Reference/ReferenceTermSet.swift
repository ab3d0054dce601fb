// The reference that the faster TermSet must agree with (see SearchSpeedTests).
@testable import Basics
import Foundation

/// ``TermSet`` as it was before its slots kept the hashes of the terms.
struct ReferenceTermSet {
    /// Term `i` is `bytes[starts[i]..<starts[i + 1]]`.
    private(set) var bytes: [UInt8] = []
    private(set) var starts: [Int] = [0]
    private var slots: [Int32]

    /// `slots` (a power of two) is where the table starts; it doubles as it fills.
    init(slots: Int) {
        self.slots = [Int32](repeating: -1, count: slots)
    }

    var count: Int { starts.count - 1 }

    /// Calls `body` with the bytes of term `number`.
    @inline(__always)
    func withBytes<T>(of number: Int, _ body: (UnsafeBufferPointer<UInt8>) -> T) -> T {
        bytes.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[starts[number]..<starts[number + 1]])) }
    }

    /// The number of `term`, and whether this call added it.
    @inline(__always)
    mutating func insert(_ term: UnsafeBufferPointer<UInt8>) -> (number: Int, isNew: Bool) {
        let mask = slots.count - 1
        var slot = Int(Self.hash(term)) & mask
        while true {
            let found = Int(slots[slot])
            if found < 0 { break }
            if starts[found + 1] - starts[found] == term.count,
                term.isEmpty
                    || bytes.withUnsafeBufferPointer({
                        memcmp($0.baseAddress! + starts[found], term.baseAddress!, term.count) == 0
                    })
            {
                return (found, false)
            }
            slot = (slot + 1) & mask
        }
        let number = count
        slots[slot] = Int32(number)
        bytes.append(contentsOf: term)
        starts.append(bytes.count)
        if count * 2 > slots.count { grow() }
        return (number, true)
    }

    /// FNV-1a.
    @inline(__always)
    private static func hash(_ bytes: some Sequence<UInt8>) -> UInt32 {
        var hash: UInt32 = 0x811c_9dc5
        for byte in bytes { hash = (hash ^ UInt32(byte)) &* 0x0100_0193 }
        return hash
    }

    private mutating func grow() {
        slots = [Int32](repeating: -1, count: slots.count * 2)
        let mask = slots.count - 1
        for number in 0..<count {
            var slot = Int(Self.hash(bytes[starts[number]..<starts[number + 1]])) & mask
            while slots[slot] >= 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(number)
        }
    }
}
