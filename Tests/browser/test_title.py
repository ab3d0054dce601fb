"""The page's title: a page's only `#` heading, when it comes first, is a plain <h1> that
never folds, and the text under it (the lead) is always shown, in headless Chromium from
file://. They run on the command line reference (Content/reference/cli.md), whose front
matter says `collapsed: true`, and on the page about folding, which has several `#`
headings and so no title."""

import pytest
from selenium.webdriver.common.by import By

import support

TITLED = "reference/cli.html"
UNTITLED = "writing/folding.html"

# The title and the lead: the <h1> and the elements after it up to the first section,
# each with whether it is rendered and its text.
TITLE_AND_LEAD_JS = """
const title = document.querySelector('main h1.fm-title');
if (!title) return null;
const lead = [];
for (let e = title.nextElementSibling; e && !e.matches('.fm-fold'); e = e.nextElementSibling) {
  lead.push({tag: e.tagName, shown: e.checkVisibility() && e.getBoundingClientRect().height > 0,
             text: e.textContent.trim()});
}
return {id: title.id, shown: title.checkVisibility() && title.getBoundingClientRect().height > 0,
        text: title.textContent.trim(), inDetails: title.closest('details') !== null,
        inSummary: title.closest('summary') !== null, lead: lead};
"""


def title_and_lead(driver):
    return driver.execute_script(TITLE_AND_LEAD_JS)


def assert_title_and_lead_shown(driver):
    found = title_and_lead(driver)
    assert found, "the page has no h1.fm-title"
    assert found["shown"] and found["text"] == "Command line"
    assert found["lead"] and all(part["shown"] and part["text"] for part in found["lead"]), found["lead"]
    return found


def open_top_sections(driver):
    return driver.execute_script(
        "return Array.from(document.querySelectorAll('main > .fm-fold > details.fm-section'), (d) => d.open)")


@pytest.fixture
def titled(site, driver):
    support.load(driver, support.page_url(site, TITLED))
    return driver


def test_a_single_hash_page_has_a_plain_title_outside_any_fold(titled):
    found = assert_title_and_lead_shown(titled)
    assert not found["inDetails"] and not found["inSummary"]
    assert found["id"] == "command-line"
    # The sections below the title are the page's top-level sections.
    assert titled.find_elements(By.CSS_SELECTOR, "main > .fm-fold > details.fm-section")


def test_title_and_lead_show_under_collapsed_true(titled):
    # collapsed: true closes every top-level section but those marked {.open}.
    states = open_top_sections(titled)
    assert states.count(False) >= 5, states
    assert_title_and_lead_shown(titled)


def test_collapse_all_leaves_the_title_and_lead(titled):
    titled.find_element(By.ID, "fm-expand-all").click()
    titled.find_element(By.ID, "fm-collapse-all").click()
    assert not any(open_top_sections(titled))
    assert_title_and_lead_shown(titled)


def test_the_c_key_leaves_the_title_and_lead(titled):
    titled.find_element(By.TAG_NAME, "body").send_keys("c")
    assert not any(open_top_sections(titled))
    assert_title_and_lead_shown(titled)


def test_without_javascript_title_and_lead_show(site, nojs_driver):
    support.load(nojs_driver, support.page_url(site, TITLED))
    assert_title_and_lead_shown(nojs_driver)


def test_the_title_is_the_first_toc_entry_and_a_link_target(site, driver):
    support.load(driver, support.page_url(site, TITLED, "command-line"))
    first = driver.execute_script("return document.querySelector('.fm-toc a').getAttribute('href')")
    assert first == "#command-line"
    top = driver.execute_script("return document.getElementById('command-line').getBoundingClientRect().top")
    assert 0 <= top < 200, top


def test_a_page_with_several_hash_headings_folds_each(site, driver):
    support.load(driver, support.page_url(site, UNTITLED))
    assert title_and_lead(driver) is None
    folded = driver.execute_script(
        "return document.querySelectorAll('main > .fm-fold > h1 + details.fm-section').length")
    assert folded >= 2
    driver.find_element(By.ID, "fm-collapse-all").click()
    assert not any(open_top_sections(driver))
