import Basics
import Sections

/// How the index writes its text: the share of a term with the term before it, and a
/// page's row of entries (see ``SearchIndex``).
extension SearchIndex {
    /// How much of `term` repeats the start of `previous`, in UTF-16 code units as
    /// JavaScript counts them (at most 44, one ``SearchNumbers`` digit) and in bytes:
    /// whole characters only, so that a surrogate pair is never split.
    static func sharedPrefix(_ previous: UnsafeBufferPointer<UInt8>, _ term: UnsafeBufferPointer<UInt8>) -> (
        units: Int, bytes: Int
    ) {
        var common = 0
        let limit = min(previous.count, term.count)
        while common < limit, previous[common] == term[common] { common += 1 }
        var units = 0
        var bytes = 0
        while bytes < common {
            let lead = term[bytes]
            let length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
            let width = length == 4 ? 2 : 1
            guard bytes + length <= common, units + width <= 44 else { break }
            units += width
            bytes += length
        }
        return (units, bytes)
    }

    /// Appends a page's entries as a JSON array (see the type's documentation).
    static func appendRow(for page: Page, to text: inout [UInt8]) {
        text.append(UInt8(ascii: "["))
        // On the path's bytes in place: through `String.UTF8View` the path cost thousands
        // of instructions a page.
        var output = page.output
        output.withUTF8 { bytes in
            var path = bytes[...]
            if path.count >= 5, path.suffix(5).elementsEqual(".html".utf8) { path = path.dropLast(5) }
            let plain = UnsafeBufferPointer(rebasing: path)
            if Self.needsNoPercentEncoding(plain) {
                // Nothing in such a path needs escaping in JSON either.
                text.append(UInt8(ascii: "\""))
                text.append(contentsOf: plain)
                text.append(UInt8(ascii: "\""))
            } else {
                JSONText.appendQuoted(OutputPath.percentEncoded(String(decoding: plain, as: UTF8.self)), to: &text)
            }
        }
        text.append(UInt8(ascii: ","))
        var title = page.title
        let isPlainTitle = title.withUTF8(isPlain)
        if !isPlainTitle { title = title.flatLine }
        JSONText.appendQuoted(title, to: &text)
        text.append(contentsOf: page.hasPageEntry ? ",1".utf8 : ",0".utf8)
        let headings = page.headings.all
        for index in headings.indices {
            var headingTitle = headings[index].title
            var id = headings[index].id
            // Most titles are plain: compare and copy their bytes.
            let isDone = headingTitle.withUTF8 { heading -> Bool in
                guard isPlain(heading) else { return false }
                text.append(UInt8(ascii: ","))
                if id.withUTF8({ isSimpleSlug($0, of: heading) }) {
                    text.append(contentsOf: "\"\"".utf8)
                } else {
                    JSONText.appendQuoted(id, to: &text)
                }
                text.append(contentsOf: ",\"".utf8)
                if !(isPlainTitle && title.withUTF8({ $0.elementsEqual(heading) })) { text.append(contentsOf: heading) }
                text.append(UInt8(ascii: "\""))
                return true
            }
            if !isDone {
                let flat = headingTitle.flatLine
                text.append(UInt8(ascii: ","))
                JSONText.appendQuoted(isSimpleSlug(id, of: flat) ? "" : id, to: &text)
                text.append(UInt8(ascii: ","))
                JSONText.appendQuoted(flat == title ? "" : flat, to: &text)
            }
            text.append(UInt8(ascii: ","))
            let level = headings[index].level
            if level >= 0 && level <= 9 {
                text.append(UInt8(ascii: "0") + UInt8(level))
            } else {
                text.append(contentsOf: String(level).utf8)
            }
        }
        text.append(UInt8(ascii: "]"))
    }

    /// Whether `text` is printable ASCII with nothing to escape in JSON: no line break, no
    /// `"`, no `\\`.
    private static func isPlain(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        for byte in text where byte < 0x20 || byte > 0x7E || byte == 0x22 || byte == 0x5C { return false }
        return true
    }

    /// Whether ``OutputPath/percentEncoded(_:)`` leaves `path` as it is: ASCII letters,
    /// digits and `!$&'()*+,-./:=@_~` only. Most paths are, and the check is cheap.
    static func needsNoPercentEncoding(_ path: some Sequence<UInt8>) -> Bool {
        path.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "&")...UInt8(ascii: "/"), UInt8(ascii: "!"),
                UInt8(ascii: "$"), UInt8(ascii: ":"), UInt8(ascii: "="), UInt8(ascii: "@"), UInt8(ascii: "_"),
                UInt8(ascii: "~"):
                true
            default: false
            }
        }
    }

    /// Whether `id` is ``simpleSlug(_:)`` of `title`, found without making the slug.
    static func isSimpleSlug(_ id: String, of title: String) -> Bool {
        var id = id
        var title = title
        return id.withUTF8 { id in title.withUTF8 { isSimpleSlug(id, of: $0) } }
    }

    private static func isSimpleSlug(_ id: UnsafeBufferPointer<UInt8>, of title: UnsafeBufferPointer<UInt8>) -> Bool {
        var next = 0
        for var byte in title {
            if byte >= 0x80 { return false }
            if byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") {
                byte += 32
            } else if byte == UInt8(ascii: " ") {
                byte = UInt8(ascii: "-")
            } else if !((byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
                || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_")
                || byte == UInt8(ascii: "-"))
            {
                continue
            }
            guard next < id.count, id[next] == byte else { return false }
            next += 1
        }
        return next == id.count
    }

    /// For an ASCII title: lowercased, only `a-z`, `0-9`, `_`, `-` and spaces kept, spaces
    /// as `-`. `search.js` computes the same, so ids that are this slug are not stored.
    static func simpleSlug(_ title: String) -> String? {
        title.withUTF8Bytes { bytes in
            guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
            return String(unsafeUninitializedCapacity: bytes.count) { result in
                var count = 0
                for byte in bytes {
                    switch byte {
                    case UInt8(ascii: "A")...UInt8(ascii: "Z"): result[count] = byte + 32
                    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                        UInt8(ascii: "_"), UInt8(ascii: "-"):
                        result[count] = byte
                    case UInt8(ascii: " "): result[count] = UInt8(ascii: "-")
                    default: continue
                    }
                    count += 1
                }
                return count
            }
        }
    }
}

extension String {
    /// Line breaks (a setext heading may span lines) as spaces.
    fileprivate var flatLine: String {
        // Most titles are ASCII with no line break, which a look at the bytes tells.
        var text = self
        if text.withUTF8({ $0.allSatisfy { $0 < 0x80 && !(0x0A...0x0D).contains($0) } }) { return self }
        return contains(where: \.isNewline) ? String(map { $0.isNewline ? " " : $0 }) : self
    }
}
