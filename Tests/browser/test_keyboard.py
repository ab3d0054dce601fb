"""The keyboard: "Skip to content" is the first stop of the Tab key and leads into the
page's content, and every control that the Tab key reaches shows where the focus is.
(Escape closing the search results and the phone menu: test_search.py, test_phone.py.)"""

import pytest
from selenium.webdriver.common.keys import Keys

import support

PAGES = ["writing/sections.html", "writing/callouts-and-code.html", "writing/tables-and-task-lists.html"]

# The focused element, how its focus shows (outline or box shadow), and whether it is in
# the window.
FOCUS_JS = """
const e = document.activeElement;
if (!e || e === document.body) return null;
const s = getComputedStyle(e);
const r = e.getBoundingClientRect();
const ring = (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0) || s.boxShadow !== 'none';
return {tag: e.tagName, id: e.id, cls: e.className, text: e.textContent.trim().slice(0, 40),
        ring: ring, inMain: !!e.closest('main'),
        shown: r.width > 0 && r.height > 0 && r.bottom > 0 && r.top < innerHeight};
"""


def tab(driver):
    driver.switch_to.active_element.send_keys(Keys.TAB)
    return driver.execute_script(FOCUS_JS)


@pytest.mark.parametrize("page", PAGES)
def test_skip_link_comes_first_and_leads_into_the_content(driver, site, page):
    support.load(driver, support.page_url(site, page))
    first = tab(driver)
    assert first and first["text"] == "Skip to content", f"the first Tab stop is {first}"
    assert first["shown"], "the skip link does not show when it has the focus"
    driver.switch_to.active_element.send_keys(Keys.ENTER)
    support.wait_for(lambda: driver.execute_script("return location.hash") == "#content",
                     "the skip link did not go to #content")
    after = tab(driver)
    assert after and after["inMain"], f"after skipping, the Tab key goes to {after}"


@pytest.mark.parametrize("page", PAGES)
def test_every_tab_stop_shows_its_focus(driver, site, page):
    support.load(driver, support.page_url(site, page))
    seen, problems = [], []
    for _ in range(400):
        focus = tab(driver)
        if focus is None or focus in seen[:1]:
            break
        seen.append(focus)
        if not focus["ring"]:
            problems.append(focus)
    assert len(seen) > 5, f"the Tab key reached only {seen}"
    assert not problems, f"{page}: Tab stops with no visible focus: {problems}"
