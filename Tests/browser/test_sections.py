"""Behaviour of collapsible sections in a real browser (headless Chromium), against the
built site in $FOLDMARK_SITE. Pages and sections are picked from the site itself; see
the *_case fixtures in conftest.py."""

import base64
import io
import math
import re
import time

from pypdf import PdfReader
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

import support

# The arrow of a section: the .fm-arrow element of its summary or, failing that, a
# ::before/::after pseudo-element of the summary that has content.
ARROW_JS = """
window.__fmArrowStyle = function (d) {
  const s = d.querySelector(':scope > summary');
  if (!s) return null;
  const el = s.querySelector(':scope > .fm-arrow');
  if (el) return getComputedStyle(el);
  for (const p of ['::before', '::after']) {
    const cs = getComputedStyle(s, p);
    if (cs.content && cs.content !== 'none' && cs.content !== 'normal') return cs;
  }
  return null;
};
window.__fmArrowInfo = function (d) {
  const cs = window.__fmArrowStyle(d);
  if (!cs) return null;
  const secs = (v) => v.split(',').map((x) => {
    x = x.trim(); return x.endsWith('ms') ? parseFloat(x) / 1000 : parseFloat(x);
  });
  const props = cs.transitionProperty.split(',').map((x) => x.trim());
  const durations = secs(cs.transitionDuration), delays = secs(cs.transitionDelay);
  let i = -1;
  props.forEach((p, k) => { if (p === 'transform' || p === 'all') i = k; });
  return {
    transform: cs.transform,
    transitionProperty: cs.transitionProperty,
    duration: i < 0 ? 0 : durations[i % durations.length],
    delay: i < 0 ? 0 : delays[i % delays.length],
  };
};
// Clicks the summary and reports, synchronously, which transitions started on the
// section's summary subtree (the arrow element or its pseudo-elements).
window.__fmClickAndListTransitions = function (d) {
  const s = d.querySelector(':scope > summary');
  s.click();
  return s.getAnimations({subtree: true})
    .filter((a) => a.transitionProperty !== undefined)
    .map((a) => a.transitionProperty);
};
"""


def install_arrow_helpers(driver):
    driver.execute_script(ARROW_JS)


def arrow_info(driver, element):
    info = driver.execute_script("return window.__fmArrowInfo(arguments[0])", element)
    assert info is not None, (
        "section has no arrow: expected `summary > .fm-arrow` (or a summary ::before/::after)")
    return info


def rotation_degrees(transform):
    """The 2D rotation angle of a computed `transform` value."""
    if transform in ("none", ""):
        return 0.0
    m = re.match(r"matrix(3d)?\(([^)]*)\)", transform)
    assert m, f"unexpected computed transform {transform!r}"
    values = [float(v) for v in m.group(2).split(",")]
    a, b = values[0], values[1]  # same positions in matrix() and matrix3d()
    return math.degrees(math.atan2(b, a))


def settled_transform(driver, element):
    """The arrow's transform once every transition on the summary (the arrow's, among
    them) has finished: the browser then lists none (a finished transition is dropped)."""
    support.wait_for(lambda: driver.execute_script(
        "return arguments[0].querySelector(':scope > summary').getAnimations({subtree: true})"
        ".every((a) => a.transitionProperty === undefined)", element),
        "the arrow's transition never finished")
    return arrow_info(driver, element)["transform"]


def summary_of(element):
    return element.find_element(By.CSS_SELECTOR, ":scope > summary")


def first_body_child(element):
    found = element.find_elements(By.CSS_SELECTOR, ":scope > :not(summary)")
    return found[0] if found else None


def ancestors_state(driver, section):
    return [driver.execute_script(
        "return document.querySelectorAll('details.fm-section')[arguments[0]].open", a)
        for a in section["ancestors"]]


# Whether the section's heading is on screen and not covered (by a sticky header, say):
# the point at the middle of the heading must hit the heading's summary.
REVEALED_JS = """
const d = arguments[0];
const s = d.querySelector(':scope > summary') || d;
const h = s.querySelector('h1, h2, h3, h4, h5, h6') || s;
const r = h.getBoundingClientRect();
const x = r.left + Math.min(r.width / 2, 40), y = r.top + r.height / 2;
const hit = (y >= 0 && y < innerHeight) ? document.elementFromPoint(x, y) : null;
return {ok: !!hit && s.contains(hit), top: Math.round(r.top), viewport: innerHeight,
        hit: hit ? hit.tagName.toLowerCase() + (hit.className ? '.' + hit.className : '') : null};
"""


def revealed(driver, element):
    return driver.execute_script(REVEALED_JS, element)


def wait_revealed(driver, section, element, what):
    support.wait_for(lambda: all(ancestors_state(driver, section)),
                     f"{what}: not every ancestor of #{section['id']} was opened "
                     f"(ancestor open states: {ancestors_state(driver, section)})")
    try:
        support.wait_for(lambda: revealed(driver, element)["ok"], "")
    except AssertionError:
        info = revealed(driver, element)
        raise AssertionError(
            f"{what}: the heading of #{section['id']} is not visible: its top is at "
            f"{info['top']}px of a {info['viewport']}px viewport, and the point in its "
            f"middle shows {info['hit']}") from None


# --- the site has what these tests need --------------------------------------------

def test_site_has_collapsed_nested_section(site_survey):
    found = [(e["page"], s["id"]) for e in site_survey for s in e["sections"]
             if s["ancestors"] and not s["open"]]
    assert found, "no page has a nested section that is collapsed by default"


# --- 1. toggling ------------------------------------------------------------------------

def test_click_toggles_section(driver, site, toggle_case):
    page, section = toggle_case
    support.load(driver, support.page_url(site, page))
    element = support.section_element(driver, section)
    summary = summary_of(element)
    if not support.is_open(driver, element):
        summary.click()
    assert support.is_open(driver, element), "section did not open on click"
    body = first_body_child(element)
    if body is not None:
        assert body.is_displayed(), "content of an open section is not displayed"
    summary.click()
    assert not support.is_open(driver, element), "click on the summary did not close the section"
    if body is not None:
        assert not body.is_displayed(), "content of a closed section is still displayed"
    summary.click()
    assert support.is_open(driver, element), "second click on the summary did not reopen it"
    if body is not None:
        assert body.is_displayed()


def test_keyboard_toggles_section(driver, site, toggle_case):
    page, section = toggle_case
    support.load(driver, support.page_url(site, page))
    element = support.section_element(driver, section)
    summary = summary_of(element)
    driver.execute_script("arguments[0].focus()", summary)
    assert driver.switch_to.active_element == summary, "the summary cannot take focus"
    before = support.is_open(driver, element)
    ActionChains(driver).send_keys(Keys.ENTER).perform()
    assert support.is_open(driver, element) != before, "Enter on the focused summary did not toggle"
    ActionChains(driver).send_keys(Keys.ENTER).perform()
    assert support.is_open(driver, element) == before, "second Enter did not toggle back"
    ActionChains(driver).send_keys(Keys.SPACE).perform()
    assert support.is_open(driver, element) != before, "Space on the focused summary did not toggle"


# --- 2. the arrow -------------------------------------------------------------------------

def test_arrow_rotates_with_transition(driver, site, toggle_case):
    page, section = toggle_case
    support.load(driver, support.page_url(site, page))
    install_arrow_helpers(driver)
    element = support.section_element(driver, section)
    if not support.is_open(driver, element):
        summary_of(element).click()
    open_transform = settled_transform(driver, element)
    info = arrow_info(driver, element)
    assert info["duration"] > 0, (
        f"the arrow has no transition on transform (transition-property "
        f"{info['transitionProperty']!r}, duration {info['duration']}s)")
    started = driver.execute_script("return window.__fmClickAndListTransitions(arguments[0])", element)
    assert not support.is_open(driver, element)
    assert "transform" in started, f"closing did not start a transform transition (started: {started})"
    closed_transform = settled_transform(driver, element)
    assert open_transform != closed_transform, (
        f"arrow transform is the same open and closed: {open_transform!r}")
    delta = abs(rotation_degrees(open_transform) - rotation_degrees(closed_transform)) % 360
    delta = min(delta, 360 - delta)
    assert delta >= 10, (
        f"arrow is not rotated between states: open {open_transform!r}, closed {closed_transform!r}")


def test_arrow_has_no_transition_with_reduced_motion(driver, site, toggle_case):
    page, section = toggle_case
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {
        "features": [{"name": "prefers-reduced-motion", "value": "reduce"}]})
    support.load(driver, support.page_url(site, page))
    assert driver.execute_script("return matchMedia('(prefers-reduced-motion: reduce)').matches")
    install_arrow_helpers(driver)
    element = support.section_element(driver, section)
    if not support.is_open(driver, element):
        summary_of(element).click()
    info = arrow_info(driver, element)
    open_transform = info["transform"]
    assert info["duration"] == 0 and info["delay"] == 0, (
        f"with prefers-reduced-motion: reduce the arrow still transitions transform "
        f"(transition-property {info['transitionProperty']!r}, duration {info['duration']}s)")
    started = driver.execute_script("return window.__fmClickAndListTransitions(arguments[0])", element)
    assert "transform" not in started, "closing started a transform transition under reduced motion"
    closed_transform = arrow_info(driver, element)["transform"]
    assert closed_transform != open_transform, (
        "under reduced motion the arrow must still change (at once, without animation)")


# --- 3. deep links ----------------------------------------------------------------------

def test_deep_link_on_load_opens_ancestors(driver, site, deep_case):
    page, section = deep_case
    support.load(driver, support.page_url(site, page, section["id"]))
    element = support.section_element(driver, section)
    wait_revealed(driver, section, element, f"opening {page}#{section['id']}")


def test_deep_link_on_hashchange_opens_ancestors(driver, site, deep_case):
    page, section = deep_case
    support.load(driver, support.page_url(site, page))
    assert not all(ancestors_state(driver, section)), "the deep-link target is not hidden by default"
    driver.execute_script("location.hash = arguments[0]", section["id"])
    element = support.section_element(driver, section)
    wait_revealed(driver, section, element, f"setting location.hash to #{section['id']}")


def test_page_script_reveals_hash_target(driver, site, deep_case):
    """Chromium itself opens closed <details> around the target of a fragment
    navigation, which would hide a missing script in the two tests above. Here the
    URL's fragment changes without a navigation (history.replaceState) and only a
    hashchange event is sent: only the page's own script can open the ancestors."""
    page, section = deep_case
    support.load(driver, support.page_url(site, page))
    driver.execute_script(
        "scrollTo(0, 0); history.replaceState(null, '', '#' + arguments[0]);"
        "dispatchEvent(new HashChangeEvent('hashchange'));", section["id"])
    element = support.section_element(driver, section)
    wait_revealed(driver, section, element, "the page script on hashchange")


# --- 4. printing -------------------------------------------------------------------------

def test_print_shows_collapsed_sections(driver, site, print_case, site_survey):
    page, section, phrase = print_case
    support.load(driver, support.page_url(site, page))
    pdf = base64.b64decode(driver.execute_cdp_cmd("Page.printToPDF", {"printBackground": False})["data"])
    text = " ".join(p.extract_text() or "" for p in PdfReader(io.BytesIO(pdf)).pages)
    assert phrase in support.normalize_text(text), (
        f"the printed page lacks the content of collapsed section #{section['id']} "
        f"(looked for {phrase!r})")
    # After printing, sections are as they were before.
    defaults = next(e for e in site_survey if e["page"] == page)["sections"]
    expected = [s["open"] for s in defaults]
    support.wait_for(
        lambda: driver.execute_script(
            "return Array.from(document.querySelectorAll('details.fm-section')).map(d => d.open)")
        == expected,
        "sections were not restored to their state before printing")


# --- 5. expand all / collapse all -------------------------------------------------------------

def test_expand_and_collapse_all(driver, site, deep_case):
    page, _ = deep_case
    support.load(driver, support.page_url(site, page))
    expand = driver.find_element(By.ID, "fm-expand-all")
    collapse = driver.find_element(By.ID, "fm-collapse-all")
    assert expand.is_displayed(), "the Expand all button is not visible with JavaScript"
    assert collapse.is_displayed(), "the Collapse all button is not visible with JavaScript"
    states = "return Array.from(document.querySelectorAll('details.fm-section')).map(d => d.open)"
    assert not all(driver.execute_script(states)), "the page has no collapsed section to begin with"
    expand.click()
    support.wait_for(lambda: all(driver.execute_script(states)), "Expand all left sections closed")
    collapse.click()
    support.wait_for(lambda: not any(driver.execute_script(states)), "Collapse all left sections open")
    expand.click()
    support.wait_for(lambda: all(driver.execute_script(states)), "Expand all after Collapse all failed")


# --- 6. without JavaScript -------------------------------------------------------------------

def test_sections_toggle_without_javascript(nojs_driver, site, toggle_case):
    driver = nojs_driver
    page, section = toggle_case
    support.load(driver, support.page_url(site, page))
    for button_id in ("fm-expand-all", "fm-collapse-all"):
        buttons = driver.find_elements(By.ID, button_id)
        assert buttons, f"#{button_id} is missing"
        assert not buttons[0].is_displayed(), f"#{button_id} is visible without JavaScript"
    element = support.section_element(driver, section)
    summary = summary_of(element)
    before = support.is_open(driver, element)
    summary.click()
    assert support.is_open(driver, element) != before, "click did not toggle without JavaScript"
    summary.click()
    assert support.is_open(driver, element) == before, "second click did not toggle back"


# --- 7. console and network ----------------------------------------------------------------

def test_no_console_errors_or_network_requests_while_used(driver, site, deep_case):
    page, section = deep_case
    support.load(driver, support.page_url(site, page, section["id"]))
    # Script clicks: this test is about errors and requests, not about the buttons.
    for button_id in ("fm-expand-all", "fm-collapse-all"):
        for button in driver.find_elements(By.ID, button_id):
            driver.execute_script("arguments[0].click()", button)
    first = driver.find_element(By.CSS_SELECTOR, "details.fm-section > summary")
    driver.execute_script("arguments[0].click(); arguments[0].click()", first)
    driver.execute_script("location.hash = ''; location.hash = arguments[0]", section["id"])
    driver.execute_cdp_cmd("Page.printToPDF", {})
    # A moment for late errors to show. Not a time limit: on a busy machine an error may
    # come after it, so the wait can only make the test pass more easily, never fail.
    time.sleep(0.3)
    errors = support.browser_errors(driver)
    assert not errors, "console errors: " + "; ".join(e["message"] for e in errors)
    problems = support.network_problems(driver, site)
    assert not problems, "requests outside the site: " + "; ".join(problems)
