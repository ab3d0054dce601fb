import CCmark
import FoldmarkTestSupport
import Foundation
import Renderer
import Sections
import Testing

/// Properties that hold for any Markdown, checked on 300 random documents made of random
/// headings (ATX and setext, every level, with and without attribute blocks) and blocks
/// (paragraphs, lists and quotes that hold headings, code, breaks, raw HTML). The
/// generator is seeded, so every run checks the same documents and a failure names the
/// case to replay.
@Suite struct PropertyTests {
    static let cases = 300
    static let renderer = try! PageRenderer(theme: RepositoryTheme.load())

    /// No content is lost: every word of libcmark's own rendering appears in foldmark's
    /// `<main>`, in the same order. The attribute blocks are left out of what libcmark
    /// sees, since foldmark consumes them.
    @Test func everyWordOfLibcmarkAppearsInOrder() throws {
        var generator = SplitMix(seed: 2024)
        for index in 0..<Self.cases {
            let document = RandomDocument(using: &generator)
            let expected = CommonMarkText.words(CommonMarkText.libcmarkHTML(document.plain))
            let actual = CommonMarkText.words(try Self.foldmarkMain(document.markdown))
            #expect(CommonMarkText.isSubsequence(expected, of: actual), "case \(index):\n\(document.markdown)")
        }
    }

    /// One `<details>` per heading that is a direct child of the document, as libcmark's
    /// syntax tree counts them, but for the page's title (its only `#` heading, when that
    /// comes first), which is a plain `<h1>`; headings in lists and quotes are content.
    @Test func oneDetailsPerDocumentLevelHeading() throws {
        var generator = SplitMix(seed: 2025)
        var headings = 0
        var titles = 0
        for index in 0..<Self.cases {
            let document = RandomDocument(using: &generator)
            let main = try Self.foldmarkMain(document.markdown)
            let levels = Self.documentLevelHeadings(document.plain)
            let hasTitle = levels.first == 1 && levels.filter { $0 == 1 }.count == 1
            #expect(
                main.components(separatedBy: "<details").count - 1 == levels.count - (hasTitle ? 1 : 0),
                "case \(index):\n\(document.markdown)")
            #expect(main.contains("<h1 class=\"fm-title") == hasTitle, "case \(index):\n\(document.markdown)")
            headings += levels.count
            titles += hasTitle ? 1 : 0
        }
        #expect(headings > Self.cases * 3)
        #expect(titles > 0 && titles < Self.cases)
    }

    static func foldmarkMain(_ markdown: String) throws -> String {
        try renderer.renderContent(Document(parsing: markdown))
    }

    /// The levels of the headings that are direct children of the document, in order.
    static func documentLevelHeadings(_ markdown: String) -> [Int] {
        guard let root = cmark_parse_document(markdown, markdown.utf8.count, CMARK_OPT_DEFAULT) else { return [] }
        defer { cmark_node_free(root) }
        var levels: [Int] = []
        var child = cmark_node_first_child(root)
        while let node = child {
            if cmark_node_get_type(node) == CMARK_NODE_HEADING {
                levels.append(Int(cmark_node_get_heading_level(node)))
            }
            child = cmark_node_next(node)
        }
        return levels
    }
}

/// A random Markdown document, as foldmark reads it (`markdown`, with attribute blocks)
/// and without its attribute blocks (`plain`), which is what libcmark alone should show.
struct RandomDocument {
    var markdown = ""
    var plain = ""

    static let words = [
        "fold", "open", "section", "heading", "page", "site", "arrow", "table", "row", "body", "text", "a&b", "1<2",
        "über", "naïve", "日本", "x_y", "*", "#", "{", "}", "-", "!",
    ]

    init(using generator: inout SplitMix) {
        var nextID = 0
        for _ in 0..<Int.random(in: 1...25, using: &generator) {
            let (withBlock, without) = Self.block(&generator, nextID: &nextID)
            markdown += withBlock + "\n\n"
            plain += without + "\n\n"
        }
    }

    private static func text(_ range: ClosedRange<Int>, _ generator: inout SplitMix) -> String {
        (0..<Int.random(in: range, using: &generator)).map { _ in
            let word = words.randomElement(using: &generator)!
            switch Int.random(in: 0..<12, using: &generator) {
            case 0: return "*\(word)*"
            case 1: return "`\(word)`"
            case 2: return "[\(word)](page.md#\(word))"
            default: return word
            }
        }.joined(separator: " ")
    }

    /// A heading's title: plain words, so that it cannot end in something that reads as
    /// an attribute block of its own.
    private static func title(_ generator: inout SplitMix) -> String {
        (0..<Int.random(in: 1...4, using: &generator)).map { _ in
            ["Install", "Use", "Setup", "FAQ", "Notes", "Über", "Step 2", "a&b"].randomElement(using: &generator)!
        }.joined(separator: " ")
    }

    private static func attributeBlock(_ generator: inout SplitMix, nextID: inout Int) -> String {
        switch Int.random(in: 0..<6, using: &generator) {
        case 0:
            nextID += 1
            return " {#id-\(nextID)}"
        case 1: return " {.collapsed}"
        case 2: return " {.open .note}"
        case 3:
            nextID += 1
            return " {#id-\(nextID) .collapsed}"
        default: return ""
        }
    }

    /// One block, with and without an attribute block where it is a heading.
    private static func block(_ generator: inout SplitMix, nextID: inout Int) -> (String, String) {
        switch Int.random(in: 0..<14, using: &generator) {
        case 0..<4:
            let level = Int.random(in: 1...6, using: &generator)
            let heading = String(repeating: "#", count: level) + " " + title(&generator)
            let closing = Bool.random(using: &generator) ? " " + String(repeating: "#", count: level) : ""
            let attributes = attributeBlock(&generator, nextID: &nextID)
            return (heading + attributes + closing, heading + closing)
        case 4, 5:
            let heading = title(&generator)
            let underline = String(
                repeating: Bool.random(using: &generator) ? "=" : "-", count: Int.random(in: 1...5, using: &generator))
            let attributes = attributeBlock(&generator, nextID: &nextID)
            return (heading + attributes + "\n" + underline, heading + "\n" + underline)
        case 6, 7:
            let paragraph = (0..<Int.random(in: 1...3, using: &generator)).map { _ in text(3...12, &generator) }
                .joined(separator: "\n")
            return (paragraph, paragraph)
        case 8:
            let items = (0..<Int.random(in: 1...4, using: &generator)).map { _ in
                Bool.random(using: &generator) ? "- ## " + title(&generator) : "- " + text(1...6, &generator)
            }
            let list = items.joined(separator: "\n")
            return (list, list)
        case 9:
            let quote = "> # " + title(&generator) + "\n> " + text(2...8, &generator)
            return (quote, quote)
        case 10:
            let code = "```\n# not a heading\n" + text(1...5, &generator) + "\n```"
            return (code, code)
        case 11:
            let code = "    ## indented code\n    " + text(1...4, &generator)
            return (code, code)
        case 12:
            let rule = Bool.random(using: &generator) ? "***" : "* * *"
            return (rule, rule)
        default:
            let html = "<details><summary>raw</summary>" + text(1...3, &generator) + "</details>"
            return (html, html)
        }
    }
}
