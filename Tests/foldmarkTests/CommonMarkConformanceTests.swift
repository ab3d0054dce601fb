import FoldmarkTestSupport
import Foundation
import Testing

@testable import foldmark

/// Every example of the CommonMark spec through `foldmark render` and through libcmark
/// alone. The suite is read at test time from where ``SpecData`` finds it.
@Suite(.enabled(if: CommonMarkExamples.available, Comment(rawValue: SpecData.absence(of: CommonMarkExamples.name))))
struct CommonMarkConformanceTests {
    @Test func examplesWithoutHeadingsMatchLibcmarkExactly() async throws {
        var compared = 0
        for example in CommonMarkExamples.all where !example.startsWithFrontMatterFence {
            let libcmark = CommonMarkText.libcmarkHTML(example.markdown)
            guard !CommonMarkExamples.hasHeading(libcmark) else { continue }
            let main = CommonMarkExamples.withoutCodeFrames(try await CommonMarkExamples.foldmarkMain(example.markdown))
            #expect(main == libcmark, "example \(example.number)")
            compared += 1
        }
        #expect(compared > 500)
        print("CommonMark: \(compared) examples without headings identical to libcmark")
    }

    @Test func everyWordOfLibcmarkAppearsInOrder() async throws {
        var compared = 0
        for example in CommonMarkExamples.all where !example.startsWithFrontMatterFence {
            let expected = CommonMarkText.words(CommonMarkText.libcmarkHTML(example.markdown))
            let actual = CommonMarkText.words(try await CommonMarkExamples.foldmarkMain(example.markdown))
            #expect(CommonMarkText.isSubsequence(expected, of: actual), "example \(example.number)")
            compared += 1
        }
        #expect(compared == CommonMarkExamples.all.count - 2)
        print("CommonMark: \(compared) of \(CommonMarkExamples.all.count) examples keep every word in order")
    }

    /// A file that starts with a `---` line opens front matter, as in every static site
    /// generator. Two spec examples start so: in 96 (`---\nFoo\n---…`) the front matter is
    /// not a mapping, an error naming the line; 98 (`---\n---\n`) is empty front matter.
    @Test func examplesOpeningWithDashesAreFrontMatter() async throws {
        let fenced = CommonMarkExamples.all.filter(\.startsWithFrontMatterFence)
        #expect(fenced.map(\.number) == [96, 98])
        let file = FileManager.default.temporaryDirectory.appending(path: "cm-\(UUID().uuidString).md")
        defer { try? FileManager.default.removeItem(at: file) }
        try fenced[0].markdown.write(to: file, atomically: true, encoding: .utf8)
        let run = await ToolRun.run(["render", file.path])
        #expect(run.status == 1)
        #expect(run.errors == "\(file.path):2: error: front matter must be a mapping of keys to values\n")
        #expect(try await CommonMarkExamples.foldmarkMain(fenced[1].markdown) == "")
    }
}

struct CommonMarkExample: Decodable {
    var markdown: String
    var number: Int

    enum CodingKeys: String, CodingKey {
        case markdown
        case number = "example"
    }

    var startsWithFrontMatterFence: Bool {
        let first = markdown.prefix(while: { $0 != "\n" })
        return first.hasPrefix("---") && first.dropFirst(3).allSatisfy { $0 == " " || $0 == "\t" }
    }
}

enum CommonMarkExamples {
    static let name = "commonmark-0.31.2.json"
    static let file = SpecData.find(name)

    static var available: Bool { file != nil }

    static let all: [CommonMarkExample] = {
        guard let file, let data = FileManager.default.contents(atPath: file.path) else { return [] }
        return (try? JSONDecoder().decode([CommonMarkExample].self, from: data)) ?? []
    }()

    static func hasHeading(_ html: String) -> Bool {
        (1...6).contains { html.contains("<h\($0)>") }
    }

    /// What `foldmark render` puts inside `<main>`, without the newline the layout adds.
    /// (The tag's attributes vary: `data-fm-hash` is the hash of the page's source.)
    static func foldmarkMain(_ markdown: String) async throws -> String {
        let file = FileManager.default.temporaryDirectory.appending(path: "cm-\(UUID().uuidString).md")
        try markdown.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let run = await ToolRun.run(["render", file.path])
        guard run.status == 0, let tag = run.output.range(of: "<main id=\"content\""),
            let start = run.output[tag.upperBound...].range(of: ">\n"),
            let end = run.output.range(of: "\n</main>", options: .backwards)
        else { return "status \(run.status): \(run.errors)" }
        return String(run.output[start.upperBound..<end.lowerBound])
    }

    /// `html` without the frame foldmark puts around each code block (a line with the bar,
    /// the language and a Copy button, and the box that scrolls; then their closing
    /// `</div></div>` after cmark's `</pre>`), which
    /// is all that sets foldmark's code blocks apart from libcmark's.
    static func withoutCodeFrames(_ html: String) -> String {
        var lines = html.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var open = 0
        var index = 0
        while index < lines.count {
            let line = lines[index]
            if line.hasPrefix("<div class=\"fm-code\"><div class=\"fm-code-bar\""),
                line.hasSuffix("<div class=\"fm-code-scroll\" tabindex=\"0\">")
            {
                lines.remove(at: index)
                open += 1
                continue
            }
            if open > 0, line == "</div></div>", index > 0, lines[index - 1].hasSuffix("</code></pre>") {
                lines.remove(at: index)
                open -= 1
                continue
            }
            index += 1
        }
        return lines.joined(separator: "\n")
    }
}
