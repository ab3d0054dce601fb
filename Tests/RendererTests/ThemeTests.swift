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

    @Test func fixedIDsAreTheLiteralIDsOfTheHTMLTemplates() {
        let theme = Theme(files: [
            "page.html": "<main id=\"content\"><p id=\"{{id}}\"></p><p id=\"\"></p><nav  id=\"menu\">",
            "section.html": "<details id=\"x-{{id}}\"><div id=\"fold-all\" class=\"a\"></div>",
            "toc-item.html": "<li id=\"content\">\n<b data-id=\"not\">", "notes.css": "#a{} p[id=\"css\"]{}",
            "end.html": "<a id=\"unclosed",
        ])
        // The same id in two files is one; one made with a tag, an empty one, another
        // attribute that ends in `id`, a file that is not HTML and an unclosed value are not ids.
        #expect(theme.fixedIDs == ["content", "fold-all", "menu"])
    }
}
