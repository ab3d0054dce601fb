import Foundation
import Renderer
import Sections
import Site

/// Feeds one input through everything that reads a page: UTF-8 decoding, front matter
/// (libyaml), sectioning (libcmark), attribute blocks, slugs and the Mustache layout, and
/// stops the fuzzer (through `fatalError`) as soon as an invariant breaks.
///
/// The first byte picks the options, so that one corpus covers them all: bit 0 raw HTML
/// (`unsafe`), bit 1 drafts, bit 2 collapsed by default.
enum FuzzTarget {
    static let renderer: PageRenderer = {
        do {
            return try PageRenderer(
                theme: SiteFolder.theme(overriddenBy: URL(fileURLWithPath: "/nonexistent/Templates")))
        } catch {
            fatalError("the default theme does not compile: \(error)")
        }
    }()

    static func run(_ bytes: UnsafeRawBufferPointer) {
        let flags = bytes.first ?? 0
        let options = ParseOptions(
            allowsRawHTML: flags & 1 != 0, foldRules: FoldRules(collapsed: flags & 4 != 0), includesDrafts: flags & 2 != 0,
            reservedIDs: renderer.layoutIDs)
        let source = SourceText(decoding: Data(bytes.dropFirst()))
        for problem in source.problems {
            check(problem.offset < bytes.count - 1 && problem.line >= 1 && problem.column >= 1, "\(problem)")
        }
        let markdown = source.text
        _ = try? YAMLValue(parsing: markdown)
        let document: Document
        do {
            document = try Document(parsing: markdown, options: options) { url in
                url.contains(":") ? url : "rewritten/" + url  // as the site does: schemes stay
            }
        } catch {
            check(error.line.map { $0 >= 1 } ?? true, "error line \(String(describing: error.line)) < 1")
            check(!error.message.isEmpty, "empty error message")
            return
        }
        checkTree(document.sections, parentLevel: 0)
        let all = document.allSections
        check(Set(all.map(\.id)).count == all.count, "duplicate ids: \(all.map(\.id))")
        for section in all {
            check(isSafeID(section.id), "unsafe id '\(section.id)'")
            check(!renderer.layoutIDs.contains(section.id), "the layout's id '\(section.id)'")
            check(section.classes.allSatisfy(isSafeID), "unsafe classes \(section.classes)")
        }
        let content = renderer.renderContent(document)
        if !options.allowsRawHTML {
            // Callouts may be <details> too; sections are the ones of class fm-section.
            // The page's title and the panels of tab sets are sections that do not fold.
            let folding = foldingSections(document)
            check(
                occurrences(of: "<details class=\"fm-section", in: content) == folding,
                "<details count \(folding) folding sections of \(all.count)")
            check(occurrences(of: "<script", in: content) == 0, "a <script> in safe mode")
            for scheme in ["javascript:", "vbscript:", "data:text"] {
                check(occurrences(of: "href=\"" + scheme, in: content) == 0, "an href with \(scheme) in safe mode")
            }
        }
        let page = renderer.renderPage(document, content: content, context: PageContext(fallbackTitle: "fuzz"))
        // With raw HTML allowed, the Markdown may write a <main> of its own.
        if !options.allowsRawHTML {
            check(occurrences(of: "<main", in: page) == 1, "the page has no single <main>")
        }
    }

    /// The sections of `document` that are `<details>`: all but the page's title (its one
    /// top-level section, when that is a `#` heading) and the panels of tab sets.
    private static func foldingSections(_ document: Document) -> Int {
        func count(_ sections: [Section], arePanels: Bool) -> Int {
            sections.reduce(0) { sum, section in
                sum + (arePanels ? 0 : 1) + count(section.children, arePanels: section.isTabSet)
            }
        }
        let hasTitle = document.sections.count == 1 && document.sections[0].level == 1
        return count(document.sections, arePanels: false) - (hasTitle ? 1 : 0)
    }

    /// Levels within 1...6 and every child deeper than its parent.
    private static func checkTree(_ sections: [Section], parentLevel: Int) {
        for section in sections {
            check((1...6).contains(section.level), "level \(section.level)")
            check(section.level > parentLevel, "level \(section.level) inside level \(parentLevel)")
            checkTree(section.children, parentLevel: section.level)
        }
    }

    /// Nothing that could end an attribute value or start a tag, and no white space.
    private static func isSafeID(_ id: String) -> Bool {
        !id.isEmpty && !id.unicodeScalars.contains { "\"'<>&` \t\n\r".unicodeScalars.contains($0) }
    }

    private static func occurrences(of needle: String, in text: String) -> Int {
        let pattern = Array(needle.utf8)
        var count = 0
        var bytes = text.utf8[...]
        while let start = bytes.firstIndex(of: pattern[0]) {
            if bytes[start...].starts(with: pattern) { count += 1 }
            bytes = bytes[bytes.index(after: start)...]
        }
        return count
    }

    private static func check(_ condition: Bool, _ message: @autoclosure () -> String) {
        if !condition { fatalError("invariant broken: \(message())") }
    }
}
