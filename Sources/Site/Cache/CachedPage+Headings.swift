import Basics
import FoundationEssentials

extension CachedPage {
    /// A page's headings: as parsed, or as read from the index and decoded only when asked.
    ///
    /// Most builds take nearly every page from the cache and look at few of their headings
    /// (the layout and the search index read those of the pages they make again): decoding
    /// two strings per heading of every record was most of the cost of reading the index,
    /// and of freeing it at the end. Equal when they hold the same headings, however they
    /// are held.
    enum StoredHeadings: Sendable, Equatable {
        case decoded([Heading])
        /// The list field of the index, already checked to be well formed, the number of
        /// headings in it and their ``idsHash`` as the record keeps it: bytes of the index as
        /// read, shared, not a string made of them.
        case encoded(Data, count: Int, idsHash: UInt64)

        var count: Int {
            switch self {
            case .decoded(let headings): headings.count
            case .encoded(_, let count, _): count
            }
        }

        var all: [Heading] {
            switch self {
            case .decoded(let headings):
                return headings
            case .encoded(let text, let count, _):
                var headings: [Heading] = []
                headings.reserveCapacity(count)
                text.withUnsafeBytes { raw in
                    Self.forEach(in: raw.bindMemory(to: UInt8.self)) { level, id, title in
                        headings.append(
                            Heading(
                                level: level, id: String(decoding: id, as: UTF8.self),
                                title: String(decoding: title, as: UTF8.self)))
                    }
                }
                return headings
            }
        }

        /// The headings' ids, in document order.
        var ids: [String] {
            switch self {
            case .decoded(let headings):
                return headings.map(\.id)
            case .encoded(let text, let count, _):
                var ids: [String] = []
                ids.reserveCapacity(count)
                text.withUnsafeBytes { raw in
                    Self.forEach(in: raw.bindMemory(to: UInt8.self)) { _, id, _ in
                        ids.append(String(decoding: id, as: UTF8.self))
                    }
                }
                return ids
            }
        }

        /// ``StableHash`` of the ids, each combined as a string: the same however the
        /// headings are held. A record keeps it beside the list (see
        /// ``CachedPage/init(decoding:packs:storage:)``), so that a build that takes every
        /// page from the cache hashes no id (hashing them was a large part of a no-op
        /// build).
        var idsHash: UInt64 {
            switch self {
            case .decoded(let headings):
                var hash = StableHash()
                for heading in headings { hash.combine(heading.id) }
                return hash.value
            case .encoded(_, _, let idsHash):
                return idsHash
            }
        }

        /// Checks an encoded list field; the number of headings in it, or `nil` if it is
        /// malformed.
        static func count(checking field: UnsafeBufferPointer<UInt8>) -> Int? {
            var count = 0
            var isValid = true
            var items = ByteFields(field, separator: CachedPage.itemSeparator)
            while isValid, let item = items.next() {
                if item.isEmpty { continue }
                var parts = ByteFields(item, separator: CachedPage.partSeparator)
                guard let level = parts.next(), CachedPage.integer(level) != nil, parts.next() != nil,
                    parts.next() != nil, parts.next() == nil
                else {
                    isValid = false
                    break
                }
                count += 1
            }
            return isValid ? count : nil
        }

        /// Calls `body` with each heading's level, id and title of a list field checked by
        /// ``count(checking:)``.
        private static func forEach(
            in field: UnsafeBufferPointer<UInt8>,
            _ body: (Int, UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>) -> Void
        ) {
            var items = ByteFields(field, separator: CachedPage.itemSeparator)
            while let item = items.next() {
                if item.isEmpty { continue }
                var parts = ByteFields(item, separator: CachedPage.partSeparator)
                guard let level = parts.next().flatMap(CachedPage.integer), let id = parts.next(),
                    let title = parts.next()
                else { continue }
                body(level, id, title)
            }
        }

        static func == (a: StoredHeadings, b: StoredHeadings) -> Bool {
            if case .encoded(let x, _, _) = a, case .encoded(let y, _, _) = b { return x == y }
            return a.all == b.all
        }
    }

    /// Every section in document order; the tree is rebuilt from the levels.
    var headings: [Heading] {
        get { self.storedHeadings.all }
        set { self.storedHeadings = .decoded(newValue) }
    }
}
