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
}
