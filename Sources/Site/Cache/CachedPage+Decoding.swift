import Basics
import FoundationEssentials

/// Reading a record of the index back (see ``CachedPage`` and its encoding). Every build
/// with a cache decodes a record per page, so a record is split into its fields once, by
/// their bytes, and its headings and links are only checked, not decoded.
extension CachedPage {
    /// Decodes one record (without its record separator); `nil` if it does not match its
    /// checksum, or is malformed. `packs` keeps the names of pack files seen so far, so that
    /// the many records of one pack share one string.
    ///
    /// `storage`, if given, holds the record's bytes from its start on: the headings and
    /// links are kept as slices of it instead of copies.
    init?(decoding sealed: UnsafeBufferPointer<UInt8>, packs: inout [String], storage: Data? = nil) {
        guard let record = Checksum.verified(sealed, separator: Self.fieldSeparator),
            let all = Self.fields(of: record),
            // The headings and links are checked, not decoded: most builds look at few of them.
            let headingCount = StoredHeadings.count(checking: all[7]), Self.isLinkList(all[8]),
            let linkWarnings = Self.warnings(all[9]), let parseWarnings = Self.warnings(all[21]),
            // The ids' hash, as the record writes it: 16 digits.
            let idsHash = Digits.hex16(all[19]),
            let content = Self.location(all, from: 12, checksum: all[22], packs: &packs),
            let search = Self.location(all, from: 15, checksum: all[23], packs: &packs),
            let identity = Self.identity(all[20])
        else { return nil }
        func slice(_ bytes: UnsafeBufferPointer<UInt8>) -> Data { Self.slice(bytes, of: record, in: storage) }
        // Made in one expression, which the record takes over: fields set one by one on a
        // variable were copied into the record, each string retained and released again.
        self.init(
            Fields(
                source: Self.text(all[0]), sourceHash: Self.text(all[1]), identity: identity,
                isDraft: Self.flag(all[2]), output: Self.text(all[3]), title: Self.text(all[4]),
                order: Self.optional(all[5]).flatMap(Double.init), frontMatterYAML: Self.optional(all[6]),
                storedHeadings: .encoded(slice(all[7]), count: headingCount, idsHash: idsHash),
                storedLinks: .encoded(slice(all[8])), linkWarnings: linkWarnings, parseWarnings: parseWarnings,
                isCleanText: Self.flag(all[10]),
                contextHash: Self.text(all[11]), content: content, search: search,
                searchHasPageEntry: Self.flag(all[18])))
    }

    /// The fields of a verified record, its checksum left out; `nil` unless there are
    /// ``fieldCount``.
    private static func fields(of record: UnsafeBufferPointer<UInt8>) -> [UnsafeBufferPointer<UInt8>]? {
        var fields = ByteFields(record, separator: fieldSeparator)
        var all: [UnsafeBufferPointer<UInt8>] = []
        all.reserveCapacity(fieldCount)
        while let field = fields.next() { all.append(field) }
        return all.count == fieldCount ? all : nil
    }

    private static func text(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        String(decoding: bytes, as: UTF8.self)
    }

    /// The text after a `+`, or `nil` for a field that does not start with one (`-`).
    private static func optional(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        bytes.first == UInt8(ascii: "+") ? text(UnsafeBufferPointer(rebasing: bytes.dropFirst())) : nil
    }

    private static func flag(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        bytes.count == 1 && bytes[0] == UInt8(ascii: "1")
    }

    /// `bytes`, which lie in `record`, as a slice of `storage`, which holds the record from
    /// its start on; a copy if there is no `storage`.
    private static func slice(
        _ bytes: UnsafeBufferPointer<UInt8>, of record: UnsafeBufferPointer<UInt8>, in storage: Data?
    ) -> Data {
        guard let storage, let base = record.baseAddress, let start = bytes.baseAddress else { return Data(bytes) }
        let offset = storage.startIndex + base.distance(to: start)
        return storage[offset..<(offset + bytes.count)]
    }

    /// The warnings of a list field; `nil` if one is malformed.
    private static func warnings(_ field: UnsafeBufferPointer<UInt8>) -> [Warning]? {
        var warnings: [Warning] = []
        // (Most pages have no warning: no list to split.)
        guard !field.isEmpty else { return warnings }
        let intact = items(field, parts: 3) { parts in
            guard let line = integer(parts[0]), let column = integer(parts[1]) else { return false }
            warnings.append(Warning(line: line, column: column, message: text(parts[2])))
            return true
        }
        return intact ? warnings : nil
    }

    /// Splits each item of a list field into its parts, and hands them to `body`; whether
    /// every item has `parts` parts and `body` took each.
    private static func items(
        _ field: UnsafeBufferPointer<UInt8>, parts: Int, _ body: ([UnsafeBufferPointer<UInt8>]) -> Bool
    ) -> Bool {
        var items = ByteFields(field, separator: itemSeparator)
        var split: [UnsafeBufferPointer<UInt8>] = []
        split.reserveCapacity(parts)
        while let item = items.next() {
            if item.isEmpty { continue }
            split.removeAll(keepingCapacity: true)
            var pieces = ByteFields(item, separator: partSeparator)
            while let piece = pieces.next() { split.append(piece) }
            guard split.count == parts, body(split) else { return false }
        }
        return true
    }

    /// The location whose pack, offset and length are the fields `all[first...]` and whose
    /// checksum is `checksum`: `.some(nil)` when the pack's field is empty (no content),
    /// `nil` if it is malformed. The pack's name is one of `packs`, added if new.
    private static func location(
        _ all: [UnsafeBufferPointer<UInt8>], from first: Int, checksum: UnsafeBufferPointer<UInt8>,
        packs: inout [String]
    ) -> ContentLocation?? {
        let name = all[first]
        if name.isEmpty { return .some(nil) }
        guard let offset = integer(all[first + 1]), let length = integer(all[first + 2]),
            let checksum = Digits.hex16(checksum)
        else { return nil }
        let pack =
            packs.first(where: { $0.utf8Equals(name) })
            ?? {
                packs.append(text(name))
                return packs[packs.count - 1]
            }()
        return ContentLocation(pack: pack, offset: offset, length: length, checksum: checksum)
    }

    /// The source's identity in `field`: `.some(nil)` when the field is empty (the source
    /// was not settled), `nil` if it is malformed.
    private static func identity(_ field: UnsafeBufferPointer<UInt8>) -> SourceIdentity?? {
        if field.isEmpty { return .some(nil) }
        return SourceIdentity(decoding: field, separator: partSeparator).map { .some($0) }
    }

    /// Whether `field` is a well-formed list of links: items of four parts, the second and
    /// third ``integer(_:)``s. Split with `memchr` (a URL is skipped, not read), and no
    /// list of parts per item: every record's links are checked whenever the index is read,
    /// and decoded only when asked.
    static func isLinkList(_ field: UnsafeBufferPointer<UInt8>) -> Bool {
        var items = ByteFields(field, separator: itemSeparator)
        while let item = items.next() {
            if item.isEmpty { continue }
            var parts = ByteFields(item, separator: partSeparator)
            guard parts.next() != nil, let line = parts.next(), integer(line) != nil, let column = parts.next(),
                integer(column) != nil, parts.next() != nil, parts.next() == nil
            else { return false }
        }
        return true
    }

    /// A non-negative decimal number of at most 18 digits.
    static func integer(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard !bytes.isEmpty, bytes.count <= 18 else { return nil }
        var value = 0
        for byte in bytes {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }
}
