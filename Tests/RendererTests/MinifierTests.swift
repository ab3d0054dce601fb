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

    @Test func javaScriptKeepsLineBreaks() {
        let script = "// header\n(function () {\n  \"use strict\";\n\n  // why\n  var a = 1\n  var b = a // keep\n})();\n"
        #expect(Minifier.javaScript(script) == "(function () {\n\"use strict\";\nvar a = 1\nvar b = a // keep\n})();")
    }

    @Test func templateLiteralsAreLeftAlone() {
        let script = "var text = `\n  // kept\n`;\n"
        #expect(Minifier.javaScript(script) == script)
    }
}
