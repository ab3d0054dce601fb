import Basics
import Sections

/// How the entries of a previous index become those of the next: the pages kept (same
/// output, same source) keep their entries in the same order, shifted by the entries of
/// the pages added or removed before them; the entries of the other pages are dropped.
struct SearchEntryMap: Sendable {
    /// Runs of kept entries, increasing and apart: `oldStarts[i]..<oldEnds[i]` becomes
    /// `newStarts[i]...`.
    private(set) var oldStarts: [Int64] = []
    private(set) var oldEnds: [Int64] = []
    private(set) var newStarts: [Int64] = []
    /// The number of old entries.
    let oldCount: Int64

    init(oldCount: Int64) { self.oldCount = oldCount }

    /// Keeps `count` old entries from `old` as new ones from `new`; runs must come in
    /// increasing order of both.
    mutating func keep(_ count: Int64, from old: Int64, as new: Int64) {
        guard count > 0 else { return }
        if let end = oldEnds.last, end == old, new - old == newStarts.last! - oldStarts.last! {
            oldEnds[oldEnds.count - 1] = old + count
        } else {
            oldStarts.append(old)
            oldEnds.append(old + count)
            newStarts.append(new)
        }
    }

    /// If the eight bytes at `text` are eight numbers of one digit each, the sum of each
    /// plus one: how far they move an increasing list, as gaps. (One digit is `#` to `O`,
    /// the lower half of the alphabet.)
    @inline(__always)
    static func oneDigitSum(_ text: UnsafePointer<UInt8>) -> Int64? {
        let chunk = ByteChunk(text, at: 0, end: 8)
        let lastDigit = 35 + UInt8(SearchNumbers.base) - 1
        guard chunk.bytes(below: lastDigit + 1) == ByteChunk.high else { return nil }
        // Bytes added in pairs, then the four pairs at once (at most 8 × 79: no carry out).
        let pairs = (chunk.bits & 0x00FF_00FF_00FF_00FF) &+ ((chunk.bits >> 8) & 0x00FF_00FF_00FF_00FF)
        let sum = Int64((pairs &* 0x0001_0001_0001_0001) >> 48)
        // Each byte is its digit + 35, and each gap moves the list by the gap + 1.
        return sum - 8 * 34
    }

    /// Whether every old entry stays as it is.
    var isIdentity: Bool {
        oldCount == 0 || (oldStarts == [0] && oldEnds == [oldCount] && newStarts == [0])
    }

    /// Whether every old entry kept keeps its number: only the entries of pages that were
    /// dropped or replaced change.
    var isShiftFree: Bool {
        zip(oldStarts, newStarts).allSatisfy { $0 == $1 }
    }

    /// Appends to `text` the merge of the old list `old` (``SearchNumbers`` gaps), mapped,
    /// and the new list `new`; the lists must share no entry.
    ///
    /// After the last run that changes anything, the old gaps stay as they are: once only
    /// a shift is left to apply, the rest of the list is copied.
    func merge(_ old: UnsafeBufferPointer<UInt8>, with new: UnsafeBufferPointer<UInt8>, into text: inout [UInt8]) {
        let runs = oldStarts.count
        // The old gaps can be copied from the last run on if it runs to the end.
        let lastRunCopies = runs > 0 && oldEnds[runs - 1] == oldCount
        var oldIndex = 0
        var oldPrevious: Int64 = -1
        var run = 0
        var newIndex = 0
        var newPrevious: Int64 = -1
        var last: Int64 = -1
        func nextOld() -> Int64 {
            while true {
                let gap = Self.next(old, &oldIndex)
                if gap < 0 { return -1 }
                oldPrevious += gap + 1
                while run < runs, oldPrevious >= oldEnds[run] { run += 1 }
                if run == runs {
                    oldIndex = old.count
                    return -1
                }
                if oldPrevious >= oldStarts[run] { return oldPrevious - oldStarts[run] + newStarts[run] }
            }
        }
        func nextNew() -> Int64 {
            let gap = Self.next(new, &newIndex)
            if gap < 0 { return -1 }
            newPrevious += gap + 1
            return newPrevious
        }
        func emit(_ value: Int64) {
            SearchNumbers.append(UInt32(truncatingIfNeeded: value - last - 1), to: &text)
            last = value
        }
        var newValue = nextNew()
        // The old entries before the first that moves or goes, and before the first new
        // one, stay as they are: their gaps are copied, not written again.
        let firstMoved = runs > 0 && oldStarts[0] == 0 && newStarts[0] == 0 ? oldEnds[0] : 0
        if firstMoved > 0 {
            (oldIndex, oldPrevious) = Self.unmovedPrefix(of: old, before: firstMoved, upTo: newValue)
            text.append(contentsOf: UnsafeBufferPointer(rebasing: old[..<oldIndex]))
            last = oldPrevious
        }
        var oldValue = nextOld()
        while oldValue >= 0 || newValue >= 0 {
            if newValue >= 0, oldValue < 0 || newValue < oldValue {
                emit(newValue)
                if oldValue < 0 {
                    // The new gaps after this one stay as they are.
                    text.append(contentsOf: UnsafeBufferPointer(rebasing: new[newIndex...]))
                    return
                }
                newValue = nextNew()
                continue
            }
            if newValue == oldValue { newValue = nextNew() }
            emit(oldValue)
            if newValue < 0, lastRunCopies, run == runs - 1 {
                text.append(contentsOf: UnsafeBufferPointer(rebasing: old[oldIndex...]))
                return
            }
            oldValue = nextOld()
        }
    }

    /// The next number of `list` from `index`, or -1 at its end.
    @inline(__always)
    private static func next(_ list: UnsafeBufferPointer<UInt8>, _ index: inout Int) -> Int64 {
        var value: Int64 = 0
        while index < list.count {
            let byte = list[index]
            index += 1
            let digit = Int64(byte > 92 ? byte &- 36 : byte &- 35)
            if digit >= Int64(SearchNumbers.base) {
                value = value &* Int64(SearchNumbers.base) &+ (digit &- Int64(SearchNumbers.base))
            } else {
                return value &* Int64(SearchNumbers.base) &+ digit
            }
        }
        return -1
    }

    /// The start of the old list `old` that a merge copies as it is: how many of its bytes
    /// hold the entries before `firstMoved` that are also at most `newValue` (the first new
    /// entry, -1 for none), and the last of those entries (-1 for none).
    @inline(__always)
    private static func unmovedPrefix(
        of old: UnsafeBufferPointer<UInt8>, before firstMoved: Int64, upTo newValue: Int64
    ) -> (length: Int, last: Int64) {
        var oldPrevious: Int64 = -1
        var index = 0
        var copied = 0
        while index < old.count {
            // Eight one-digit gaps at once, as long as the eighth entry is still before
            // the stop: a common term lists most entries, its gaps are short, and an edit
            // in the middle of the site leaves half its list to step over.
            if index + 8 <= old.count, let sum = oneDigitSum(old.baseAddress! + index),
                oldPrevious + sum < firstMoved, newValue < 0 || oldPrevious + sum <= newValue
            {
                oldPrevious += sum
                index += 8
                copied = index
                continue
            }
            let gap = next(old, &index)
            if gap < 0 { break }
            let value = oldPrevious + gap + 1
            if value >= firstMoved || (newValue >= 0 && value > newValue) { break }
            oldPrevious = value
            copied = index
        }
        return (copied, oldPrevious)
    }
}
