"""The search box (Templates/search.js) in headless Chromium, against the built site in
$FOLDMARK_SITE, which must be the project's own Content/ (it relies on Content/search.md,
whose collapsed "Troubleshooting" section holds a word found nowhere else)."""

import os
import subprocess

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

import support

FOLDMARK_BIN = os.environ.get("FOLDMARK_BIN")
RARE_WORD = "zygomorphic"
RARE_ID = "search-rare-words"
RARE_ANCESTOR = "search-troubleshooting"


@pytest.fixture
def search_page(site, driver):
    if not (site / "search" / "index.js").is_file():
        pytest.fail("the site has no search/index.js; build it with search on")
    support.load(driver, support.page_url(site, "index.html"))
    return driver


def box(driver):
    return driver.find_element(By.ID, "fm-search-input")


def type_query(driver, text):
    field = box(driver)
    field.click()
    field.clear()
    field.send_keys(text)
    return field


def results(driver, minimum=1):
    """The result links once the list shows at least `minimum` of them (0: once it shows)."""
    def ready():
        shown = driver.execute_script(
            "var l = document.getElementById('fm-search-results');"
            "return l.hidden ? null : Array.from(l.querySelectorAll('[role=option]'))"
            ".map(a => ({text: a.textContent, href: a.getAttribute('href')}));")
        return (shown,) if shown is not None and len(shown) >= minimum else None
    return support.wait_for(ready, "no search results appeared")[0]


def status(driver):
    return driver.find_element(By.ID, "fm-search-status").get_attribute("textContent")


def test_search_box_is_shown_and_loads_nothing_before_focus(search_page):
    driver = search_page
    assert box(driver).is_displayed()
    assert driver.execute_script(
        "return document.querySelectorAll('script[src*=\"search/\"]').length") == 0
    box(driver).click()
    support.wait_for(lambda: driver.execute_script(
        "return document.querySelectorAll('script[src$=\"search/index.js\"]').length") == 1,
        "focusing the box did not load search/index.js")


def test_typing_a_word_shows_results(search_page, site):
    driver = search_page
    type_query(driver, "configuration")
    shown = results(driver)
    assert any("Configuration" in r["text"] for r in shown)
    assert any(r["href"].startswith("reference/configuration.html") for r in shown)
    assert "result" in status(driver)
    assert support.browser_errors(driver) == []
    assert support.network_problems(driver, site) == []


def test_several_words_are_anded(search_page):
    driver = search_page
    type_query(driver, "troubleshooting")
    broad = results(driver)
    type_query(driver, "troubleshooting " + RARE_WORD)
    narrow = results(driver)
    assert len(narrow) == 1 and len(broad) > 1
    assert narrow[0]["href"].endswith("#" + RARE_ID)
    type_query(driver, RARE_WORD + " qqqnothingqqq")
    results(driver, minimum=0)
    support.wait_for(lambda: status(driver) == "No results", "a word found nowhere still gave results")


def test_prefix_of_a_word_matches(search_page):
    driver = search_page
    type_query(driver, RARE_WORD[:5])
    shown = results(driver)
    assert any(r["href"].endswith("#" + RARE_ID) for r in shown)
    type_query(driver, "troublesh")
    results(driver)
    marks = driver.execute_script(
        "return Array.from(document.querySelectorAll('#fm-search-results mark')).map(m => m.textContent)")
    assert "Troubleshooting" in marks, "the matched word of a title is not highlighted"


def test_result_in_collapsed_section_opens_it(search_page):
    driver = search_page
    type_query(driver, RARE_WORD)
    shown = results(driver)
    assert shown[0]["href"] == "search.html#" + RARE_ID
    driver.find_element(By.CSS_SELECTOR, "#fm-search-results [role=option]").click()
    support.wait_for(lambda: driver.execute_script("return location.hash") == "#" + RARE_ID,
                     "the result did not lead to the section")
    support.wait_for(lambda: driver.execute_script(
        "var s = document.getElementById(arguments[0]), a = document.getElementById(arguments[1]);"
        "return s && a && s.open && a.open;", RARE_ID, RARE_ANCESTOR),
        "the section or its collapsed ancestor is not open")
    in_view = driver.execute_script(
        "var r = document.getElementById(arguments[0]).getBoundingClientRect();"
        "return r.top >= 0 && r.top < window.innerHeight;", RARE_ID)
    assert in_view
    assert driver.find_element(By.ID, "fm-search-results").get_attribute("hidden") is not None


def test_keyboard_slash_arrows_enter_and_escape(search_page):
    driver = search_page
    body = driver.find_element(By.TAG_NAME, "body")
    body.send_keys("/")
    assert driver.switch_to.active_element.get_attribute("id") == "fm-search-input"
    driver.switch_to.active_element.send_keys("section")
    shown = results(driver, minimum=2)
    field = box(driver)
    field.send_keys(Keys.ARROW_DOWN)
    field.send_keys(Keys.ARROW_DOWN)
    assert field.get_attribute("aria-activedescendant") == "fm-search-result-1"
    assert field.get_attribute("aria-expanded") == "true"
    field.send_keys(Keys.ESCAPE)
    assert driver.find_element(By.ID, "fm-search-results").get_attribute("hidden") is not None
    assert field.get_attribute("aria-expanded") == "false"
    field.send_keys(Keys.ARROW_DOWN)
    field.send_keys(Keys.ENTER)
    target = shown[0]["href"]
    support.wait_for(lambda: driver.execute_script("return location.href").endswith(target),
                     "Enter did not open the chosen result")


def test_same_page_result_with_same_hash_reopens_section(site, driver):
    support.load(driver, support.page_url(site, "search.html", RARE_ID))
    driver.execute_script(
        "document.getElementById(arguments[0]).open = false;", RARE_ANCESTOR)
    type_query(driver, RARE_WORD)
    shown = results(driver)
    assert shown[0]["href"] == "#" + RARE_ID
    box(driver).send_keys(Keys.ENTER)
    support.wait_for(lambda: driver.execute_script(
        "return document.getElementById(arguments[0]).open", RARE_ANCESTOR),
        "following the result to the current hash did not open the section again")


def test_works_from_a_nested_page_over_file_url(site, driver):
    url = support.page_url(site, "reference/configuration.html")
    assert url.startswith("file://")
    support.load(driver, url)
    type_query(driver, RARE_WORD)
    shown = results(driver)
    assert shown[0]["href"] == "../search.html#" + RARE_ID
    assert support.browser_errors(driver) == []
    assert support.network_problems(driver, site) == []


@pytest.mark.skipif(not FOLDMARK_BIN, reason="FOLDMARK_BIN is not set (scripts/test.sh sets it)")
def test_search_headings_finds_sections_by_their_headings_only(driver, tmp_path):
    """`search: headings` in foldmark.yml: a heading's word finds its section, a word of
    the text under it finds nothing. The same site with the full index finds both."""
    site = tmp_path / "site"
    (site / "Content").mkdir(parents=True)
    (site / "Content" / "index.md").write_text("# Home\n\nWelcome.\n")
    (site / "Content" / "guide.md").write_text(
        "# Guide\n\n## Quokka habits\n\nThe wombatword lives only in this text.\n")
    for config, body_word_found in (("", True), ("search: headings\n", False)):
        (site / "foldmark.yml").write_text(config)
        out = tmp_path / ("out-headings" if config else "out-full")
        subprocess.run([FOLDMARK_BIN, "build", str(site), "--out", str(out), "--quiet"], check=True)
        support.load(driver, support.page_url(out, "index.html"))
        type_query(driver, "quokka")
        assert results(driver)[0]["href"] == "guide.html#quokka-habits"
        type_query(driver, "wombatword")
        if body_word_found:
            assert results(driver)[0]["href"] == "guide.html#quokka-habits"
        else:
            results(driver, minimum=0)
            support.wait_for(lambda: status(driver) == "No results",
                             "a word of the text was found with search: headings")
        assert support.browser_errors(driver) == []
