import FoldmarkTestSupport
import Foundation
import Testing

@testable import Site

/// The files that `foldmark init` writes, apart from the command (see `InitCommandTests`).
@Suite struct SiteInitializerTests {
    /// Each `# key: value` line of the configuration that `init` writes: the key, the line
    /// without its `# `, and whether the value shown is the key's default.
    static let settingLines: [(key: String, line: String, isDefault: Bool)] = SiteInitializer.configuration
        .split(separator: "\n").compactMap { line in
            guard let match = line.wholeMatch(of: /# ([a-z_]+): .*/) else { return nil }
            return (String(match.output.1), String(line.dropFirst(2)), !line.hasSuffix("(no default)"))
        }

    /// A key that ``SiteConfig`` reads and `init` does not list would fail this.
    @Test func configurationListsEverySetting() {
        let keys = Self.settingLines.map(\.key)
        #expect(Set(keys) == SiteConfig.knownKeys)
        #expect(keys.count == SiteConfig.knownKeys.count, "a key listed twice")
    }

    /// As written, the file changes nothing: the site builds as with no file.
    @Test func configurationAsWrittenIsTheDefault() throws {
        var warnings: [SiteWarning] = []
        let config = try SiteConfig(yaml: SiteInitializer.configuration, file: "foldmark.yml", warnings: &warnings)
        #expect(config == SiteConfig())
        #expect(warnings.isEmpty)
    }

    /// Each line, once its `# ` is removed, is a valid setting; and the value that a line
    /// gives as the default is the default.
    @Test func eachSettingLineIsValidAndTellsItsDefault() throws {
        for (key, line, isDefault) in Self.settingLines {
            var warnings: [SiteWarning] = []
            let config = try SiteConfig(yaml: line, file: "foldmark.yml", warnings: &warnings)
            #expect(warnings.isEmpty, "\(key)")
            #expect((config == SiteConfig()) == isDefault, "\(line)")
        }
    }

    @Test(arguments: [
        ("", [".foldmark-cache/", "_site/"]),
        ("_site/\n.foldmark-cache/\n", []),
        ("  /_site  \n/.foldmark-cache/", []),
        ("_site/index.html\n#_site/\n", ["_site/", ".foldmark-cache/"]),
    ])
    func ignoreFileLacks(text: String, missing: [String]) {
        #expect(Set(SiteInitializer.missingLines(in: text)) == Set(missing))
    }
}
