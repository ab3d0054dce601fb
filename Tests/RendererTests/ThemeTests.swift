import Testing

@testable import Renderer

@Suite struct ThemeTests {
    @Test func everyStylesheetAndScriptIsInlinedRequiredFileFirst() {
        let theme = Theme(files: [
            "style.css": "a{color:red}", "zeta.css": "b{color:blue}", "alpha.css": "i{color:green}",
            "script.js": "var one=1;", "search.js": "var two=2;", "page.html": "", "notes.txt": "x",
        ])
        #expect(theme.stylesheet == "a{color:red}\ni{color:green}\nb{color:blue}")
        #expect(theme.script == "var one=1;\nvar two=2;")
    }

    @Test func aSiteFileOverridesOneStylesheetAndKeepsTheOthers() {
        let theme = Theme(files: ["style.css": "a{}", "code.css": "pre{}"]).overriding(with: ["code.css": "code{}"])
        #expect(theme.stylesheet == "a{}\ncode{}")
    }
}
