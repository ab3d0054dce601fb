"""Every page of the built site in $FOLDMARK_SITE loads cleanly in a browser and keeps
the page-level parts of the output contract."""

import os
import re
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

import support


def _pages_for_params():
    try:
        site = support.site_dir()
    except RuntimeError:
        return []
    return support.html_pages(site)


PAGES = _pages_for_params()

STRUCTURE_JS = """
const secs = Array.from(document.querySelectorAll('details.fm-section'));
const ids = Array.from(document.querySelectorAll('[id]')).map(e => e.id);
const dup = ids.filter((id, i) => ids.indexOf(id) !== i);
const metas = Array.from(document.querySelectorAll('meta[charset]'));
const main = document.querySelector('main');
return {
  doctype: document.doctype ? document.doctype.name : null,
  compatMode: document.compatMode,
  lang: document.documentElement.getAttribute('lang'),
  metaCharsets: metas.map(m => m.getAttribute('charset')),
  characterSet: document.characterSet,
  title: document.title,
  titleElements: document.querySelectorAll('head > title').length,
  mains: document.querySelectorAll('main').length,
  sections: secs.length,
  headingsInButtons: document.querySelectorAll(
    ':is(summary, button, [role=button]) :is(h1, h2, h3, h4, h5, h6)').length,
  malformed: secs.filter(d => {
    const s = d.firstElementChild;
    const h = d.previousElementSibling;
    return !s || s.tagName !== 'SUMMARY' || !h || !/^H[1-6]$/.test(h.tagName) || !h.id ||
      s.getAttribute('aria-labelledby') !== h.id;
  }).map(d => d.id || d.outerHTML.slice(0, 80)),
  withoutId: secs.filter(d => !d.id).length,
  outsideMain: secs.filter(d => !main || !main.contains(d)).length,
  duplicateIds: Array.from(new Set(dup)),
  links: Array.from(document.querySelectorAll('a[href]')).map(a => [a.getAttribute('href'), a.href]),
};
"""


@pytest.fixture(scope="module")
def page_driver():
    d = support.make_driver()
    yield d
    d.quit()


def test_site_has_pages():
    assert PAGES, "the site has no .html page"
    assert "index.html" in PAGES, "the site has no index.html"


@pytest.mark.parametrize("page", PAGES)
def test_page_loads_cleanly_and_keeps_contract(page_driver, site, page):
    driver = page_driver
    driver.get_log("browser")
    driver.get_log("performance")
    support.load(driver, support.page_url(site, page))
    info = driver.execute_script(STRUCTURE_JS)

    errors = support.browser_errors(driver)
    assert not errors, "console errors: " + "; ".join(e["message"] for e in errors)
    problems = support.network_problems(driver, site)
    assert not problems, "requests outside the site: " + "; ".join(problems)

    assert info["doctype"] == "html" and info["compatMode"] == "CSS1Compat", \
        f"not an HTML5 document in standards mode (doctype {info['doctype']!r}, {info['compatMode']})"
    assert info["lang"], "<html> has no lang attribute"
    assert [c.lower() for c in info["metaCharsets"]] == ["utf-8"], \
        f"expected one <meta charset=\"utf-8\">, found {info['metaCharsets']}"
    assert info["characterSet"] == "UTF-8"
    assert info["titleElements"] == 1 and info["title"].strip(), "missing or empty <title>"
    assert info["mains"] == 1, f"expected exactly one <main>, found {info['mains']}"
    assert info["headingsInButtons"] == 0, (
        f"{info['headingsInButtons']} headings inside a summary or another button")
    assert not info["malformed"], (
        "sections not preceded by their heading, or whose summary does not come first or is "
        f"not labelled by that heading: {info['malformed']}")
    assert info["withoutId"] == 0, f"{info['withoutId']} sections have no id"
    assert info["outsideMain"] == 0, f"{info['outsideMain']} sections are outside <main>"
    assert not info["duplicateIds"], f"duplicate ids: {info['duplicateIds']}"

    broken = []
    for raw, resolved in info["links"]:
        parts = urlsplit(resolved)
        if parts.scheme != "file":
            continue  # links to the web are content, not requests the page makes
        target = Path(os.path.realpath(unquote(parts.path)))
        if target != site and site not in target.parents:
            broken.append(f"{raw} (outside the site)")
            continue
        if target.is_dir():
            target = target / "index.html"
        if not target.is_file():
            broken.append(f"{raw} (no such file)")
            continue
        fragment = unquote(parts.fragment)
        if fragment and target.suffix == ".html":
            text = target.read_text(encoding="utf-8", errors="replace")
            if not re.search(r"""\sid=["']?%s["'\s>]""" % re.escape(fragment), text):
                broken.append(f"{raw} (no element with id {fragment!r})")
    assert not broken, "broken relative links: " + ", ".join(broken)
