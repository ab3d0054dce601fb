import Sections
import Testing

@testable import Site

/// The build cache's key holds every setting of `foldmark.yml`: a setting left out would
/// let a build reuse pages made under the old value.
@Suite struct SiteConfigKeyTests {
    @Test func everySettingChangesTheKey() {
        let base = SiteConfig()
        var changed: [SiteConfig] = []
        func with(_ change: (inout SiteConfig) -> Void) {
            var config = base
            change(&config)
            changed.append(config)
        }
        with { $0.title = "Docs" }
        with { $0.description = "" }
        with { $0.language = "de" }
        with { $0.allowsRawHTML = true }
        with { $0.foldRules.collapsed = true }
        with { $0.foldRules.fromLevel = 3 }
        with { $0.foldRules.longerThan = 100 }
        with { $0.baseURL = "" }
        with { $0.editURL = "" }
        with { $0.tocDepth = 2 }
        with { $0.remembersFolds = false }
        with { $0.search = .off }
        with { $0.search = .headings }
        let keys = [base.cacheKey] + changed.map(\.cacheKey)
        #expect(Set(keys).count == keys.count)
        // A text that holds the separator cannot pass for two fields.
        var split = base
        split.title = "a\u{1}en"
        split.language = "b"
        var joined = base
        joined.title = "a"
        joined.language = "en\u{1}b"
        #expect(split.cacheKey != joined.cacheKey)
    }

    /// A new setting must be added to ``SiteConfig/cacheKey`` and to the test above; this
    /// fails until the counts here are changed too.
    @Test func theKeyKnowsEveryStoredSetting() {
        #expect(Mirror(reflecting: SiteConfig()).children.count == 10)
        #expect(Mirror(reflecting: FoldRules()).children.count == 3)
    }
}
