import Basics
import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// The site-wide dictionary of the search index: every term, sorted as JavaScript
/// compares strings (by UTF-16 code units), with the increasing lists of the entries whose
/// title holds it and of the other entries that hold it, as ``SearchNumbers`` gaps.
///
/// All of it lives in one byte buffer, one line per term, `term heading body\n` (terms are
/// letters and digits, lists are drawn from the ``SearchNumbers`` alphabet, so neither holds
/// a space or a line break), which is also how ``SearchIndexState`` keeps it in the build
/// cache: loading it is one read and one scan for line breaks, with no string per term.
struct SearchDictionary: Sendable, Equatable {
    /// The lines from `starts[0]` on (what comes before is not the dictionary's), in an
    /// array that a dictionary being made appends to...
    private var bytes: [UInt8] = []
    /// ...or, for one read from the cache (``init(lines:from:)-(Data,_)``), in the bytes of
    /// its file as mapped into memory (``FileIO/map(_:then:)``), which are never copied
    /// as a whole: a merge copies the lines it keeps into a new dictionary anyway.
    private var read: Data?
    /// Term `i` starts at `starts[i]`; its line ends before `starts[i + 1]`.
    private var starts: [UInt32] = [0]
    /// Where term `i`'s heading list starts (after the term and its space).
    private var headingStarts: [UInt32] = []
    /// Where its body list starts (after the heading list and its space).
    private var bodyStarts: [UInt32] = []

    init() {}

    var count: Int { headingStarts.count }

    /// The bytes and the positions of a dictionary's lines, borrowed for the length of a call
    /// (see ``withParts(_:)``).
    struct Parts {
        let bytes: UnsafeBufferPointer<UInt8>
        let starts: UnsafeBufferPointer<UInt32>
        let headingStarts: UnsafeBufferPointer<UInt32>
        let bodyStarts: UnsafeBufferPointer<UInt32>

        var count: Int { headingStarts.count }

        /// Term `index`'s bytes.
        @inline(__always)
        func term(_ index: Int) -> UnsafeBufferPointer<UInt8> {
            UnsafeBufferPointer(rebasing: bytes[Int(starts[index])..<(Int(headingStarts[index]) - 1)])
        }

        /// Its heading list (`kind` 0) or body list (1).
        @inline(__always)
        func list(_ index: Int, _ kind: Int) -> UnsafeBufferPointer<UInt8> {
            kind == 0
                ? UnsafeBufferPointer(rebasing: bytes[Int(headingStarts[index])..<(Int(bodyStarts[index]) - 1)])
                : UnsafeBufferPointer(rebasing: bytes[Int(bodyStarts[index])..<(Int(starts[index + 1]) - 1)])
        }
    }

    /// Calls `body` with the dictionary's ``Parts``, for loops over many lines that would
    /// otherwise call ``withTerm(_:_:)`` for each.
    func withParts<T>(_ body: (Parts) -> T) -> T {
        withBytes { bytes in
            starts.withUnsafeBufferPointer { starts in
                headingStarts.withUnsafeBufferPointer { headingStarts in
                    bodyStarts.withUnsafeBufferPointer { bodyStarts in
                        body(Parts(bytes: bytes, starts: starts, headingStarts: headingStarts, bodyStarts: bodyStarts))
                    }
                }
            }
        }
    }

    /// Calls `body` with the bytes of the lines.
    func withLines<T>(_ body: (UnsafeBufferPointer<UInt8>) -> T) -> T {
        withBytes { body(UnsafeBufferPointer(rebasing: $0[Int(starts[0])...])) }
    }

    /// Calls `body` with all the bytes, wherever they are held.
    @inline(__always)
    private func withBytes<T>(_ body: (UnsafeBufferPointer<UInt8>) -> T) -> T {
        if let read { return read.withUnsafeBytes { body($0.assumingMemoryBound(to: UInt8.self)) } }
        return bytes.withUnsafeBufferPointer(body)
    }

    /// How many bytes the lines take.
    var size: Int { (read?.count ?? bytes.count) - Int(starts[0]) }

    static func == (a: SearchDictionary, b: SearchDictionary) -> Bool {
        a.withLines { a in b.withLines { b in a.elementsEqual(b) } }
    }

    /// The dictionary in `lines` from `offset` on (see the type's documentation), or `nil`
    /// if they are not such lines or the task is cancelled. Takes `lines` whole, to spare a
    /// copy.
    init?(lines: [UInt8], from offset: Int = 0) {
        guard let found = lines.withUnsafeBufferPointer({ Self.lines(in: $0, from: offset) }) else { return nil }
        bytes = lines
        (starts, headingStarts, bodyStarts) = found
    }

    /// The dictionary in `lines` (the bytes of a file as mapped, or read) from `offset` on,
    /// as ``init(lines:from:)-([UInt8],_)`` reads it, held where they are.
    init?(lines: Data, from offset: Int = 0) {
        guard
            let found = lines.withUnsafeBytes({ Self.lines(in: $0.assumingMemoryBound(to: UInt8.self), from: offset) })
        else { return nil }
        read = lines
        (starts, headingStarts, bodyStarts) = found
    }

    /// Where each line of `bytes` from `offset` on starts, and its lists (see ``starts``,
    /// ``headingStarts`` and ``bodyStarts``).
    private static func lines(in bytes: UnsafeBufferPointer<UInt8>, from offset: Int) -> (
        starts: [UInt32], headingStarts: [UInt32], bodyStarts: [UInt32]
    )? {
        guard bytes.count < UInt32.max, offset <= bytes.count else { return nil }
        var starts: [UInt32] = [UInt32(offset)]
        var headingStarts: [UInt32] = []
        var bodyStarts: [UInt32] = []
        let valid = { () -> Bool in
            guard let base = bytes.baseAddress else { return offset == 0 }
            /// Where `byte` is first in `range`, found with `memchr`, which reads many bytes at once.
            func find(_ byte: UInt8, in range: Range<Int>) -> Int? {
                guard let found = memchr(base + range.lowerBound, Int32(byte), range.count) else { return nil }
                return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            }
            var start = offset
            while start < bytes.count {
                // Reading a large state is given up as soon as the task is cancelled.
                if starts.count & 1023 == 0 && Task.isCancelled { return false }
                guard let end = find(UInt8(ascii: "\n"), in: start..<bytes.count),
                    let first = find(UInt8(ascii: " "), in: start..<end), first > start,
                    let second = find(UInt8(ascii: " "), in: (first + 1)..<end),
                    find(UInt8(ascii: " "), in: (second + 1)..<end) == nil
                else { return false }
                headingStarts.append(UInt32(first + 1))
                bodyStarts.append(UInt32(second + 1))
                starts.append(UInt32(end + 1))
                start = end + 1
            }
            return true
        }()
        guard valid else { return nil }
        return (starts, headingStarts, bodyStarts)
    }

    /// Calls `body` with the number of a term, its bytes, those of its lists, and those of
    /// the term before it (none for the first), from the first term on; `body` returns the
    /// number of the next term to call it with (one more, or more than that to skip terms).
    func walkTerms(
        _ body: (
            _ index: Int, _ term: UnsafeBufferPointer<UInt8>, _ heading: UnsafeBufferPointer<UInt8>,
            _ text: UnsafeBufferPointer<UInt8>, _ previous: UnsafeBufferPointer<UInt8>
        ) -> Int
    ) {
        withParts { parts in
            var index = 0
            while index < parts.count {
                index = body(
                    index, parts.term(index), parts.list(index, 0), parts.list(index, 1),
                    index > 0 ? parts.term(index - 1) : UnsafeBufferPointer(start: nil, count: 0))
            }
        }
    }

    /// Calls `body` with the bytes of term `index` and of its lists.
    @inline(__always)
    func withTerm<T>(
        _ index: Int,
        _ body: (
            _ term: UnsafeBufferPointer<UInt8>, _ heading: UnsafeBufferPointer<UInt8>,
            _ text: UnsafeBufferPointer<UInt8>
        ) -> T
    ) -> T {
        let start = Int(starts[index])
        let heading = Int(headingStarts[index])
        let text = Int(bodyStarts[index])
        let end = Int(starts[index + 1]) - 1
        return withBytes { bytes in
            body(
                UnsafeBufferPointer(rebasing: bytes[start..<(heading - 1)]),
                UnsafeBufferPointer(rebasing: bytes[heading..<(text - 1)]),
                UnsafeBufferPointer(rebasing: bytes[text..<end]))
        }
    }

    /// Whether term `index` is term `otherIndex` of `other`.
    func term(_ index: Int, equals other: SearchDictionary, _ otherIndex: Int) -> Bool {
        withTerm(index) { a, _, _ in other.withTerm(otherIndex) { b, _, _ in a.elementsEqual(b) } }
    }

    /// Appends a term; terms must come in increasing order. `fill` appends the heading list
    /// to its argument, then `fillBody` the body list. Leaves the term out if both are empty.
    mutating func append(
        term: UnsafeBufferPointer<UInt8>, heading fillHeading: (inout [UInt8]) -> Void,
        body fillBody: (inout [UInt8]) -> Void
    ) {
        holdBytes()
        let start = bytes.count
        bytes.append(contentsOf: term)
        bytes.append(UInt8(ascii: " "))
        let heading = bytes.count
        fillHeading(&bytes)
        bytes.append(UInt8(ascii: " "))
        let text = bytes.count
        fillBody(&bytes)
        if heading + 1 == text && text == bytes.count {
            bytes.removeSubrange(start...)
            return
        }
        bytes.append(UInt8(ascii: "\n"))
        headingStarts.append(UInt32(heading))
        bodyStarts.append(UInt32(text))
        starts.append(UInt32(bytes.count))
    }

    /// Appends term `index` of `other` as it is.
    mutating func appendLine(of other: SearchDictionary, _ index: Int) {
        holdBytes()
        let start = bytes.count
        let offset = Int(other.starts[index])
        other.withBytes { bytes.append(contentsOf: $0[offset..<Int(other.starts[index + 1])]) }
        headingStarts.append(UInt32(start + Int(other.headingStarts[index]) - offset))
        bodyStarts.append(UInt32(start + Int(other.bodyStarts[index]) - offset))
        starts.append(UInt32(bytes.count))
    }

    /// Appends the lines of terms `range` of `other` as they are, all at once; their terms
    /// must all come after these.
    mutating func appendLines(of other: SearchDictionary, _ range: Range<Int>) {
        guard !range.isEmpty else { return }
        holdBytes()
        let first = Int(other.starts[range.lowerBound])
        let shift = bytes.count - first
        other.withBytes { bytes.append(contentsOf: $0[first..<Int(other.starts[range.upperBound])]) }
        func shifted(_ offsets: ArraySlice<UInt32>) -> [UInt32] {
            offsets.map { UInt32(truncatingIfNeeded: Int($0) + shift) }
        }
        starts += shifted(other.starts[(range.lowerBound + 1)...range.upperBound])
        headingStarts += shifted(other.headingStarts[range])
        bodyStarts += shifted(other.bodyStarts[range])
    }

    mutating func reserveCapacity(_ size: Int) {
        holdBytes()
        bytes.reserveCapacity(Int(starts[0]) + size)
    }

    /// Copies the bytes of a dictionary read into ``bytes``, to append to them.
    private mutating func holdBytes() {
        guard let read else { return }
        bytes = [UInt8](read)
        self.read = nil
    }

    /// Whether the lines of terms `range` (each term and both its lists) are, byte for
    /// byte, those of terms `otherRange` of `other`.
    func lines(_ range: Range<Int>, equal other: SearchDictionary, _ otherRange: Range<Int>) -> Bool {
        let bytes = Int(starts[range.lowerBound])..<Int(starts[range.upperBound])
        let otherBytes = Int(other.starts[otherRange.lowerBound])..<Int(other.starts[otherRange.upperBound])
        guard bytes.count == otherBytes.count else { return false }
        guard !bytes.isEmpty else { return true }
        return withBytes { a in
            other.withBytes { b in
                memcmp(a.baseAddress! + bytes.lowerBound, b.baseAddress! + otherBytes.lowerBound, bytes.count) == 0
            }
        }
    }
}
