/// The joining of the tasks' terms into one dictionary (see
/// ``SearchPostings/collect(_:packs:written:jobs:recover:)``).
extension SearchPostings {
    /// One task's terms in order (see ``SearchDictionary/precedes(_:_:)``) with their lists,
    /// and the last entry of each list: what the task hands back, since its ``Table`` has
    /// one owner and does not leave it. (Not private: the tasks of
    /// ``collect(_:packs:written:jobs:recover:)``, in SearchPostings.swift, make runs.)
    struct Run: Sendable {
        var dictionary = SearchDictionary()
        /// Per term, the last entry of its heading list and of its body list (-1 for none).
        var lasts: [Int64] = []

        /// Appends term `index` of `run` as it is, with its lists' last entries.
        mutating func appendLine(_ index: Int, of run: Run) {
            dictionary.appendLine(of: run.dictionary, index)
            lasts.append(run.lasts[2 * index])
            lasts.append(run.lasts[2 * index + 1])
        }

        /// Appends the term of line `i` of `first`, which is that of line `j` of `second`,
        /// with each list of `first` followed by that of `second`, whose first number is
        /// counted again from the last entry of `first`'s.
        mutating func append(
            _ i: Int, of first: SearchDictionary.Parts, lasts firstLasts: [Int64], _ j: Int,
            of second: SearchDictionary.Parts, lasts secondLasts: [Int64]
        ) {
            func fill(_ kind: Int, _ text: inout [UInt8]) {
                text.append(contentsOf: first.list(i, kind))
                let list = second.list(j, kind)
                guard !list.isEmpty else { return }
                let (entry, length) = SearchNumbers.first(in: list)
                let last = firstLasts[2 * i + kind]
                SearchNumbers.append(UInt32(truncatingIfNeeded: Int64(entry) - last - 1), to: &text)
                text.append(contentsOf: UnsafeBufferPointer(rebasing: list[length...]))
            }
            dictionary.append(term: first.term(i), heading: { fill(0, &$0) }, body: { fill(1, &$0) })
            for kind in 0..<2 {
                let last = secondLasts[2 * j + kind]
                lasts.append(last >= 0 ? last : firstLasts[2 * i + kind])
            }
        }
    }

    /// The terms of `runs` (each run's entries after those of the runs before it) in one
    /// dictionary: the runs joined two at a time, in order.
    static func join(_ runs: [Run]) -> SearchDictionary {
        guard var joined = runs.first else { return SearchDictionary() }
        for run in runs.dropFirst() { joined = join(joined, run) }
        return joined.dictionary
    }

    /// The terms of `a` and `b`, whose entries all come after `a`'s, in order. A term of one
    /// run keeps its line as it is: its lists' first numbers count from -1, as they do here.
    /// A term of both has `a`'s lists, each followed by `b`'s with its first number counted
    /// again from `a`'s last entry.
    private static func join(_ a: Run, _ b: Run) -> Run {
        var joined = Run()
        joined.dictionary.reserveCapacity(a.dictionary.size + b.dictionary.size)
        joined.lasts.reserveCapacity(a.lasts.count + b.lasts.count)
        a.dictionary.withParts { first in
            b.dictionary.withParts { second in
                var i = 0
                var j = 0
                while i < first.count || j < second.count {
                    let order =
                        i == first.count
                        ? 1 : j == second.count ? -1 : SearchDictionary.compare(first.term(i), second.term(j))
                    if order < 0 {
                        joined.appendLine(i, of: a)
                        i += 1
                    } else if order > 0 {
                        joined.appendLine(j, of: b)
                        j += 1
                    } else {
                        joined.append(i, of: first, lasts: a.lasts, j, of: second, lasts: b.lasts)
                        i += 1
                        j += 1
                    }
                }
            }
        }
        return joined
    }
}
