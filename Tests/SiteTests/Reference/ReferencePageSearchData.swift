// The reference that the faster page records must agree with (see SearchSpeedTests).
import Sections

@testable import Site

/// ``PageSearchData/encoded(document:title:withText:)`` as it collected a page's terms before the
/// titles of its sections were numbered as they were read: every title kept its terms and
/// added them again, term by term, for every entry under it.
enum ReferencePageSearchData {
    static func encoded(document: Document, title: String) -> String {
        let preamble = ReferenceSearchTerms.terms(inHTML: document.preamble.html)
        let hasPageEntry = !preamble.isEmpty || document.sections.first?.title != title
        let titleTerms = ReferenceSearchTerms.terms(inText: title)
        var table = ReferenceSearchTermTable()
        var entry: UInt32 = 0
        func add(_ terms: [String], heading: Bool) {
            for term in terms {
                Array(term.utf8).withUnsafeBufferPointer { _ = table.add($0, entry: entry, heading: heading) }
            }
        }
        if hasPageEntry {
            add(titleTerms, heading: true)
            add(preamble, heading: false)
            entry = 1
        }
        var path: [(level: Int, terms: [String])] = []
        func add(_ sections: [Section]) {
            for section in sections {
                while let last = path.last, last.level >= section.level { path.removeLast() }
                let own = ReferenceSearchTerms.terms(inText: section.title)
                add(own, heading: true)
                add(titleTerms, heading: false)
                for above in path { add(above.terms, heading: false) }
                add(ReferenceSearchTerms.terms(inHTML: section.body.html), heading: false)
                path.append((section.level, own))
                entry += 1
                add(section.children)
            }
        }
        add(document.sections)
        var text = [UInt8(ascii: hasPageEntry ? "1" : "0")]
        table.encode(into: &text)
        return String(decoding: text, as: UTF8.self)
    }
}
