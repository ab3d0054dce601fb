"""The header's light/dark/system switch: it cycles the three, the choice is remembered
(from file:// too) and set before the first paint, and a page without JavaScript follows
the system with no switch to show."""

import pytest
from selenium.webdriver.common.by import By

import support

PAGE = "writing/folding.html"
LIGHT = "rgb(255, 255, 255)"
DARK = "rgb(13, 17, 23)"
BACKGROUND = "return getComputedStyle(document.body).backgroundColor"
THEME = "return document.documentElement.getAttribute('data-theme')"

# Runs in every new document before its own scripts: notes the theme attribute when the
# <body> element appears. Nothing is painted before then, and the page's own script, at
# the end of the body, may come after the first paint.
WATCH_FIRST_PAINT = """
window.__fmTheme = {};
new MutationObserver((records, observer) => {
  if (!document.body) return;
  window.__fmTheme.atBody = document.documentElement.getAttribute('data-theme');
  observer.disconnect();
}).observe(document, { childList: true, subtree: true });
"""


def load_when_stored(driver, url, choice):
    """Loads url, again if needed, until the page has read `choice` from storage."""
    support.load_until(driver, url, lambda: driver.execute_script(THEME) == choice,
                       f"{url} never read the stored theme {choice!r}")


def set_system_scheme(driver, scheme):
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {
        "features": [{"name": "prefers-color-scheme", "value": scheme}]})


@pytest.fixture
def light_system(driver, site):
    """A page in a fresh browser (nothing stored) whose system scheme is light."""
    set_system_scheme(driver, "light")
    support.load(driver, support.page_url(site, PAGE))
    return driver


def test_switch_cycles_system_light_dark(light_system):
    driver = light_system
    button = driver.find_element(By.ID, "fm-theme")
    assert button.is_displayed()
    width, height = driver.execute_script(
        "const r = arguments[0].getBoundingClientRect(); return [r.width, r.height]", button)
    assert width >= 24 and height >= 24
    seen = []
    for _ in range(3):
        seen.append((button.get_attribute("aria-label"), driver.execute_script(THEME),
                     driver.execute_script(BACKGROUND)))
        button.click()
    assert seen == [("Theme: system", None, LIGHT), ("Theme: light", "light", LIGHT),
                    ("Theme: dark", "dark", DARK)]
    assert driver.execute_script(THEME) is None, "the fourth click does not go back to the system's"


def test_choice_is_remembered_and_set_before_the_first_paint(light_system, site):
    driver = light_system
    button = driver.find_element(By.ID, "fm-theme")
    button.click()
    button.click()
    assert driver.execute_script(THEME) == "dark"
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": WATCH_FIRST_PAINT})
    for page in (PAGE, "index.html"):   # the same page again, and another page of the site
        load_when_stored(driver, support.page_url(site, page), "dark")
        first = driver.execute_script("return window.__fmTheme")
        assert first == {"atBody": "dark"}, f"{page}: {first}"
        assert driver.execute_script(BACKGROUND) == DARK
        assert driver.find_element(By.ID, "fm-theme").get_attribute("aria-label") == "Theme: dark"


def test_light_choice_wins_over_a_dark_system(light_system):
    driver = light_system
    driver.find_element(By.ID, "fm-theme").click()
    set_system_scheme(driver, "dark")
    load_when_stored(driver, driver.current_url, "light")
    assert driver.execute_script(BACKGROUND) == LIGHT


@pytest.mark.parametrize("scheme, background", [("light", LIGHT), ("dark", DARK)])
def test_without_javascript_the_page_follows_the_system(site, nojs_driver, scheme, background):
    set_system_scheme(nojs_driver, scheme)
    support.load(nojs_driver, support.page_url(site, PAGE))
    assert nojs_driver.execute_script(THEME) is None
    assert nojs_driver.execute_script(BACKGROUND) == background
    assert not nojs_driver.find_element(By.ID, "fm-theme").is_displayed(), "a switch that cannot work"
