import Basics
import FoundationEssentials

/// Writes records one after the other into a buffer with one owner (``UniqueBuffer``):
/// an index holds a record per page with dozens of texts and separators each, and an
/// `Array` append checks each time that the array is not shared.
struct RecordWriter: ~Copyable {
    var bytes: UniqueBuffer<UInt8>
    /// Whether no text written so far in the record held a separator (see ``CachedPage/isEncodable``).
    private(set) var isClean = true

    init(capacity: Int) { bytes = UniqueBuffer(capacity: capacity) }

    /// Appends `page`'s record after a record separator, its checksum last; whether it could
    /// be written. One that cannot (a text holds a separator) leaves nothing behind.
    @discardableResult
    mutating func record(_ page: CachedPage) -> Bool {
        let start = bytes.count
        isClean = true
        bytes.append(CachedPage.recordSeparator)
        page.encode(into: &self)
        guard isClean else {
            bytes.setCount(start)
            return false
        }
        let checksum = Checksum.of(UnsafeBufferPointer(rebasing: bytes.buffer[(start + 1)...]))
        bytes.append(CachedPage.fieldSeparator)
        Digits.hex(checksum, minimum: Checksum.digits) { bytes.append(contentsOf: $0) }
        return true
    }

    /// Appends a record that is already encoded (with its checksum), after a record separator.
    mutating func record(encoded: UnsafeBufferPointer<UInt8>) {
        bytes.append(CachedPage.recordSeparator)
        bytes.append(contentsOf: encoded)
    }

    mutating func text(_ text: String) { append(text) }

    mutating func field(_ text: String) {
        bytes.append(CachedPage.fieldSeparator)
        append(text)
    }

    mutating func field(_ data: Data) {
        bytes.append(CachedPage.fieldSeparator)
        data.withUnsafeBytes { bytes.append(contentsOf: $0.bindMemory(to: UInt8.self)) }
    }

    mutating func part(_ text: String) {
        bytes.append(CachedPage.partSeparator)
        append(text)
    }

    /// `value` in decimal, as `String(value)` writes it, with no string made.
    mutating func text(number value: Int) {
        guard value >= 0 else { return append(String(value)) }
        Digits.decimal(UInt64(value)) { bytes.append(contentsOf: $0) }
    }

    mutating func part(number value: Int) {
        bytes.append(CachedPage.partSeparator)
        text(number: value)
    }

    /// A field of items, each written by `body` with its parts.
    mutating func list<T>(_ items: [T], _ body: (inout RecordWriter, T) -> Void) {
        bytes.append(CachedPage.fieldSeparator)
        for (index, item) in items.enumerated() {
            if index > 0 { bytes.append(CachedPage.itemSeparator) }
            body(&self, item)
        }
    }

    /// Appends the UTF-8 of `text` in one copy where it lies in one piece (a native or a
    /// small string), not byte by byte through its view, and notes whether it holds a
    /// separator (the ASCII bytes 0x1C to 0x1F): a record has dozens of texts, and a build
    /// writes one record per page.
    private mutating func append(_ text: String) {
        let clean = text.utf8.withContiguousStorageIfAvailable { utf8 -> Bool in
            bytes.append(contentsOf: utf8)
            var found: UInt8 = 0
            for byte in utf8 { found |= byte & 0xFC == 0x1C ? 1 : 0 }
            return found == 0
        }
        if let clean {
            if !clean { isClean = false }
        } else {
            var text = text
            let clean = text.withUTF8 { utf8 in
                bytes.append(contentsOf: utf8)
                return !utf8.contains(where: { $0 & 0xFC == 0x1C })
            }
            if !clean { isClean = false }
        }
    }
}
