import Sections
import Testing

@Suite struct SlugTests {
    @Test(arguments: [
        ("Hello World", "hello-world"),
        ("What's new?", "whats-new"),
        ("C++ & Swift", "c--swift"),
        ("Ünïcode Straße", "ünïcode-straße"),
        ("日本語の見出し", "日本語の見出し"),
        ("snake_case-and-dash", "snake_case-and-dash"),
        ("  two  spaces", "--two--spaces"),
        ("Emoji 🎉 party", "emoji--party"),
        ("Version 2.0", "version-20"),
    ])
    func slugIsGitHubCompatible(text: String, slug: String) {
        #expect(Slugger.slug(text) == slug)
    }

    @Test func uniqueSlugsCountUp() {
        var slugger = Slugger(reserved: ["taken"])
        #expect(["a", "a", "taken", "a"].map { slugger.uniqueSlug(for: $0) } == ["a", "a-1", "taken-1", "a-2"])
    }

    @Test func explicitIDValidation() {
        #expect(Slugger.isValidExplicitID("api:v2.install_now-1"))
        #expect(Slugger.isValidExplicitID("straße"))
        #expect(!Slugger.isValidExplicitID(""))
        #expect(!Slugger.isValidExplicitID("a\"b"))
        #expect(!Slugger.isValidExplicitID("a<b"))
        #expect(!Slugger.isValidExplicitID("a/b"))
    }
}
