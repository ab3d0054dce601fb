import Basics
import FoundationEssentials
import Sections

extension CachedPage {
    /// A page's links: as parsed, or as read from the index and decoded only when asked.
    /// Equal when they hold the same links, however they are held.
    enum StoredLinks: Sendable, Equatable {
        case decoded([Link])
        /// The list field of the index, already checked to be well formed (see
        /// ``StoredHeadings/encoded(_:count:)``).
        case encoded(Data)

        var links: [Link] {
            switch self {
            case .decoded(let links):
                return links
            case .encoded(let text):
                return text.withUnsafeBytes { raw in
                    let bytes = raw.bindMemory(to: UInt8.self)
                    var links: [Link] = []
                    var items = ByteFields(bytes, separator: CachedPage.itemSeparator)
                    while let item = items.next() {
                        if item.isEmpty { continue }
                        var parts = ByteFields(item, separator: CachedPage.partSeparator)
                        guard let url = parts.next(), let line = parts.next().flatMap(CachedPage.integer),
                            let column = parts.next().flatMap(CachedPage.integer), let image = parts.next()
                        else { continue }
                        links.append(
                            Link(
                                url: String(decoding: url, as: UTF8.self), line: line, column: column,
                                isImage: image.count == 1 && image[0] == UInt8(ascii: "1")))
                    }
                    return links
                }
            }
        }

        static func == (a: StoredLinks, b: StoredLinks) -> Bool {
            if case .encoded(let x) = a, case .encoded(let y) = b { return x == y }
            return a.links == b.links
        }
    }

    /// The links of the page as written, for checking.
    var links: [Link] { self.storedLinks.links }
}
