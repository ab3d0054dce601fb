"""The reader's control over folds, in headless Chromium from file://: Alt-click on a
subtree, keyboard shortcuts, remembered state, ?open= links, accordions, the button at
the end of long sections and the CSS-only animation. They run on the documentation page
about folding (Content/writing/folding.md), which uses every one of these features."""

import json

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

import support

PAGE = "writing/folding.html"


@pytest.fixture
def folding(site, driver):
    support.load(driver, support.page_url(site, PAGE))
    return driver


def is_open(driver, section_id):
    return driver.execute_script("return document.getElementById(arguments[0]).open", section_id)


def summary(driver, section_id):
    return driver.find_element(By.CSS_SELECTOR, f"details[id='{section_id}'] > summary")


def subtree_states(driver, section_id):
    return driver.execute_script(
        "const d = document.getElementById(arguments[0]);"
        "return [d.open].concat(Array.from(d.querySelectorAll('details.fm-section'), (s) => s.open));",
        section_id)


def open_ids(driver):
    return set(driver.execute_script(
        "return Array.from(document.querySelectorAll('details.fm-section'))"
        ".filter((d) => d.open).map((d) => d.id)"))


def test_page_starts_with_its_fold_rule(folding):
    # fold_from_level: 4 in the page's front matter closes the level 4 section only.
    assert is_open(folding, "fold-rules")
    assert is_open(folding, "how-words-are-counted")
    assert not is_open(folding, "a-section-this-page-closes")


def test_alt_click_opens_and_closes_a_whole_subtree(folding):
    states = subtree_states(folding, "fold-rules")
    assert len(states) >= 3 and not all(states), states
    ActionChains(folding).key_down(Keys.ALT).click(summary(folding, "fold-rules")).key_up(Keys.ALT).perform()
    # Alt-click on an open section closes it and everything inside it.
    assert not any(subtree_states(folding, "fold-rules"))
    ActionChains(folding).key_down(Keys.ALT).click(summary(folding, "fold-rules")).key_up(Keys.ALT).perform()
    assert all(subtree_states(folding, "fold-rules"))
    # Other sections are left alone.
    assert is_open(folding, "accordions")


def test_alt_enter_on_a_focused_heading_toggles_its_subtree(folding):
    summary(folding, "fold-rules").send_keys(Keys.ALT, Keys.ENTER)
    assert not any(subtree_states(folding, "fold-rules"))
    summary(folding, "fold-rules").send_keys(Keys.ALT, Keys.ENTER)
    assert all(subtree_states(folding, "fold-rules"))


def test_a_plain_click_still_toggles_one_section(folding):
    summary(folding, "fold-rules").click()
    assert not is_open(folding, "fold-rules")
    # Its subsections keep their own state.
    assert folding.execute_script("return document.getElementById('how-words-are-counted').open")


def test_keyboard_shortcuts_expand_and_collapse_all(folding):
    body = folding.find_element(By.TAG_NAME, "body")
    body.send_keys("c")
    assert open_ids(folding) == set()
    body.send_keys("e")
    total = folding.execute_script("return document.querySelectorAll('details.fm-section').length")
    # Accordion members open too (see test_print.py for how they close again).
    assert len(open_ids(folding)) == total
    # Typing "c" in a text field types; it does not fold the page.
    folding.execute_script(
        "const i = document.createElement('input'); i.id = 'probe'; document.body.prepend(i);")
    folding.find_element(By.ID, "probe").send_keys("c")
    assert len(open_ids(folding)) == total


# Where the page keeps the reader's folds, as a JavaScript expression.
FOLDS_KEY = "'foldmark:folds:' + location.pathname"


def stored_folds(driver):
    return driver.execute_script(f"return localStorage.getItem({FOLDS_KEY})")


def set_stored_folds(driver, text):
    """Stores `text` as the page's folds, as another tab of the page would."""
    driver.execute_script(f"localStorage.setItem({FOLDS_KEY}, arguments[0])", text)


def wait_for_stored(driver, toggled):
    """Waits until the page has stored exactly these toggled sections (it does so shortly
    after the last toggle)."""
    def stored():
        text = stored_folds(driver)
        return text is not None and set(json.loads(text)["toggled"]) == set(toggled)
    support.wait_for(stored, f"the page never stored exactly {toggled}")


def store_folds(driver, page_hash, toggled, applied):
    """Stores folds for the current page and reloads it until `applied()` says the page
    read them; returns the stored text, made as the page's script makes it
    (JSON.stringify)."""
    state = driver.execute_script(
        "return JSON.stringify({hash: arguments[0], toggled: arguments[1]})", page_hash, toggled)
    set_stored_folds(driver, state)
    support.reload_until(driver, applied, f"the page never read the folds {state}")
    return state


def page_hash(driver):
    return driver.execute_script("return document.getElementById('content').dataset.fmHash")


def test_reload_keeps_the_readers_folds(folding):
    summary(folding, "accordions").click()
    folding.execute_script("document.getElementById('a-section-this-page-closes').open = true")
    wait_for_stored(folding, ["accordions", "a-section-this-page-closes"])
    expected = open_ids(folding)
    support.reload_until(folding, lambda: open_ids(folding) == expected, "the reloaded page never restored the folds")
    assert not is_open(folding, "accordions")
    assert is_open(folding, "a-section-this-page-closes")


def test_stored_folds_expire_when_the_page_changes(folding):
    # Folds kept for another version of the page are removed as the page opens.
    store_folds(folding, "an-older-page", ["fold-rules"], lambda: stored_folds(folding) is None)
    assert is_open(folding, "fold-rules")
    # The same state with the page's current hash does apply, and stays.
    state = store_folds(folding, page_hash(folding), ["fold-rules"], lambda: not is_open(folding, "fold-rules"))
    assert stored_folds(folding) == state


def test_a_toggle_that_changes_nothing_stores_nothing(folding):
    # The browser fires toggle for every section that starts open, as the page opens.
    # Such an event must not overwrite what another tab stored since.
    store_folds(folding, page_hash(folding), ["fold-rules"], lambda: not is_open(folding, "fold-rules"))
    elsewhere = json.dumps({"hash": page_hash(folding), "toggled": ["questions"]})
    set_stored_folds(folding, elsewhere)
    # The page saves 100 ms after a toggle; timers run in order, so the one set after
    # the event, for a longer delay, runs after any save.
    folding.execute_script(
        "document.getElementById('accordions').dispatchEvent(new Event('toggle'));"
        "setTimeout(() => { window.fmTestSaved = true; }, 300);")
    support.wait_for(lambda: folding.execute_script("return window.fmTestSaved === true"), "timer never ran")
    assert stored_folds(folding) == elsewhere
    # A real change is stored.
    summary(folding, "accordions").click()
    wait_for_stored(folding, ["fold-rules", "accordions"])


def test_shared_link_opens_exactly_those_sections(site, driver):
    url = support.page_url(site, PAGE) + "?open=questions"
    support.load(driver, url)
    # The listed section and what holds it are open; everything else is closed.
    assert open_ids(driver) == {"accordions", "questions"}


def test_copy_link_reproduces_the_readers_open_sections(site, folding):
    summary(folding, "fold-rules").click()
    folding.execute_script("document.getElementById('a-section-this-page-closes').open = true")
    visible = folding.execute_script(
        "return Array.from(document.querySelectorAll('details.fm-section')).filter((d) => {"
        "  for (let n = d; n; n = n.parentElement) if (n.tagName === 'DETAILS' && !n.open) return false;"
        "  return true; }).map((d) => d.id)")
    button = folding.find_element(By.ID, "fm-share-folds")
    assert button.is_displayed()
    button.click()
    support.wait_for(lambda: "open=" in folding.current_url, "Copy link did not put ?open= in the address")
    shared = folding.current_url
    other = support.make_driver()
    try:
        support.load(other, shared)
        assert open_ids(other) == set(visible)
    finally:
        other.quit()


def test_shared_link_wins_over_the_stored_state(site, folding):
    summary(folding, "questions").click()
    wait_for_stored(folding, ["questions"])
    support.load(folding, support.page_url(site, PAGE) + "?open=questions")
    assert is_open(folding, "questions")
    assert not is_open(folding, "fold-rules")


def test_accordion_closes_the_open_sibling(folding):
    first = "does-an-accordion-work-without-javascript"
    second = "can-a-reader-still-open-every-section"
    assert is_open(folding, first) and not is_open(folding, second)
    summary(folding, second).click()
    assert is_open(folding, second)
    assert not is_open(folding, first)


def test_accordion_works_without_javascript(site, nojs_driver):
    support.load(nojs_driver, support.page_url(site, PAGE))
    nojs_driver.find_element(By.CSS_SELECTOR, "details[id='can-an-accordion-be-nested'] > summary").click()
    assert not is_open(nojs_driver, "does-an-accordion-work-without-javascript")


def test_collapse_button_at_the_end_of_a_long_section(folding):
    button = folding.find_element(By.CSS_SELECTOR, "details[id='long-sections'] > .fm-fold-end")
    folding.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)
    assert button.is_displayed()
    button.click()
    assert not is_open(folding, "long-sections")
    top = folding.execute_script(
        "return document.querySelector(\"details[id='long-sections'] > summary\").getBoundingClientRect().top")
    assert 0 <= top < folding.execute_script("return innerHeight")
    assert folding.execute_script("return document.activeElement.parentElement.id") == "long-sections"
    # Short sections have no such button.
    assert not folding.find_elements(By.CSS_SELECTOR, "details[id='whole-subtrees'] > .fm-fold-end")


def test_collapse_buttons_are_hidden_without_javascript(site, nojs_driver):
    support.load(nojs_driver, support.page_url(site, PAGE))
    buttons = nojs_driver.find_elements(By.CSS_SELECTOR, ".fm-fold-end")
    assert buttons and not any(button.is_displayed() for button in buttons)
    assert not nojs_driver.find_element(By.ID, "fm-share-folds").is_displayed()


CONTENT_STYLE = """
const d = document.getElementById(arguments[0]);
const s = getComputedStyle(d, '::details-content');
return {duration: s.transitionDuration, property: s.transitionProperty,
        visibility: s.contentVisibility, display: s.display};
"""


def test_sections_animate_in_css_with_a_capped_duration(folding):
    # The page script turns the animation off while it restores folds at load, until the
    # next frame (`fm-instant`): on a loaded machine that frame can come after the load.
    support.wait_for(lambda: not folding.execute_script(
        "return document.documentElement.classList.contains('fm-instant')"),
        "the page never turned its opening animation back on")
    style = folding.execute_script(CONTENT_STYLE, "fold-rules")
    assert "height" in style["property"]
    durations = [float(value.rstrip("s")) for value in style["duration"].split(",")]
    assert 0 < max(durations) <= 0.3
    # Nothing but CSS: opening starts a CSS transition on the section's content.
    started = folding.execute_script(
        "const d = document.getElementById('a-section-this-page-closes'); d.open = true;"
        "return d.getAnimations({subtree: true}).map((a) => a.constructor.name)")
    assert started and all(name == "CSSTransition" for name in started)


def test_no_animation_under_reduced_motion(site, driver):
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {
        "features": [{"name": "prefers-reduced-motion", "value": "reduce"}]})
    support.load(driver, support.page_url(site, PAGE))
    style = driver.execute_script(CONTENT_STYLE, "fold-rules")
    assert all(float(value.rstrip("s")) == 0 for value in style["duration"].split(","))


def test_closed_content_stays_findable(folding):
    # Chromium's find-in-page opens a closed <details> whose content matches, as long as
    # the content is skipped with content-visibility rather than removed with display.
    style = folding.execute_script(CONTENT_STYLE, "a-section-this-page-closes")
    assert style["display"] != "none"
    assert style["visibility"] == "hidden"


def test_no_console_errors(folding):
    ActionChains(folding).key_down(Keys.ALT).click(summary(folding, "fold-rules")).key_up(Keys.ALT).perform()
    folding.find_element(By.TAG_NAME, "body").send_keys("e")
    assert support.browser_errors(folding) == []
