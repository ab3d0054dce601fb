"""The heading row of a section, which is its heading followed by the <details> that
folds it (a heading inside the summary, a button, is no heading to some screen readers):
what the browser does natively with it, with no script."""

import pytest
from selenium.webdriver.common.action_chains import ActionChains

import support


# Where a click at (x, y) in the window lands: the element there, and whether it is the
# section's summary or inside it.
HIT_JS = """
const hit = document.elementFromPoint(arguments[1], arguments[2]);
return !!hit && arguments[0].querySelector(':scope > summary').contains(hit);
"""


def test_a_click_anywhere_on_the_heading_row_folds_without_javascript(nojs_driver, site, toggle_case):
    """The heading stands outside the summary (a heading in a button is no heading to some
    screen readers), and the summary lies over the heading's row: a click on the heading's
    text, or at the row's far end, reaches it."""
    driver = nojs_driver
    page, section = toggle_case
    support.load(driver, support.page_url(site, page))
    element = support.section_element(driver, section)
    heading = driver.execute_script("return arguments[0].previousElementSibling", element)
    assert heading.tag_name in ("h1", "h2", "h3", "h4", "h5", "h6"), heading.tag_name
    box = driver.execute_script(
        "const r = arguments[0].getBoundingClientRect(); return [r.left, r.top, r.width, r.height]", heading)
    for x in (box[0] + 4, box[0] + box[2] - 4):
        y = box[1] + box[3] / 2
        assert driver.execute_script(HIT_JS, element, x, y), f"a click at ({x}, {y}) misses the summary"
        before = support.is_open(driver, element)
        ActionChains(driver).move_to_element_with_offset(heading, int(x - box[0] - box[2] / 2), 0).click().perform()
        support.wait_for(lambda: support.is_open(driver, element) != before,
                         f"a click on the heading's row at x={x} did not toggle the section")


# The first run of five plain words in a paragraph of the section's own text, or null.
PLAIN_WORDS_JS = """
for (const p of arguments[0].querySelectorAll(':scope > p')) {
  const words = p.textContent.trim().split(/\\s+/);
  for (let i = 0; i + 5 <= words.length; i++) {
    const run = words.slice(i, i + 5);
    if (run.every(w => /^[A-Za-z]+$/.test(w))) return run.join(' ');
  }
}
return null;
"""


def test_a_text_fragment_opens_the_closed_sections_around_it(nojs_driver, site, deep_case):
    """Chromium opens a closed <details> around what find-in-page or a link to a text
    fragment (#:~:text=) reaches, with no script: the text stays in the <details>."""
    driver = nojs_driver
    page, section = deep_case
    url = support.page_url(site, page)
    support.load(driver, url)
    element = support.section_element(driver, section)
    words = driver.execute_script(PLAIN_WORDS_JS, element)
    if words is None:
        pytest.skip(f"#{section['id']} has no paragraph with five plain words in a row")
    assert not driver.execute_script("return arguments[0].checkVisibility()", element)
    support.load(driver, url + "#:~:text=" + words.replace(" ", "%20"))
    element = support.section_element(driver, section)
    support.wait_for(lambda: driver.execute_script("return arguments[0].checkVisibility()", element),
                     f"{page}: the text fragment {words!r} did not open #{section['id']} and its ancestors")
