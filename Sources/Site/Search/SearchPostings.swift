/// The site-wide dictionary of the search index: every term of every page with the
/// entries that hold it, numbered across the site.
enum SearchPostings {
    struct Term: Sendable {
        var term: String
        /// Entries whose own title holds the term, as ``SearchNumbers`` gaps.
        var heading: [UInt8] = []
        /// The other entries that hold it.
        var body: [UInt8] = []
        fileprivate var lastHeading: Int64 = -1
        fileprivate var lastBody: Int64 = -1

        fileprivate mutating func add(_ entry: UInt32, heading isHeading: Bool) {
            if isHeading {
                SearchNumbers.append(UInt32(Int64(entry) - lastHeading - 1), to: &heading)
                lastHeading = Int64(entry)
            } else {
                SearchNumbers.append(UInt32(Int64(entry) - lastBody - 1), to: &body)
                lastBody = Int64(entry)
            }
        }
    }

    /// Every term of the `count` pages whose records (``PageSearchData/encoded``, in
    /// entry order) `record` gives (the page at `i` numbers its entries from
    /// `firstEntry[i]`), sorted as JavaScript compares strings (by UTF-16 code units), so
    /// that `search.js` can search the dictionary.
    ///
    /// The terms are split into groups by their first bytes, and each group is collected
    /// on its own task over all the pages, in page order, so that each term's lists are
    /// written in increasing order as they are found. Records are read one at a time, so
    /// only the dictionary itself is held in memory.
    static func collect(
        _ count: Int, firstEntry: [UInt32], jobs: Int?, record: @escaping @Sendable (Int) -> String?
    ) async -> [Term] {
        let groups = Parallel.workers(for: 64, jobs: jobs)
        let parts = await Parallel.map(groups, jobs: jobs) { group in
            var positions: [String: Int] = [:]
            var terms: [Term] = []
            for page in 0..<count {
                guard let record = record(page) else { continue }
                let base = firstEntry[page]
                PageSearchData.forEachTerm(in: record) { term, codes in
                    let first = Int(term[0])
                    let second = term.count > 1 ? Int(term[1]) : 0
                    guard (first &* 31 &+ second) % groups == group else { return }
                    let key = String(decoding: term, as: UTF8.self)
                    let position: Int
                    if let known = positions[key] {
                        position = known
                    } else {
                        position = terms.count
                        positions[key] = position
                        terms.append(Term(term: key))
                    }
                    var previous: Int64 = -1
                    SearchNumbers.forEach(in: codes) { gap in
                        let code = previous + Int64(gap) + 1
                        previous = code
                        terms[position].add(base + UInt32(code >> 1), heading: code & 1 == 1)
                    }
                }
            }
            return terms
        }
        return parts.flatMap { $0 }.sorted { $0.term.utf16.lexicographicallyPrecedes($1.term.utf16) }
    }
}
