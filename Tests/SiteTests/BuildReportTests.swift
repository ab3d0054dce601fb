import Foundation
import Testing

@testable import Site

/// `--json` writes the report itself (``BuildReport/json``): it must read back as the
/// report, whatever the names and messages hold.
@Suite struct BuildReportTests {
    @Test func jsonReadsBackAsTheReport() throws {
        var report = BuildReport(
            warnings: [
                SiteWarning(file: "Content/a\"b.md", line: 3, column: 7, .stored("link to 'x\\y'\n\ttab")),
                SiteWarning(file: "Content/ü\u{2028}.md", .stored("control \u{01} and \u{1F} end")),
            ],
            errors: [])
        report.pages = 12
        report.cached = 3
        report.written = ["a.html", "dir/b \"q\".html"]
        report.removed = []
        report.timings = [("read", 0.25), ("parse", 1e-7), ("read", 0.5)]
        report.seconds = 1.5
        let object = try #require(JSONSerialization.jsonObject(with: Data(report.json.utf8)) as? [String: Any])
        #expect(Set(object.keys) == [
            "assets", "cached", "drafts", "errors", "ok", "pages", "removed", "seconds", "timings", "unchanged",
            "warnings", "written",
        ])
        #expect(object["pages"] as? Int == 12 && object["cached"] as? Int == 3 && object["ok"] as? Bool == true)
        #expect(object["written"] as? [String] == ["a.html", "dir/b \"q\".html"])
        #expect((object["removed"] as? [Any])?.isEmpty == true && (object["errors"] as? [Any])?.isEmpty == true)
        #expect(object["seconds"] as? Double == 1.5)
        let timings = try #require(object["timings"] as? [String: Double])
        #expect(timings == ["read": 0.75, "parse": 1e-7])
        let warnings = try #require(object["warnings"] as? [[String: Any]])
        #expect(warnings.count == 2)
        #expect(warnings[0]["file"] as? String == "Content/a\"b.md" && warnings[0]["line"] as? Int == 3)
        #expect(warnings[0]["column"] as? Int == 7 && warnings[0]["message"] as? String == "link to 'x\\y'\n\ttab")
        #expect(warnings[1]["file"] as? String == "Content/ü\u{2028}.md" && warnings[1]["line"] == nil)
        #expect(warnings[1]["message"] as? String == "control \u{01} and \u{1F} end")
        #expect(warnings[1]["severity"] as? String == "warning")
    }
}
