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

    /// The minifier reads bytes; it removes what the rules of `javaScriptKeepsLineBreaks`
    /// say and nothing else, as a reading of the script line by line as `Character`s does:
    /// the default theme's script with and without backticks, and lines with tabs, blanks
    /// only, text past ASCII, and a `//` that does not start the line.
    @Test func javaScriptAsLinesOfCharactersWouldBe() throws {
        func byCharacters(_ source: String) -> String {
            if source.contains("`") { return source }
            return source.split(separator: "\n", omittingEmptySubsequences: true)
                .map { $0.drop(while: { $0 == " " || $0 == "\t" }) }
                .filter { !$0.isEmpty && !$0.hasPrefix("//") }
                .joined(separator: "\n")
        }
        // The theme's script has backticks in its comments: it is left as it is.
        let theme = try RepositoryTheme.load()
        let samples = [
            theme.script, theme.script.replacingOccurrences(of: "`", with: "'"),
            "\t\t var é = \"ü\";\n \t \n\n\t// gone\n  x = 1 // kept\n/ /kept\n", "", "\n\n", "a",
            "  //\n//", "\u{1F600} // x\n\t\u{301}y",
        ]
        for sample in samples {
            #expect(Minifier.javaScript(sample) == byCharacters(sample), "\(sample.prefix(40).debugDescription)")
        }
        #expect(Minifier.javaScript(theme.script) == theme.script)
        let plain = theme.script.replacingOccurrences(of: "`", with: "'")
        #expect(Minifier.javaScript(plain).utf8.count < plain.utf8.count * 9 / 10)
    }
}
