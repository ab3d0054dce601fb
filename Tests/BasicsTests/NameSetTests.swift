import FoldmarkTestSupport
import Testing

@testable import Basics

/// ``NameSet`` answers as a `Set<String>` of the same names does.
@Suite struct NameSetTests {
    @Test func holdsExactlyTheNamesInserted() {
        var random = SplitMix(seed: 11)
        let alphabet = Array("abé.-_0".utf8)
        var names = NameSet()
        var expected: Set<[UInt8]> = []
        func insert(_ name: [UInt8]) {
            _ = name.withUnsafeBufferPointer { names.insert($0) }
            expected.insert(name)
        }
        // Names that share prefixes, differ in length only, repeat, and one that is empty.
        insert([])
        for _ in 0..<3000 {
            let length = Int(random.next() % 12)
            insert((0..<length).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] })
        }
        #expect(names.count == expected.count)
        var wrong = 0
        for _ in 0..<6000 {
            let length = Int(random.next() % 13)
            let name = (0..<length).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] }
            if name.withUnsafeBufferPointer({ names.contains($0) }) != expected.contains(name) { wrong += 1 }
        }
        for name in expected where !name.withUnsafeBufferPointer({ names.contains($0) }) { wrong += 1 }
        #expect(wrong == 0)
    }

    @Test func numbersNamesInTheOrderTheyCameFirst() {
        var names = NameSet()
        let words = ["guide.md", "a/b.md", "guide.md", "", "a/b.m", "a/b.md", "zeta.md"].map { Array($0.utf8) }
        let numbers = words.map { word in word.withUnsafeBufferPointer { names.insert($0) } }
        #expect(numbers == [0, 1, 0, 2, 3, 1, 4])
        #expect(
            words.map { word in word.withUnsafeBufferPointer { names.number(of: $0) } } == numbers.map(Optional.init))
        #expect(Array("a/b".utf8).withUnsafeBufferPointer { names.number(of: $0) } == nil)
    }
}
