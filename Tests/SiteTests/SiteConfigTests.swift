import Sections
import Testing

@testable import Site

/// Reading `foldmark.yml`: one run names every wrong setting and every repeated key.
@Suite struct SiteConfigTests {
    private func problems(_ yaml: String) throws -> [String] {
        var warnings: [SiteWarning] = []
        let error = try #require(throws: SiteError.self) {
            try SiteConfig(yaml: yaml, file: "foldmark.yml", warnings: &warnings)
        }
        return error.allProblems.map(\.description)
    }

    @Test func everyWrongSettingIsReportedWithItsLine() throws {
        let yaml =
            "search: titles\ntitle: [a]\nlanguage: de\nunsafe: maybe\ntoc_depth: 9\nbase_url: ftp://x\nedit_url: x\n"
        #expect(
            try problems(yaml) == [
                "foldmark.yml:1: error: 'search' must be true, false or headings",
                "foldmark.yml:2: error: 'title' must be text",
                "foldmark.yml:4: error: 'unsafe' must be true or false",
                "foldmark.yml:5: error: 'toc_depth' must be a number from 0 to 6",
                "foldmark.yml:6: error: 'base_url' must start with http:// or https://",
                "foldmark.yml:7: error: 'edit_url' must start with http:// or https://",
            ])
    }

    @Test func oneWrongSettingIsOneProblem() throws {
        #expect(
            try problems("title: T\ncollapsed: maybe\n") == ["foldmark.yml:2: error: 'collapsed' must be true or false"]
        )
    }

    @Test func repeatedKeysAreErrorsAtEveryDepth() throws {
        let yaml = "title: A\nextra:\n  k: 1\n  k: 2\ntitle: B\nunsafe: maybe\n"
        #expect(
            try problems(yaml) == [
                "foldmark.yml:4:3: error: duplicate key 'k' (first on line 3)",
                "foldmark.yml:5:1: error: duplicate key 'title' (first on line 1)",
                "foldmark.yml:6: error: 'unsafe' must be true or false",
            ])
        // The simple reader's way: one flat mapping.
        #expect(
            try problems("search: true\nsearch: false\n") == [
                "foldmark.yml:2:1: error: duplicate key 'search' (first on line 1)"
            ])
    }
}
