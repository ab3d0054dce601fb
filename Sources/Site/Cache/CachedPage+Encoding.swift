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
}
