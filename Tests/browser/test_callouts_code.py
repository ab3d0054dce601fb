"""Callouts and code block frames in a real browser (headless Chromium), against the
page Content/writing/callouts-and-code.md of the built site in $FOLDMARK_SITE."""

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

import support

PAGE = "writing/callouts-and-code.html"
TYPES = ["note", "tip", "important", "warning", "caution"]
LONG_LINE_MARK = "rather/long/name"


@pytest.fixture
def page_url(site):
    path = site / PAGE
    if not path.is_file():
        pytest.fail(f"{PAGE} is missing from the site; build it from the project's Content/")
    return support.page_url(site, PAGE)


def collapsed_callout(driver):
    callouts = driver.find_elements(By.CSS_SELECTOR, "details.fm-callout:not([open])")
    assert callouts, "the page has no collapsed callout ([!TYPE]-)"
    return callouts[0]


def arrow_rotation(driver, callout):
    return driver.execute_script("""
        const arrow = arguments[0].querySelector(':scope > summary > .fm-arrow');
        if (!arrow) return null;
        const m = getComputedStyle(arrow).transform.match(/matrix\\(([^)]*)\\)/);
        if (!m) return 0;
        const [a, b] = m[1].split(',').map(Number);
        return Math.round(Math.atan2(b, a) * 180 / Math.PI);
    """, callout)


def test_every_callout_type_is_shown_with_its_own_colour_and_a_hidden_icon(driver, page_url):
    support.load(driver, page_url)
    colours = {}
    for kind in TYPES:
        boxes = driver.find_elements(By.CSS_SELECTOR, f".fm-callout.fm-callout-{kind}")
        assert boxes, f"no {kind} callout on the page"
        box = boxes[0]
        assert box.is_displayed()
        assert "fm-section" not in box.get_attribute("class")
        colours[kind] = box.value_of_css_property("border-left-color")
        icon = box.find_element(By.CSS_SELECTOR, ".fm-callout-title > svg.fm-callout-icon")
        assert icon.get_attribute("aria-hidden") == "true"
        assert icon.size["width"] > 0
    assert len(set(colours.values())) == len(TYPES), colours
    assert not driver.find_elements(By.CSS_SELECTOR, "main blockquote"), "a callout was left a plain quote"
    assert support.browser_errors(driver) == []


def test_a_collapsed_callout_opens_and_closes_by_click(driver, page_url):
    support.load(driver, page_url)
    callout = collapsed_callout(driver)
    body = callout.find_element(By.CSS_SELECTOR, ":scope > p")
    summary = callout.find_element(By.CSS_SELECTOR, ":scope > summary")
    assert not body.is_displayed()
    closed_angle = arrow_rotation(driver, callout)
    assert closed_angle is not None, "a collapsed callout needs an arrow (summary > .fm-arrow)"

    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", summary)
    summary.click()
    support.wait_for(lambda: support.is_open(driver, callout), "the callout did not open on click")
    assert body.is_displayed()
    support.wait_for(lambda: arrow_rotation(driver, callout) != closed_angle,
                     "the arrow did not turn when the callout opened")

    summary.click()
    support.wait_for(lambda: not support.is_open(driver, callout), "the callout did not close on click")
    assert not body.is_displayed()


def test_a_collapsed_callout_opens_by_keyboard_and_without_javascript(nojs_driver, page_url):
    support.load(nojs_driver, page_url)
    callout = collapsed_callout(nojs_driver)
    summary = callout.find_element(By.CSS_SELECTOR, ":scope > summary")
    nojs_driver.execute_script("arguments[0].focus()", summary)
    summary.send_keys(Keys.ENTER)
    support.wait_for(lambda: support.is_open(nojs_driver, callout), "Enter on the summary did not open it")


def test_callouts_are_not_sections(driver, page_url):
    support.load(driver, page_url)
    assert driver.find_elements(By.CSS_SELECTOR, "details.fm-callout[open]"), "no open collapsible callout ([!TYPE]+)"
    callout = collapsed_callout(driver)
    driver.find_element(By.ID, "fm-expand-all").click()
    assert not support.is_open(driver, callout), "Expand all opened a callout"
    toc = " ".join(e.get_attribute("textContent") for e in driver.find_elements(By.CSS_SELECTOR, ".fm-toc"))
    assert "Where the pages go" not in toc


def test_the_arrow_does_not_move_under_reduced_motion(driver, page_url):
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {
        "features": [{"name": "prefers-reduced-motion", "value": "reduce"}]})
    support.load(driver, page_url)
    callout = collapsed_callout(driver)
    arrow = callout.find_element(By.CSS_SELECTOR, ":scope > summary > .fm-arrow")
    durations = arrow.value_of_css_property("transition-duration").split(",")
    assert all(float(d.strip().rstrip("ms") or 0) == 0 for d in durations), durations


def clipboard_text(driver):
    """What the clipboard holds, read back by pasting it into a fresh textarea."""
    area = driver.execute_script("""
        const area = document.createElement('textarea');
        area.id = 'fm-test-paste';
        document.body.appendChild(area);
        area.focus();
        return area;
    """)
    area.send_keys(Keys.CONTROL, "v")
    text = area.get_attribute("value")
    driver.execute_script("arguments[0].remove()", area)
    return text


def swift_block(driver):
    frames = [f for f in driver.find_elements(By.CSS_SELECTOR, ".fm-code")
              if f.find_elements(By.CSS_SELECTOR, "code.language-swift")]
    assert frames, "the page has no ```swift block"
    return frames[0]


@pytest.mark.parametrize("api", ["clipboard", "execCommand"])
def test_the_copy_button_copies_the_code_from_file_urls(driver, page_url, api):
    driver.execute_cdp_cmd("Browser.grantPermissions", {
        "permissions": ["clipboardReadWrite", "clipboardSanitizedWrite"]})
    support.load(driver, page_url)
    assert driver.execute_script("return location.protocol") == "file:"
    if api == "execCommand":  # the fallback for browsers without navigator.clipboard
        driver.execute_script("Object.defineProperty(navigator, 'clipboard', {value: undefined})")
    frame = swift_block(driver)
    code = frame.find_element(By.CSS_SELECTOR, "pre > code").get_attribute("textContent")
    assert frame.find_element(By.CSS_SELECTOR, ".fm-code-lang").text == "swift"
    button = frame.find_element(By.CSS_SELECTOR, ".fm-code-copy")
    assert button.is_displayed()
    assert button.text == "Copy"
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)
    button.click()
    support.wait_for(lambda: button.text == "Copied", f"the button said {button.text!r}, not 'Copied'")
    assert clipboard_text(driver) == code.rstrip("\n")
    support.wait_for(lambda: button.text == "Copy", "the button never went back to 'Copy'")
    assert support.browser_errors(driver) == []


def test_copy_buttons_show_only_with_javascript(driver, nojs_driver, page_url):
    support.load(nojs_driver, page_url)
    buttons = nojs_driver.find_elements(By.CSS_SELECTOR, ".fm-code-copy")
    assert len(buttons) >= 3
    assert not any(b.is_displayed() for b in buttons), "a Copy button shows without JavaScript"
    labels = nojs_driver.find_elements(By.CSS_SELECTOR, ".fm-code-lang")
    assert labels and all(label.is_displayed() for label in labels)

    support.load(driver, page_url)
    buttons = driver.find_elements(By.CSS_SELECTOR, ".fm-code-copy")
    assert len(buttons) >= 3
    assert all(b.is_displayed() for b in buttons), "a Copy button stays hidden with JavaScript"


@pytest.mark.parametrize("width", [1280, 390])
def test_a_long_line_scrolls_inside_its_block(page_url, width):
    driver = support.make_driver(width=width, height=800)
    try:
        support.load(driver, page_url)
        # The box around the <pre> scrolls; it takes focus, so a keyboard can scroll it.
        pre = driver.execute_script("""
            return Array.from(document.querySelectorAll('.fm-code-scroll'))
                .find((box) => box.textContent.includes(arguments[0]));
        """, LONG_LINE_MARK)
        assert pre is not None, "no code block with the long line on the page"
        assert pre.get_attribute("tabindex") == "0", "the scrolling box cannot take focus"
        sizes = driver.execute_script("""
            const pre = arguments[0];
            return {scroll: pre.scrollWidth, client: pre.clientWidth,
                    overflow: getComputedStyle(pre).overflowX,
                    page: document.documentElement.scrollWidth, viewport: window.innerWidth};
        """, pre)
        assert sizes["scroll"] > sizes["client"], sizes
        assert sizes["overflow"] in ("auto", "scroll"), sizes
        assert sizes["page"] <= sizes["viewport"], f"the page is wider than the window: {sizes}"
    finally:
        driver.quit()
