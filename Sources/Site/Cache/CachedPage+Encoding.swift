import Basics
import FoundationEssentials
import Sections

/// A record per page, fields split by ASCII control characters that Markdown text
/// practically never holds; a page whose text does hold them is simply not cached. The
/// last field is the record's ``Checksum``: a record that does not match it is dropped, and
/// its page built again. A record kept by the next index is copied with it, not hashed again.
///
/// Records are written and read as UTF-8 bytes, never as `Character`s: the index of a large
/// site holds megabytes, and every build with a cache reads all of it.
extension CachedPage {
    static let recordSeparator = UInt8(0x1E)
    static let fieldSeparator = UInt8(0x1F)
    static let itemSeparator = UInt8(0x1D)
    static let partSeparator = UInt8(0x1C)
    /// The fields of a record, not counting its checksum.
    static let fieldCount = 24

    /// The ``Fields/sourceHash`` of a source whose bytes are `data`.
    static func hash(ofSource data: Data) -> String {
        data.withUnsafeBytes { StableHash(contentsOf: $0).hex }
    }

    /// Whether none of the record's texts holds a separator.
    var isEncodable: Bool { encoded != nil }

    /// The record's bytes (without a record separator), or `nil` if it is not
    /// ``isEncodable``: the one rule is where the record is written, each text being looked
    /// at as it is copied.
    var encoded: [UInt8]? {
        var writer = RecordWriter(capacity: 512)
        guard writer.record(self) else { return nil }
        return Array(writer.bytes.buffer.dropFirst())
    }

    /// Appends the record's fields to `writer`, which notes on the way, from the bytes of
    /// each text as it is copied, whether one holds a separator (the ASCII bytes 0x1C to
    /// 0x1F). See ``RecordWriter/record(_:)``.
    func encode(into writer: inout RecordWriter) {
        writer.text(self.source)
        writer.field(self.sourceHash)
        writer.field(self.isDraft ? "1" : "0")
        writer.field(self.output)
        writer.field(self.title)
        writer.field(self.order.map { "+" + String($0) } ?? "-")
        writer.field(self.frontMatterYAML.map { "+" + $0 } ?? "-")
        switch self.storedHeadings {
        case .encoded(let text, _, _): writer.field(text)
        case .decoded(let headings): writer.list(headings, Self.write)
        }
        switch self.storedLinks {
        case .encoded(let text): writer.field(text)
        case .decoded(let links): writer.list(links, Self.write)
        }
        writer.list(self.linkWarnings, Self.write)
        writer.field(self.isCleanText ? "1" : "0")
        writer.field(self.contextHash)
        for location in [self.content, self.search] {
            writer.field(location?.pack ?? "")
            writer.field(location.map { String($0.offset) } ?? "")
            writer.field(location.map { String($0.length) } ?? "")
        }
        writer.field(self.searchHasPageEntry ? "1" : "0")
        writer.bytes.append(CachedPage.fieldSeparator)
        Digits.hex(self.storedHeadings.idsHash, minimum: 16) { writer.bytes.append(contentsOf: $0) }
        writer.bytes.append(CachedPage.fieldSeparator)
        if let identity = self.identity { identity.append(encodedWith: CachedPage.partSeparator, to: &writer.bytes) }
        writer.list(self.parseWarnings, Self.write)
        // The checksums of the content and search terms, which ``PackReader`` checks.
        for location in [self.content, self.search] {
            writer.bytes.append(CachedPage.fieldSeparator)
            if let location { Digits.hex(location.checksum, minimum: 16) { writer.bytes.append(contentsOf: $0) } }
        }
    }

    private static func write(_ writer: inout RecordWriter, _ warning: Warning) {
        writer.text(number: warning.line)
        writer.part(number: warning.column)
        writer.part(warning.message)
    }

    private static func write(_ writer: inout RecordWriter, _ heading: Heading) {
        writer.text(number: heading.level)
        writer.part(heading.id)
        writer.part(heading.title)
    }

    private static func write(_ writer: inout RecordWriter, _ link: Link) {
        writer.text(link.url)
        writer.part(number: link.line)
        writer.part(number: link.column)
        writer.part(link.isImage ? "1" : "0")
    }

    /// Decodes one record (without its record separator); `nil` if it does not match its
    /// checksum, or is malformed. `packs` keeps the names of pack files seen so far, so that
    /// the many records of one pack share one string.
    ///
    /// `storage`, if given, holds the record's bytes from its start on: the headings and
    /// links are kept as slices of it instead of copies.
    init?(decoding sealed: UnsafeBufferPointer<UInt8>, packs: inout [String], storage: Data? = nil) {
        guard let record = Checksum.verified(sealed, separator: Self.fieldSeparator) else { return nil }
        var fields = ByteFields(record, separator: Self.fieldSeparator)
        var all: [UnsafeBufferPointer<UInt8>] = []
        all.reserveCapacity(Self.fieldCount)
        while let field = fields.next() { all.append(field) }
        guard all.count == Self.fieldCount else { return nil }
        func text(_ bytes: UnsafeBufferPointer<UInt8>) -> String { String(decoding: bytes, as: UTF8.self) }
        func slice(_ bytes: UnsafeBufferPointer<UInt8>) -> Data {
            guard let storage, let base = record.baseAddress, let start = bytes.baseAddress else { return Data(bytes) }
            let offset = storage.startIndex + base.distance(to: start)
            return storage[offset..<(offset + bytes.count)]
        }
        func optional(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
            bytes.first == UInt8(ascii: "+") ? text(UnsafeBufferPointer(rebasing: bytes.dropFirst())) : nil
        }
        func flag(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool { bytes.count == 1 && bytes[0] == UInt8(ascii: "1") }
        /// Splits each item of a list field into its parts.
        func items(_ field: UnsafeBufferPointer<UInt8>, parts: Int, _ body: ([UnsafeBufferPointer<UInt8>]) -> Bool)
            -> Bool
        {
            var items = ByteFields(field, separator: Self.itemSeparator)
            var split: [UnsafeBufferPointer<UInt8>] = []
            split.reserveCapacity(parts)
            while let item = items.next() {
                if item.isEmpty { continue }
                split.removeAll(keepingCapacity: true)
                var pieces = ByteFields(item, separator: Self.partSeparator)
                while let piece = pieces.next() { split.append(piece) }
                guard split.count == parts, body(split) else { return false }
            }
            return true
        }
        // The headings and links are checked, not decoded: most builds look at few of them.
        let headingCount = StoredHeadings.count(checking: all[7])
        let linksOK = Self.isLinkList(all[8])
        var warningsOK = true
        func warnings(_ field: UnsafeBufferPointer<UInt8>) -> [Warning] {
            var warnings: [Warning] = []
            // (Most pages have no warning: no list to split.)
            guard !field.isEmpty else { return warnings }
            warningsOK =
                warningsOK
                && items(field, parts: 3) { parts in
                    guard let line = Self.integer(parts[0]), let column = Self.integer(parts[1]) else { return false }
                    warnings.append(Warning(line: line, column: column, message: text(parts[2])))
                    return true
                }
            return warnings
        }
        let linkWarnings = warnings(all[9])
        let parseWarnings = warnings(all[21])
        guard let headingCount, linksOK, warningsOK else { return nil }
        // The ids' hash, as the record writes it: 16 digits.
        guard let idsHash = Digits.hex16(all[19]) else { return nil }
        var content: ContentLocation?
        var search: ContentLocation?
        for (index, first) in [12, 15].enumerated() where !all[first].isEmpty {
            let checksum = all[22 + index]
            guard let offset = Self.integer(all[first + 1]), let length = Self.integer(all[first + 2]),
                let checksum = Digits.hex16(checksum)
            else {
                return nil
            }
            let name = all[first]
            let pack =
                packs.first(where: { $0.utf8Equals(name) })
                ?? {
                    packs.append(text(name))
                    return packs[packs.count - 1]
                }()
            let location = ContentLocation(pack: pack, offset: offset, length: length, checksum: checksum)
            if index == 0 { content = location } else { search = location }
        }
        var identity: SourceIdentity?
        if !all[20].isEmpty {
            guard let decoded = SourceIdentity(decoding: all[20], separator: Self.partSeparator) else { return nil }
            identity = decoded
        }
        // Made in one expression, which the record takes over: fields set one by one on a
        // variable were copied into the record, each string retained and released again.
        self.init(
            Fields(
                source: text(all[0]), sourceHash: text(all[1]), identity: identity, isDraft: flag(all[2]),
                output: text(all[3]), title: text(all[4]), order: optional(all[5]).flatMap(Double.init),
                frontMatterYAML: optional(all[6]),
                storedHeadings: .encoded(slice(all[7]), count: headingCount, idsHash: idsHash),
                storedLinks: .encoded(slice(all[8])), linkWarnings: linkWarnings, parseWarnings: parseWarnings,
                isCleanText: flag(all[10]),
                contextHash: text(all[11]), content: content, search: search,
                searchHasPageEntry: flag(all[18])))
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
