"""Pages built from hostile Markdown, front matter and configuration, loaded in Chromium:
with `unsafe` off (the default) no script runs and no request leaves the page.

Every attack tries to set `window.__pwned` (the probe) and to fetch a URL of a small
HTTP server that this module runs on 127.0.0.1, which records what it is asked for. The
same corpus built with `unsafe: true` is the control: there raw HTML passes, so the
probe fires and the server is reached, which shows that the probe and the server would
notice. The site is built with the binary named by $FOLDMARK_BIN (scripts/test.sh sets it).

Markdown images with an http(s) URL are not attacks but the author's choice, and would
make requests; the corpus has none.
"""

import http.server
import os
import threading
from urllib.parse import unquote, urlsplit

import pytest

import support

FOLDMARK_BIN = os.environ.get("FOLDMARK_BIN")
pytestmark = pytest.mark.skipif(
    not FOLDMARK_BIN,
    reason="FOLDMARK_BIN is not set: point it at a foldmark binary (scripts/test.sh does)")


class Recorder(http.server.BaseHTTPRequestHandler):
    requests = []

    def do_GET(self):  # noqa: N802 (the name http.server calls)
        Recorder.requests.append(self.path)
        self.send_response(204)
        self.end_headers()

    do_POST = do_GET

    def log_message(self, *args):
        pass


@pytest.fixture(scope="module")
def probe_server():
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Recorder)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()


def corpus(origin):
    """The hostile site: every file, by path. `origin` is the probe server's address."""
    def hit(name):
        # Backticks, not quotes, so that the payload fits in YAML and HTML attributes.
        return f"window.__pwned=`{name}`;fetch(`{origin}/{name}`)"

    raw = f"""
<script>{hit("script-block")}</script>

<img src="{origin}/img-block" onerror="{hit('img-onerror')}">

<iframe src="javascript:{hit('iframe')}"></iframe>

<svg onload="{hit('svg')}"><rect/></svg>

<link rel="stylesheet" href="{origin}/link-css">

<style>@import url("{origin}/style-import");</style>

<meta http-equiv="refresh" content="0; url={origin}/refresh">

<object data="{origin}/object"></object>

<details open ontoggle="{hit('ontoggle')}"><summary>raw</summary></details>

Inline <img src=x onerror="{hit('img-inline')}"> and <b onmouseover="{hit('hover')}">bold</b> and
<a href="javascript:{hit('raw-link')}">raw link</a>.
"""
    # Link destinations cannot hold backticks (they would start code spans): these
    # payloads only set the probe.
    links = """
[a](javascript:window.__pwned=1) [b](JaVaScRiPt:window.__pwned=2) [c](vbscript:msgbox(1))
[d](data:text/html,<script>alert(1)</script>) [e](java&#x73;cript:window.__pwned=3)
[f](<javascript:window.__pwned=4>) <javascript:window.__pwned=5> [g][ref] [h](/javascript:window.__pwned=6)
![i](javascript:window.__pwned=7) ![j](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)
[l](x.html "\" onmouseover=\"window.__pwned=8")

[ref]: javascript:window.__pwned=9
"""
    headings = """
## Attribute {#x" onclick="window.__pwned=10}

## Plain {.wide .collapsed}

Text under a section.

### Quotes " and <angles> & 'apostrophes'
"""
    front = f"""---
title: "</title><script>{hit('fm-title')}</script>"
description: '"><script>{hit('fm-description')}</script>'
custom: '<img src=x onerror="{hit('fm-custom')}">'
output: ../../escaped.html
---
"""
    return {
        "foldmark.yml": (
            f"title: \"<script>{hit('site-title')}</script>\"\n"
            f"description: '\"><img src=x onerror=\"{hit('site-description')}\">'\n"),
        "Content/index.md": front + "# Hostile page\n\nIntroduction.\n" + raw + links + headings,
        "Content/other.md": "---\ntitle: '\"><svg onload=alert(1)>'\n---\n" + raw,
        "Content/a b.md": "# Space\n",
        "Content/ünïcödé.md": "# Unicode\n",
        "Content/c#d.md": "# Hash\n",
        "Content/e?f.md": "# Question\n",
        "Content/g%h.md": "# Percent\n",
        "Content/names.md": "# Names\n\n[1](<a b.md>) [2](ünïcödé.md) [3](c%23d.md) [4](e%3Ff.md) [5](g%25h.md)\n",
    }


def build(tmp, origin, unsafe):
    root = tmp / ("unsafe" if unsafe else "safe")
    files = corpus(origin)
    if unsafe:
        files["foldmark.yml"] += "unsafe: true\n"
    out = support.build_files(root, files, FOLDMARK_BIN)
    assert not (tmp / "escaped.html").exists() and not (root / "escaped.html").exists()
    return out


@pytest.fixture(scope="module")
def sites(tmp_path_factory, probe_server):
    tmp = tmp_path_factory.mktemp("hostile")
    return build(tmp, probe_server, unsafe=False), build(tmp, probe_server, unsafe=True)


# Everything a script could leave behind, and every attribute that could run one.
INSPECT_JS = """
const handlers = [];
for (const element of document.querySelectorAll('*')) {
  for (const attribute of element.attributes) {
    if (attribute.name.toLowerCase().startsWith('on')) handlers.push(element.tagName + ' ' + attribute.name);
  }
}
const urls = Array.from(document.querySelectorAll('[href], [src], [action], [data], [formaction]'))
  .map(e => e.getAttribute('href') || e.getAttribute('src') || e.getAttribute('action') || e.getAttribute('data') || '')
  .filter(u => /^\\s*(javascript|vbscript|data:(?!image\\/(png|gif|jpeg|webp)))/i.test(u));
return {
  pwned: window.__pwned === undefined ? null : String(window.__pwned),
  handlers: handlers,
  scriptURLs: urls,
  scripts: Array.from(document.scripts).map(s => s.parentElement.tagName),
  frames: document.querySelectorAll('iframe, object, embed, frame').length,
  title: document.title,
};
"""


def visit(driver, site, page):
    """Loads a page, opens and closes every section and hovers and clicks every heading
    and link of the content (a click that navigates is undone), then inspects it."""
    support.load(driver, support.page_url(site, page))
    driver.execute_script("""
      for (const d of document.querySelectorAll('details')) { d.open = !d.open; d.open = !d.open; }
      for (const e of document.querySelectorAll('main summary, main h1, main h2, main h3, main b, main a')) {
        e.dispatchEvent(new MouseEvent('mouseover', {bubbles: true}));
      }
      for (const a of document.querySelectorAll('main a')) {
        a.addEventListener('click', event => event.preventDefault());
        a.click();
      }
    """)
    support.wait_until_loaded(driver, driver.current_url)
    return driver.execute_script(INSPECT_JS)


@pytest.mark.parametrize("page", ["index.html", "other.html"])
def test_no_script_runs_and_no_request_leaves(sites, page, driver):
    safe, _ = sites
    Recorder.requests.clear()
    driver.get_log("performance")  # drop what earlier tests left
    found = visit(driver, safe, page)
    assert found["pwned"] is None, f"a script ran: {found['pwned']}"
    assert found["handlers"] == []
    assert found["scriptURLs"] == []
    # The theme's own two: the theme switch's line in <head>, and the page's script.
    assert found["scripts"] == ["HEAD", "BODY"], "only the theme's own scripts"
    assert found["frames"] == 0
    if page == "index.html":
        assert found["title"].startswith("</title><script>"), "the title is shown as text"
    assert support.network_problems(driver, safe) == []
    assert Recorder.requests == []


def test_following_any_link_runs_no_script(sites, driver):
    """Clicks each link of the content for real, on a fresh load of the page each time."""
    safe, _ = sites
    url = support.page_url(safe, "index.html")
    support.load(driver, url)
    count = driver.execute_script("return document.querySelectorAll('main a').length")
    assert count >= 8
    for index in range(count):
        support.load(driver, url)
        driver.execute_script("document.querySelectorAll('main a')[arguments[0]].click()", index)
        support.wait_until_loaded(driver, driver.current_url)
        ran = driver.execute_script(
            "return window.__pwned !== undefined || /^\\s*\\d+\\s*$/.test(document.body ? document.body.innerText : '')")
        assert not ran, f"link {index} ran a script"


def test_the_probe_notices_when_raw_html_is_let_through(sites, driver):
    """The control: with `unsafe: true` the raw HTML of the same corpus runs."""
    _, unsafe = sites
    Recorder.requests.clear()
    found = visit(driver, unsafe, "index.html")
    support.wait_for(lambda: Recorder.requests, "the unsafe page made no request to the probe server")
    assert found["pwned"] is not None
    assert found["handlers"] != []


def test_links_to_odd_file_names_work(sites, driver):
    safe, _ = sites
    support.load(driver, support.page_url(safe, "names.html"))
    hrefs = driver.execute_script("return Array.from(document.querySelectorAll('main a')).map(a => a.href)")
    assert len(hrefs) == 5
    titles = []
    for href in hrefs:
        assert urlsplit(href).scheme == "file"
        assert os.path.isfile(unquote(urlsplit(href).path)), href
        support.load(driver, href)
        titles.append(driver.title.split(" · ")[0])
    assert titles == ["Space", "Unicode", "Hash", "Question", "Percent"]
