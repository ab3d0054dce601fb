import Testing

@testable import Renderer

@Suite struct MinifierTests {
    @Test func cssLosesCommentsAndBlanksButKeepsMeaning() {
        let css = """
            /* theme */
            details[open] > summary > .fm-arrow {
              transform: rotate(45deg);   /* down */
              font: 16px/1.6 system-ui, "Segoe UI";
            }
            a:hover, .x .y { content: "a  /* not a comment */  b"; }
            @media (prefers-reduced-motion: reduce) {
              .fm-arrow { transition: none; }
            }
            """
        #expect(
            Minifier.css(css)
                == "details[open]>summary>.fm-arrow{transform: rotate(45deg);font: 16px/1.6 system-ui,\"Segoe UI\";}"
                + "a:hover,.x .y{content: \"a  /* not a comment */  b\";}"
                + "@media (prefers-reduced-motion: reduce){.fm-arrow{transition: none;}}")
    }

    /// Blank space past ASCII goes like any other; letters past ASCII, in names or strings,
    /// stay whole; an escaped quote does not end a string; an unclosed comment runs to the end.
    @Test func cssPastASCII() {
        let css = ".café\u{A0}>\u{3000}b {\u{2028}content: \"«\\\" x »\";\u{A0}}\n.😀 , .x\u{85}{ color: red }/* open"
        #expect(Minifier.css(css) == ".café>b{content: \"«\\\" x »\";}.😀,.x{color: red}")
    }

    @Test func javaScriptKeepsLineBreaks() {
        let script =
            "// header\n(function () {\n  \"use strict\";\n\n  // why\n  var a = 1\n  var b = a // keep\n})();\n"
        #expect(Minifier.javaScript(script) == "(function () {\n\"use strict\";\nvar a = 1\nvar b = a // keep\n})();")
    }

    @Test func templateLiteralsAreLeftAlone() {
        let script = "var text = `\n  // kept\n`;\n"
        #expect(Minifier.javaScript(script) == script)
    }

    /// A backtick in a comment line does not keep a script as it is; one in a line of code
    /// does, and so does a line that ends in a backslash (a string that goes on).
    @Test func onlyBackticksInCodeAndContinuedStringsKeepAScript() {
        #expect(Minifier.javaScript("  // a `name`\n  var a = 1\n") == "var a = 1")
        #expect(Minifier.javaScript("var a = 1 // `name`\n") == "var a = 1 // `name`\n")
        let continued = "var s = \"a\\\n  // b\";\n"
        #expect(Minifier.javaScript(continued) == continued)
        let continuedCRLF = "var s = \"a\\\r\n  b\";\r\n"
        #expect(Minifier.javaScript(continuedCRLF) == continuedCRLF)
    }

    /// The minifier reads bytes; it does what its rules say and nothing else, as a reading
    /// of the script line by line as `Character`s does: the default theme's script, with
    /// and without backticks in its comments, and lines with tabs, blanks only, text past
    /// ASCII, backticks, a continued string, and a `//` that does not start the line.
    @Test func javaScriptAsLinesOfCharactersWouldBe() throws {
        func byCharacters(_ source: String) -> String {
            let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
                .map { $0.drop(while: { $0 == " " || $0 == "\t" }) }
            for line in lines where line.hasSuffix("\\") || (!line.hasPrefix("//") && line.contains("`")) {
                return source
            }
            return lines.filter { !$0.isEmpty && !$0.hasPrefix("//") }.joined(separator: "\n")
        }
        let theme = try RepositoryTheme.load()
        let samples = [
            theme.script, theme.script.replacingOccurrences(of: "`", with: "'"),
            "\t\t var é = \"ü\";\n \t \n\n\t// gone `x`\n  x = 1 // kept\n/ /kept\n", "", "\n\n", "a",
            "  //\n//", "\u{1F600} // x\n\t\u{301}y", "a\n  b = `c`\n", "a = \"\\\n  // b\"\n",
        ]
        for sample in samples {
            #expect(Minifier.javaScript(sample) == byCharacters(sample), "\(sample.prefix(40).debugDescription)")
        }
        // The default theme's script has backticks in comments only: it is minified.
        #expect(Minifier.javaScript(theme.script).utf8.count < theme.script.utf8.count * 9 / 10)
    }
}
