import Foundation
import Sections
import Testing

@testable import Site

/// A checker made for a few pages (which decodes the section ids of a page only when a
/// link leads to it) reports what one made for every page reports.
@Suite struct LinkCheckerTests {
    static let sources = ["index.md", "guide.md", "draft.md"] + (0..<40).map { "p\($0).md" }
    static let resolver = LinkResolver(
        pages: Set(sources), folders: [""], assets: ["logo.png"])

    static func page(_ source: String, ids: [String]) -> SitePage {
        SitePage(
            kind: .markdown(source: source), output: OutputPath.forSource(source), title: source, order: nil,
            frontMatter: nil, sectionIDs: ids)
    }

    static let pages: [SitePage] =
        [page("index.md", ids: ["home", "top"]), page("guide.md", ids: ["guide", "install", "setup"])]
        + (0..<40).map { page("p\($0).md", ids: ["p\($0)"] + (0..<20).map { "s\($0)" }) }
        + [
            SitePage(
                kind: .folderIndex(folder: "none/"), output: "none/index.html", title: "None", order: nil,
                frontMatter: nil, sectionIDs: [])
        ]

    static let links: [Link] = [
        "guide.md", "guide.md#install", "guide.md#nowhere", "#top", "#absent", "draft.md", "draft.md#x",
        "missing.md", "missing.png", "logo.png", "../outside.md", "p7.md#s19", "p7.md#s20", "p39.md#p39",
        "https://example.org/a.md#b", "guide.md#",
    ].enumerated().map { Link(url: $1, line: $0 + 1, column: 1, isImage: false) }

    @Test func checkerForFewPagesWarnsAsOneForAll() {
        let all = LinkChecker(resolver: Self.resolver, pages: Self.pages, drafts: ["draft.md"])
        let few = LinkChecker(resolver: Self.resolver, pages: Self.pages, drafts: ["draft.md"], checking: 1)
        func described(_ warnings: [SiteWarning]) -> [String] {
            warnings.map { "\($0.file):\($0.line ?? 0): \($0.message)" }
        }
        let expected = all.warnings(for: Self.links, in: "index.md")
        #expect(expected.map(\.message) == [
            "link to missing section 'guide.md#nowhere'", "link to missing section '#absent'",
            "link to draft page 'draft.md'", "link to draft page 'draft.md#x'", "link to missing page 'missing.md'",
            "link to missing file 'missing.png'", "link leads outside Content/: '../outside.md'",
            "link to missing section 'p7.md#s20'",
        ])
        #expect(described(few.warnings(for: Self.links, in: "index.md")) == described(expected))
    }
}
