import Testing

@testable import Basics

@Suite struct NumberTextTests {
    /// One takes the noun as it is; every other count, zero included, its plural.
    @Test func countedNounsArePluralUnlessOne() {
        #expect(NumberText.counted(1, "page") == "1 page")
        #expect(NumberText.counted(0, "page") == "0 pages")
        #expect(NumberText.counted(2, "more file") == "2 more files")
    }
}
