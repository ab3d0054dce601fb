/// The pages of a build side by side with their cache records, in one order. Arrays
/// rather than dictionaries by path: the whole-site steps look at every page, and a build
/// with little to do does little else.
struct PageTable: Sendable {
    var pages: [SitePage] = []
    /// Each page's record; `nil` for a generated folder index.
    var records: [CachedPage?] = []
    /// Whether each page's record was taken from the cache as it was.
    var isReused: [Bool] = []
    /// The Markdown pages among them (not drafts left out), each of which a build that
    /// finds nothing changed takes from the cache: all but the generated folder indexes.
    private(set) var markdownCount = 0

    /// A table with room for `capacity` pages: growing would copy every page.
    init(capacity: Int) {
        pages.reserveCapacity(capacity)
        records.reserveCapacity(capacity)
        isReused.reserveCapacity(capacity)
    }

    var count: Int { pages.count }

    /// The pages taken from the cache rather than parsed.
    var reusedCount: Int { isReused.count(where: { $0 }) }

    /// Adds the Markdown page `page`, whose record is `record`.
    mutating func append(_ page: SitePage, record: CachedPage, isReused reused: Bool) {
        pages.append(page)
        records.append(record)
        isReused.append(reused)
        markdownCount += 1
    }

    /// Adds the generated index of each folder that has none (see ``FolderIndex``).
    mutating func addFolderIndexes() {
        let indexes = FolderIndex.missingIndexes(for: pages)
        pages += indexes
        records += Array(repeating: nil, count: indexes.count)
        isReused += Array(repeating: false, count: indexes.count)
    }
}
