import Testing

@testable import Sections

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

    /// The byte-wise path for ASCII headings gives exactly what the Unicode definition gives.
    @Test func asciiFastPathMatchesTheUnicodeDefinition() {
        let every = String(decoding: (0..<128).map { UInt8($0) }, as: UTF8.self)
        for text in [every, "Hello World", "A_b-C  d\t(e)", "Version 2.0 [draft]"] + every.map(String.init) {
            #expect(Slugger.asciiSlug(text) == Slugger.unicodeSlug(text), "\(text.debugDescription)")
        }
        #expect(Slugger.asciiSlug("Straße") == nil)
    }

    @Test func uniqueSlugsCountUp() {
        var slugger = Slugger(reserved: ["taken"])
        #expect(["a", "a", "taken", "a"].map { slugger.uniqueSlug(for: $0) } == ["a", "a-1", "taken-1", "a-2"])
    }

    /// Many headings from a few texts, some of which look like numbered slugs, with
    /// reserved ids among them: the ids are those of the definition, which tries `-1`,
    /// `-2`, … until one is free, also past the point where the slugger keeps a set.
    @Test func uniqueSlugsMatchTheDefinition() {
        let reserved = ["content", "a-2", "b"]
        var used = Set(reserved)
        func reference(_ text: String) -> String {
            var base = Slugger.slug(text)
            if base.isEmpty { base = "section" }
            var candidate = base
            var counter = 0
            while used.contains(candidate) {
                counter += 1
                candidate = "\(base)-\(counter)"
            }
            used.insert(candidate)
            return candidate
        }
        let texts = ["A", "a 1", "B", "Content", "a-1", "", "!", "a", "C d"]
        var slugger = Slugger(reserved: reserved)
        var state: UInt64 = 3
        for index in 0..<300 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let text = texts[Int(state >> 33) % texts.count]
            #expect(slugger.uniqueSlug(for: text) == reference(text), "heading \(index): \(text)")
        }
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
