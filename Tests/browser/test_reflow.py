"""Reflow (WCAG 1.4.10): at 320 CSS pixels wide, and in a 1280-pixel window zoomed to
200 %, every page fits the window's width with every fold open: the page does not
scroll sideways, and nothing but code blocks and tables (which scroll in their own box)
reaches past the window's edge."""

import pytest

import support

# Elements whose box ends past the window's right edge, other than those inside a box
# that scrolls sideways by itself (a code block, a table).
OVERFLOW_JS = """
document.querySelectorAll('details').forEach(d => { d.open = true; });
const width = document.documentElement.clientWidth;
const scrolls = (e) => { const x = getComputedStyle(e).overflowX; return x === 'auto' || x === 'scroll'; };
const inScroller = (e) => { for (let p = e.parentElement; p; p = p.parentElement) if (scrolls(p)) return true; return false; };
const out = [];
for (const e of document.body.querySelectorAll('*')) {
  const r = e.getBoundingClientRect();
  if (r.width === 0 || r.height === 0 || r.right <= width + 1 || inScroller(e)) continue;
  out.push(e.tagName + (e.id ? '#' + e.id : '') + (e.className && e.className.baseVal === undefined ? '.' + e.className : '')
           + ' right=' + Math.round(r.right));
}
return {page: document.documentElement.scrollWidth, width: width, out: out.slice(0, 10)};
"""

# (window width, device pixels per CSS pixel): a phone's 320 CSS px, and a 1280-pixel
# window at 200 % zoom, which lays the page out 640 CSS px wide.
VIEWS = [(320, 1), (640, 2)]


@pytest.mark.parametrize("width, scale", VIEWS)
def test_every_page_reflows(site, pages, width, scale):
    driver = support.make_driver(width=width, height=800)
    try:
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
            "width": width, "height": 800, "deviceScaleFactor": scale, "mobile": False})
        problems = []
        for rel in pages:
            support.load(driver, support.page_url(site, rel))
            found = driver.execute_script(OVERFLOW_JS)
            if found["page"] > found["width"] or found["out"]:
                problems.append(f"{rel}: page {found['page']} px wide in {found['width']}: {found['out']}")
        assert not problems, "\n".join(problems)
    finally:
        driver.quit()
