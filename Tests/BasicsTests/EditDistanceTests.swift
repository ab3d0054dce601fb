import Basics
import Testing

@Suite struct EditDistanceTests {
    @Test(arguments: [
        ("", "", 0), ("", "abc", 3), ("build", "build", 0), ("bild", "build", 1), ("biuld", "build", 1),
        ("titel", "title", 1), ("--outt", "--out", 1), ("kitten", "sitting", 3), ("ab", "ba", 1),
        ("ca", "abc", 3), ("Title", "title", 1), ("é", "e", 1),
    ])
    func distances(a: String, b: String, expected: Int) {
        #expect(EditDistance.between(a, b) == expected)
        #expect(EditDistance.between(b, a) == expected)
    }

    @Test func thresholdGrowsWithLength() {
        #expect([1, 4, 5, 8, 9, 20].map(EditDistance.threshold(forLength:)) == [1, 1, 2, 2, 3, 3])
    }

    @Test func suggestsTheOneNearWord() {
        let commands = ["build", "check", "render", "serve", "init"]
        #expect(EditDistance.suggestion(for: "bild", among: commands) == "build")
        #expect(EditDistance.suggestion(for: "chekc", among: commands) == "check")
        #expect(EditDistance.suggestion(for: "titel", among: ["title", "description", "language"]) == "title")
        #expect(EditDistance.suggestion(for: "--outt", among: ["--out", "--drafts", "--jobs"]) == "--out")
    }

    @Test func suggestsNothingFarTiedOrExact() {
        #expect(EditDistance.suggestion(for: "frobnicate", among: ["build", "check", "render"]) == nil)
        // "xy" is 2 slips from "ab": over the threshold of 1 for its length.
        #expect(EditDistance.suggestion(for: "xy", among: ["ab"]) == nil)
        #expect(EditDistance.suggestion(for: "bat", among: ["cat", "hat"]) == nil)
        #expect(EditDistance.suggestion(for: "build", among: ["build", "built"]) == nil)
        #expect(EditDistance.suggestion(for: "abc", among: [String]()) == nil)
    }

    @Test func didYouMeanIsEmptyForNone() {
        #expect(EditDistance.didYouMean("title") == " (did you mean 'title'?)")
        #expect(EditDistance.didYouMean(nil) == "")
    }
}
