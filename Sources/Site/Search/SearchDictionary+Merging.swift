import Basics

/// The merges of the previous index's terms, their entries mapped (``SearchEntryMap``),
/// with those of the pages new or changed.
extension SearchDictionary {
    /// `a` and `b` without the lines that both have, byte for byte.
    ///
    /// For an edited page that keeps its entries where they were, `a` (its old record's terms)
    /// and `b` (its new record's) hold the same line for every term whose entries in the
    /// page did not change; taking the page's entries out of such a term's list and putting
    /// the same ones back leaves the list as it was, so the merge need not walk it.
    static func withoutCommonLines(_ a: SearchDictionary, _ b: SearchDictionary) -> (SearchDictionary, SearchDictionary)
    {
        var onlyA = SearchDictionary()
        var onlyB = SearchDictionary()
        var i = 0
        var j = 0
        while i < a.count && j < b.count {
            let order = a.withTerm(i) { termA, _, _ in b.withTerm(j) { termB, _, _ in compare(termA, termB) } }
            if order < 0 {
                onlyA.appendLine(of: a, i)
                i += 1
            } else if order > 0 {
                onlyB.appendLine(of: b, j)
                j += 1
            } else {
                if !a.lines(i..<(i + 1), equal: b, j..<(j + 1)) {
                    onlyA.appendLine(of: a, i)
                    onlyB.appendLine(of: b, j)
                }
                i += 1
                j += 1
            }
        }
        onlyA.appendLines(of: a, i..<a.count)
        onlyB.appendLines(of: b, j..<b.count)
        return (onlyA, onlyB)
    }

    /// The terms of `old`, their entries mapped with `map`, and of `new`, whose entries
    /// are those of the new pages; a term left with no entry is dropped. Runs of at least
    /// `termsPerTask` old terms are merged on up to `jobs` tasks.
    static func merging(
        _ old: SearchDictionary, mappedWith map: SearchEntryMap, _ new: SearchDictionary, jobs: Int?,
        termsPerTask: Int = 4096
    ) async -> SearchDictionary {
        if old.count == 0 { return new }
        if map.isIdentity && new.count == 0 { return old }
        let parts = Parallel.workers(for: (old.count + termsPerTask - 1) / termsPerTask, jobs: jobs)
        // Where each part starts in both: the new terms go with the old terms they precede,
        // and those before every old term with the first part.
        let oldStarts = (0...parts).map { $0 * old.count / parts }
        let newStarts = oldStarts.map { start in
            start == 0 ? 0 : start == old.count ? new.count : new.firstIndex(notBefore: old, start)
        }
        let pieces = await Parallel.map(parts, jobs: jobs) { part in
            merging(
                old, oldStarts[part]..<oldStarts[part + 1], mappedWith: map, new,
                newStarts[part]..<newStarts[part + 1])
        }
        if pieces.count == 1 { return pieces[0] }
        var result = SearchDictionary()
        result.reserveCapacity(pieces.reduce(0) { $0 + $1.size })
        for piece in pieces { result.appendLines(of: piece, 0..<piece.count) }
        return result
    }

    /// ``merging(_:mappedWith:_:jobs:termsPerTask:)`` for a `map` that moves no entry
    /// (``SearchEntryMap/isShiftFree``), where `dropped` has every term that lists an
    /// entry `map` drops: only the lines of those terms and of the terms of `new` change,
    /// and the runs of lines between them are copied as they are, many at once.
    static func merging(
        _ old: SearchDictionary, mappedWith map: SearchEntryMap, _ new: SearchDictionary,
        touching dropped: SearchDictionary
    ) -> SearchDictionary {
        var result = SearchDictionary()
        result.reserveCapacity(old.size + new.size)
        var i = 0
        var j = 0
        var k = 0
        while i < old.count {
            // The next old term that a term of `new` or of `dropped` leads to.
            var next = old.count
            if j < new.count { next = old.firstIndex(notBefore: new, j, from: i) }
            while k < dropped.count {
                let found = old.firstIndex(notBefore: dropped, k, from: i)
                // A term of `dropped` is one of `old`'s; one that is not has nothing to drop.
                if found < old.count, old.term(found, equals: dropped, k) {
                    next = min(next, found)
                    break
                }
                k += 1
            }
            result.appendLines(of: old, i..<next)
            i = next
            guard i < old.count else { break }
            let order = j < new.count ? old.withTerm(i) { a, _, _ in new.withTerm(j) { b, _, _ in compare(a, b) } } : -1
            if order > 0 {
                result.appendLine(of: new, j)
                j += 1
                continue
            }
            result.appendMerging(old, i, mappedWith: map, new, order == 0 ? j : nil)
            if order == 0 { j += 1 }
            // (A term of both `new` and `dropped` is merged once.)
            if k < dropped.count, old.term(i, equals: dropped, k) { k += 1 }
            i += 1
        }
        while j < new.count {
            result.appendLine(of: new, j)
            j += 1
        }
        return result
    }

    /// Appends term `i` of `old`, its lists mapped with `map` and merged with those of term
    /// `j` of `new` (the same term), if given. Leaves the term out if no entry is left.
    private mutating func appendMerging(
        _ old: SearchDictionary, _ i: Int, mappedWith map: SearchEntryMap, _ new: SearchDictionary, _ j: Int?
    ) {
        let empty = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
        old.withTerm(i) { term, oldHeading, oldBody in
            guard let j else {
                append(
                    term: term, heading: { map.merge(oldHeading, with: empty, into: &$0) },
                    body: { map.merge(oldBody, with: empty, into: &$0) })
                return
            }
            new.withTerm(j) { _, newHeading, newBody in
                append(
                    term: term, heading: { map.merge(oldHeading, with: newHeading, into: &$0) },
                    body: { map.merge(oldBody, with: newBody, into: &$0) })
            }
        }
    }

    /// The merge of the terms of `old` in `oldTerms` and of `new` in `newTerms`.
    private static func merging(
        _ old: SearchDictionary, _ oldTerms: Range<Int>, mappedWith map: SearchEntryMap, _ new: SearchDictionary,
        _ newTerms: Range<Int>
    ) -> SearchDictionary {
        var result = SearchDictionary()
        result.reserveCapacity(old.size * oldTerms.count / max(old.count, 1) + new.size)
        var i = oldTerms.lowerBound
        var j = newTerms.lowerBound
        while i < oldTerms.upperBound || j < newTerms.upperBound {
            let order =
                i == oldTerms.upperBound
                ? 1
                : j == newTerms.upperBound
                    ? -1 : old.withTerm(i) { a, _, _ in new.withTerm(j) { b, _, _ in compare(a, b) } }
            if order > 0 {
                result.appendLine(of: new, j)
                j += 1
                continue
            }
            if order < 0 && map.isIdentity {
                result.appendLine(of: old, i)
                i += 1
                continue
            }
            result.appendMerging(old, i, mappedWith: map, new, order == 0 ? j : nil)
            i += 1
            if order == 0 { j += 1 }
        }
        return result
    }
}
