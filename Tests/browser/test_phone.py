"""The phone layout puts the content first: a one-row header of at most 56 px, the page's
first paragraph on the first screen, nothing that scrolls sideways, controls of at least
24 x 24 px (WCAG 2.2 target size), and the page's actions in a menu that Escape closes."""

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

import support

HEADER_MAX = 56
TARGET_MIN = 24

# Every control a reader can see, with its size; links inside running text are left out
# (WCAG's inline exception: a sentence sets their height), and so are the disabled
# checkboxes of task lists, which show a state and do nothing.
CONTROLS_JS = """
const selector = 'button, input:not([disabled]), select, summary, header a, nav a, .fm-pager a, .fm-edit a';
return Array.from(document.querySelectorAll(selector)).filter(e => {
  const r = e.getBoundingClientRect();
  return r.width > 0 && r.height > 0 && getComputedStyle(e).visibility !== 'hidden';
}).map(e => {
  const r = e.getBoundingClientRect();
  const name = (e.id ? '#' + e.id : e.tagName.toLowerCase()) + ' ' +
    (e.getAttribute('aria-label') || e.textContent).trim().slice(0, 30);
  return [name, Math.round(r.width * 10) / 10, Math.round(r.height * 10) / 10];
});
"""


@pytest.fixture(scope="module", params=[390, 320])
def phone(request):
    d = support.make_driver(width=request.param, height=844)
    yield d
    d.quit()


@pytest.fixture
def phone_390():
    d = support.make_driver(width=390, height=844)
    yield d
    d.quit()


def test_every_page_fits_a_phone(site, pages, phone):
    problems = []
    for page in pages:
        support.load(phone, support.page_url(site, page))
        width, scroll, header = phone.execute_script(
            "return [innerWidth, document.documentElement.scrollWidth,"
            " document.querySelector('.fm-header').getBoundingClientRect().height]")
        if scroll > width:
            problems.append(f"{page}: scrolls sideways ({scroll} > {width} px)")
        if header > HEADER_MAX:
            problems.append(f"{page}: the header is {header} px high")
    assert not problems, "\n".join(problems)


def test_first_paragraph_is_on_the_first_screen(site, pages, phone_390):
    late = []
    for page in pages:
        support.load(phone_390, support.page_url(site, page))
        top = phone_390.execute_script(
            "const p = document.querySelector('main p');"
            "return p ? p.getBoundingClientRect().top + 48 : 0")
        if top > 844:
            late.append(f"{page}: the first paragraph starts at {top - 48:.0f} px")
    assert not late, "\n".join(late)


def test_controls_are_at_least_24_px(site, pages, phone):
    small = []
    for page in pages:
        support.load(phone, support.page_url(site, page))
        phone.execute_script("document.querySelectorAll('details').forEach(d => { d.open = true; })")
        for name, width, height in phone.execute_script(CONTROLS_JS):
            if width < TARGET_MIN or height < TARGET_MIN:
                small.append(f"{page}: {name!r} is {width} x {height} px")
    assert not small, f"{len(small)} controls under {TARGET_MIN} px:\n" + "\n".join(small[:30])


def test_actions_fold_into_a_menu_that_escape_closes(site, phone_390):
    support.load(phone_390, support.page_url(site, "writing/folding.html"))
    toggle = phone_390.find_element(By.ID, "fm-actions")
    expand = phone_390.find_element(By.ID, "fm-expand-all")
    assert toggle.is_displayed() and not expand.is_displayed()
    assert toggle.get_attribute("aria-controls") == "fm-actions-list"
    toggle.click()
    assert toggle.get_attribute("aria-expanded") == "true" and expand.is_displayed()
    assert phone_390.switch_to.active_element == expand, "the open menu does not take the focus"
    phone_390.switch_to.active_element.send_keys(Keys.ESCAPE)
    assert toggle.get_attribute("aria-expanded") == "false" and not expand.is_displayed()
    assert phone_390.switch_to.active_element == toggle, "Escape did not give the focus back"
    toggle.click()
    expand.click()
    assert not expand.is_displayed(), "the menu stays open after its action"
    states = phone_390.execute_script(
        "return Array.from(document.querySelectorAll('details.fm-section')).map(d => d.open)")
    assert all(states), "Expand all in the menu did not expand"
    toggle.click()
    phone_390.find_element(By.CSS_SELECTOR, "main p").click()
    assert not expand.is_displayed(), "a click elsewhere does not close the menu"


def test_wide_screen_shows_the_actions_without_a_menu(site, driver, nojs_driver):
    support.load(driver, support.page_url(site, "writing/folding.html"))
    assert driver.find_element(By.ID, "fm-expand-all").is_displayed()
    assert not driver.find_element(By.ID, "fm-actions").is_displayed()
    support.load(nojs_driver, support.page_url(site, "writing/folding.html"))
    for button in nojs_driver.find_elements(By.CSS_SELECTOR, ".fm-toolbar button"):
        assert not button.is_displayed(), "a button shows that cannot work without JavaScript"


def test_site_navigation_opens_over_the_page_from_the_header(site, phone_390):
    support.load(phone_390, support.page_url(site, "writing/folding.html"))
    menu = phone_390.find_element(By.CSS_SELECTOR, "nav.fm-sidebar > .fm-menu")
    listing = phone_390.find_element(By.CSS_SELECTOR, "nav.fm-sidebar > ul")
    rect = "const r = arguments[0].getBoundingClientRect(); return [r.top, r.bottom]"
    header = phone_390.execute_script(rect, phone_390.find_element(By.CSS_SELECTOR, ".fm-header"))
    top, bottom = phone_390.execute_script(rect, menu)
    assert header[0] <= top and bottom <= header[1], "the Menu button is not in the header's row"
    main_top = phone_390.execute_script(rect, phone_390.find_element(By.TAG_NAME, "main"))[0]
    menu.click()
    assert listing.is_displayed()
    assert phone_390.execute_script(rect, listing)[0] >= header[1] - 1, "the navigation covers the header"
    assert phone_390.execute_script(rect, phone_390.find_element(By.TAG_NAME, "main"))[0] == main_top, (
        "the open navigation pushes the page down instead of opening over it")
    phone_390.switch_to.active_element.send_keys(Keys.ESCAPE)
    assert not listing.is_displayed() and menu.get_attribute("aria-expanded") == "false"
    assert phone_390.switch_to.active_element == menu
    menu.click()
    phone_390.execute_script("document.querySelector('main p').click()")
    assert not listing.is_displayed(), "a click on the page does not close the navigation"


def test_search_key_cap_shows_only_where_there_is_a_keyboard(site, phone_390):
    """The search box's "/" key cap is left out on a phone (no key to press) and shows on a
    wide screen while the box is empty and not focused; the placeholder is never cut."""
    url = support.page_url(site, "index.html")

    def shown(driver):
        return driver.execute_script(
            "const k = document.querySelector('.fm-search-key');"
            " return !!k && getComputedStyle(k).display !== 'none' && k.getBoundingClientRect().width > 0")

    support.load(phone_390, url)
    assert not shown(phone_390)
    box = phone_390.find_element(By.ID, "fm-search-input")
    assert box.get_attribute("placeholder") == "Search"
    wide = support.make_driver(width=1280, height=900)
    try:
        support.load(wide, url)
        assert shown(wide)
        wide.find_element(By.ID, "fm-search-input").send_keys("fold")
        assert not shown(wide)
    finally:
        wide.quit()
