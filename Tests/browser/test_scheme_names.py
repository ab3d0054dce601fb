"""Pages and folders named like URL schemes (`javascript:…`, `c:d`, `mailto:…`), built and
loaded in Chromium: every link foldmark makes from a file name (sidebar, breadcrumbs,
previous/next, folder indexes, search results) stays a link to a file of the site, and
clicking one runs no script.

A link written as `javascript:window.__pwned=1,{}.html` would run `window.__pwned=1` when
clicked (the `,{}.html` keeps the rest an expression), so the probe `window.__pwned`
shows whether it ran. The site is built with $FOLDMARK_BIN (scripts/test.sh sets it).
"""

import os
from urllib.parse import unquote, urlsplit

import pytest

import support

FOLDMARK_BIN = os.environ.get("FOLDMARK_BIN")
pytestmark = pytest.mark.skipif(
    not FOLDMARK_BIN,
    reason="FOLDMARK_BIN is not set: point it at a foldmark binary (scripts/test.sh does)")

# File names (without .md) that a browser would read as a URL with a scheme.
SCHEME_NAMES = [
    "javascript:window.__pwned=1,{}",
    "JaVaScRiPt:window.__pwned=2,{}",
    "vbscript:msgbox",
    "data:text",
    "c:d",
    "mailto:someone",
    "file:etc",
    "http:example",
]


@pytest.fixture(scope="module")
def scheme_site(tmp_path_factory):
    root = tmp_path_factory.mktemp("schemes")
    files = {"Content/index.md": "# Home\n\nThe pages of this site are named like URL schemes.\n"}
    for number, name in enumerate(SCHEME_NAMES):
        files[f"Content/{name}.md"] = f"# Scheme page {number}\n\nText of page {number} schemeword.\n"
    # A folder named like a scheme, with pages under it (no index.md: a generated one).
    files["Content/javascript:window.__pwned=3,{}/inner.md"] = "# Inner page\n\nschemeword inside.\n"
    files["Content/data:folder/deeper.md"] = "# Deeper page\n\nschemeword deeper.\n"
    return support.build_files(root, files, FOLDMARK_BIN)


# Every URL of the page's links, scripts and styles, as the browser resolves it.
URLS_JS = """
return Array.from(document.querySelectorAll('[href], [src]')).map(e => {
  const raw = e.getAttribute('href') !== null ? e.getAttribute('href') : e.getAttribute('src');
  return {raw: raw, resolved: new URL(raw, document.baseURI).href};
});
"""


def inside_site(site, resolved):
    """Whether the resolved URL is a file:// URL of a file of the site (fragment aside)."""
    parts = urlsplit(resolved)
    if parts.scheme != "file":
        return False
    path = os.path.realpath(unquote(parts.path))
    return path.startswith(str(site.resolve()) + os.sep) and os.path.exists(path)


def test_every_link_of_every_page_leads_into_the_site(scheme_site, driver):
    pages = support.html_pages(scheme_site)
    # Every scheme-named page was written, and so was the folder's generated index.
    assert len(pages) >= len(SCHEME_NAMES) + 4
    outside = []
    for page in pages:
        support.load(driver, support.page_url(scheme_site, page))
        for link in driver.execute_script(URLS_JS):
            if not inside_site(scheme_site, link["resolved"]):
                outside.append((page, link["raw"], link["resolved"]))
    assert outside == []


def test_clicking_each_sidebar_link_opens_its_page_and_runs_nothing(scheme_site, driver):
    home = support.page_url(scheme_site, "index.html")
    support.load(driver, home)
    count = driver.execute_script("return document.querySelectorAll('nav a[href]').length")
    assert count >= len(SCHEME_NAMES)
    for number in range(count):
        support.load(driver, home)
        target = driver.execute_script(
            "const a = document.querySelectorAll('nav a[href]')[arguments[0]];"
            "const url = new URL(a.getAttribute('href'), document.baseURI).href;"
            "a.click(); return url;", number)
        support.wait_for(lambda: driver.execute_script("return document.readyState") == "complete"
                         and driver.current_url.split("#")[0] == target.split("#")[0],
                         f"link {number} did not open {target}")
        assert driver.execute_script("return window.__pwned === undefined")
        assert driver.current_url.startswith("file://")


def test_search_results_lead_into_the_site(scheme_site, driver):
    support.load(driver, support.page_url(scheme_site, "index.html"))
    hits = driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "window.foldmarkSearch.query('schemeword').then(r => done(r.hits.map(h => h.href)),"
        " e => done(['error: ' + e]));")
    assert len(hits) >= len(SCHEME_NAMES) + 2
    resolved = driver.execute_script(
        "return arguments[0].map(h => new URL(h, document.baseURI).href);", hits)
    assert [url for url in resolved if not inside_site(scheme_site, url.split("#")[0])] == []
