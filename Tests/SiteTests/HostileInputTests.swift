import FoldmarkTestSupport
import Foundation
import Testing

/// Pages written to attack their readers. With `unsafe` off (the default) no Markdown,
/// front matter or configuration can put a script, an event handler or a script URL into
/// a page, and nothing in a page can choose where foldmark writes. `Tests/browser/
/// test_hostile.py` loads such pages in Chromium; these tests pin the exact HTML.
@Suite struct HostileInputTests {
    static func buildMain(_ markdown: String, config: String? = nil) async throws -> (SiteBuild, String) {
        var files = ["Content/index.md": markdown]
        if let config { files["foldmark.yml"] = config }
        let site = try TemporarySite(files: files)
        let build = await site.build()
        guard build.succeeded else { return (build, "") }
        return (build, PageHTML.main(of: try site.read("_site/index.html")))
    }

    @Test func rawHTMLIsDropped() async throws {
        let (_, main) = try await Self.buildMain(
            """
            <script>window.__pwned = 1</script>

            <img src=x onerror="window.__pwned = 2">

            Inline <b onmouseover="x">bold</b>, <script>alert(1)</script> and <iframe src="javascript:alert(1)"></iframe>.
            """)
        #expect(
            main == """
                <!-- raw HTML omitted -->
                <!-- raw HTML omitted -->
                <p>Inline <!-- raw HTML omitted -->bold<!-- raw HTML omitted -->, <!-- raw HTML omitted -->alert(1)\
                <!-- raw HTML omitted --> and <!-- raw HTML omitted --><!-- raw HTML omitted -->.</p>

                """)
    }

    @Test(arguments: [
        ("[a](javascript:alert(1))", "<a href=\"\">a</a>"),
        ("[a](JaVaScRiPt:alert(1))", "<a href=\"\">a</a>"),
        ("[a](vbscript:msgbox(1))", "<a href=\"\">a</a>"),
        ("[a](data:text/html,<b>x</b>)", "<a href=\"\">a</a>"),
        ("[a](java&#x73;cript:alert(1))", "<a href=\"\">a</a>"),
        ("[a](&#106;avascript:alert(1))", "<a href=\"\">a</a>"),
        ("[a](<javascript:alert(1)>)", "<a href=\"\">a</a>"),
        ("<javascript:alert(1)>", "<a href=\"\">javascript:alert(1)</a>"),
        ("[a][r]\n\n[r]: javascript:alert(1)", "<a href=\"\">a</a>"),
        ("![a](javascript:alert(1))", "<img src=\"\" alt=\"a\" />"),
        ("![a](data:image/png;base64,iVBORw0KGgo=)", "<img src=\"data:image/png;base64,iVBORw0KGgo=\" alt=\"a\" />"),
        ("![a](data:image/svg+xml;base64,PHN2Zz4=)", "<img src=\"\" alt=\"a\" />"),
        (
            "[a](x.html \"\\\" onmouseover=\\\"alert(1)\")",
            "<a href=\"x.html\" title=\"&quot; onmouseover=&quot;alert(1)\">a</a>"
        ),
        // A link from the root (`/…`) is made relative; on a top-level page that would
        // leave `javascript:alert(1)`, a URL with a scheme, so foldmark writes `./`.
        ("[a](/javascript:alert(1))", "<a href=\"./javascript:alert(1)\">a</a>"),
    ])
    func scriptURLsAreNeutralised(markdown: String, html: String) async throws {
        let (_, main) = try await Self.buildMain(markdown + "\n")
        #expect(main == "<p>\(html)</p>\n")
    }

    @Test func rootLinkStaysAPathEvenWithUnsafeOn() async throws {
        let (_, main) = try await Self.buildMain("[a](/javascript:alert(1))\n", config: "unsafe: true\n")
        #expect(main == "<p><a href=\"./javascript:alert(1)\">a</a></p>\n")
    }

    @Test func attributeBlocksCannotInjectAttributes() async throws {
        let (_, main) = try await Self.buildMain("## Title {#x\" onclick=\"alert(1)}\n")
        #expect(main.contains("<details class=\"fm-section\" id=\"title-x-onclickalert1\" open>"))
        #expect(
            main.hasPrefix(
                "<div class=\"fm-fold\">\n<h2 class=\"fm-heading\" id=\"title-x-onclickalert1~title\">"
                    + "Title {#x&quot; onclick=&quot;alert(1)}</h2>"))

        let (id, _) = try await Self.buildMain("## Title {#x\"onclick=\"alert(1)\"}\n")
        #expect(!id.succeeded)
        #expect(
            id.errors.first
                == "Content/index.md:1: error: invalid section id 'x\"onclick=\"alert(1)\"': use letters, digits, '-', '_', ':' and '.' only"
        )
        let (classes, _) = try await Self.buildMain("## Title {.x\"onclick=alert(1)}\n")
        #expect(!classes.succeeded)
        #expect(
            classes.errors.first
                == "Content/index.md:1: error: invalid section class 'x\"onclick=alert(1)': use letters, digits, '-' and '_' only"
        )
        let (_, fine) = try await Self.buildMain("## Title {#ok .note_1 .collapsed}\n")
        #expect(fine.contains("<details class=\"fm-section note_1\" id=\"ok\">"))
    }

    @Test func frontMatterAndConfigurationAreEscapedInTextAndAttributes() async throws {
        let site = try TemporarySite(files: [
            "foldmark.yml": """
            title: "<script>window.__pwned = 'site'</script>"
            description: '"><script>alert(1)</script>'
            language: 'en" onload="alert(1)'

            """,
            "Templates/page.html": """
            <!doctype html><html lang="{{lang}}"><head><meta charset="utf-8"><title>{{page.title}}</title>\
            <meta name="description" content="{{page.description}}"></head><body>\
            <a href="{{page.link}}" title="{{page.note}}">{{site.title}}</a><main>{{{content}}}</main></body></html>
            """,
            "Content/index.md": """
            ---
            title: "</title><script>window.__pwned = 'title'</script>"
            description: '"><script>window.__pwned = "description"</script>'
            link: 'x" onclick="alert(1)'
            note: "' onmouseover='alert(1)"
            ---
            Text.

            """,
        ])
        let build = await site.build()
        #expect(build.succeeded, "\(build.errors)")
        #expect(
            try site.read("_site/index.html") == """
                <!doctype html><html lang="en&quot; onload=&quot;alert(1)"><head><meta charset="utf-8">\
                <title>&lt;/title&gt;&lt;script&gt;window.__pwned = &#39;title&#39;&lt;/script&gt;</title>\
                <meta name="description" content="&quot;&gt;&lt;script&gt;window.__pwned = &quot;description&quot;&lt;/script&gt;">\
                </head><body><a href="x&quot; onclick=&quot;alert(1)" title="&#39; onmouseover=&#39;alert(1)">\
                &lt;script&gt;window.__pwned = &#39;site&#39;&lt;/script&gt;</a><main><p>Text.</p>
                </main></body></html>
                """)
    }

    @Test func baseURLMustBeAWebURL() async throws {
        let site = try TemporarySite(files: [
            "foldmark.yml": "title: T\nbase_url: javascript:alert(1)//\n", "Content/index.md": "# A\n",
        ])
        let build = await site.build()
        #expect(!build.succeeded)
        #expect(build.errors.first == "foldmark.yml:2: error: 'base_url' must start with http:// or https://")
    }

    @Test func malformedConfigIsNotCalledFrontMatter() async throws {
        let site = try TemporarySite(files: ["foldmark.yml": "title: [Docs\n", "Content/index.md": "# A\n"])
        let build = await site.build()
        #expect(!build.succeeded)
        #expect(
            build.errors.first
                == "foldmark.yml:2:1: error: malformed YAML: while parsing a flow sequence that starts at line 1, "
                + "column 8: did not find expected ',' or ']'", "\(build.errors)")
    }

    @Test func idsAreSafeForHTMLAndURLs() async throws {
        let (_, main) = try await Self.buildMain(
            """
            # "Quotes" & a < b > 'n' spaces
            # Content
            # Ünïcödé {#ünï-1}

            """)
        // `content` is the id of the layout's <main>: the slug steps around it.
        #expect(PageHTML.sectionTags(in: main) == ["quotes--a--b--n-spaces open", "content-1 open", "ünï-1 open"])
        let (reserved, _) = try await Self.buildMain("# Main {#content}\n")
        #expect(!reserved.succeeded)
        #expect(
            reserved.errors.first
                == "Content/index.md:1: error: section id 'content' is used by the page layout; choose another")
    }

    @Test func frontMatterCannotChooseWherePagesAreWritten() async throws {
        let escape = FileManager.default.temporaryDirectory.appending(path: "foldmark-escape-\(UUID().uuidString)")
        let keys = ["output", "permalink", "path", "url", "slug", "file", "dest", "out"]
        let values = ["../../escape.html", escape.path + "/page.html", "/etc/foldmark-escape.html"]
        let frontMatter = keys.enumerated().map { "\($1): \"\(values[$0 % values.count])\"" }.joined(separator: "\n")
        let site = try TemporarySite(files: ["Content/a.md": "---\n\(frontMatter)\n---\n# A\n"])
        #expect(await site.build().succeeded)
        #expect(
            site.filesWithoutTheme() == [
                "404.html", "a.html", "index.html", "search/d0.js",
                "search/index.js",  // no search terms: single letters are not indexed
            ])
        #expect(!FileManager.default.fileExists(atPath: escape.path))
        #expect(!FileManager.default.fileExists(atPath: "/etc/foldmark-escape.html"))
        #expect(!site.exists("escape.html") && !site.exists("../escape.html"))
    }
}
