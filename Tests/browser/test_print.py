"""Printing keeps every word: each page of Content/ printed through Chromium shows every
word of its Markdown, whatever is folded (sections, accordion members, callouts); and
"Expand all" opens accordion members, which are exclusive again from the next click."""

import base64
import io
from pathlib import Path

import pytest
from pypdf import PdfReader
from selenium.webdriver.common.by import By

import markdown_words
import support

CONTENT = Path(__file__).resolve().parents[2] / "Content"
SOURCES = sorted(p.relative_to(CONTENT).with_suffix(".html").as_posix()
                 for p in CONTENT.rglob("*.md"))
FOLDS = "return Array.from(document.querySelectorAll('main details')).map(d => [d.open, d.getAttribute('name')])"


def printed_text(driver):
    pdf = base64.b64decode(driver.execute_cdp_cmd("Page.printToPDF", {})["data"])
    return "\n".join(page.extract_text() or "" for page in PdfReader(io.BytesIO(pdf)).pages)


@pytest.fixture(scope="module")
def print_driver():
    d = support.make_driver()
    yield d
    d.quit()


@pytest.mark.parametrize("page", SOURCES)
def test_print_shows_every_word_of_the_markdown(site, print_driver, page):
    markdown = (CONTENT / page).with_suffix(".md").read_text(encoding="utf-8")
    support.load(print_driver, support.page_url(site, page))
    # Fold everything first: the print must open it all, not find it open.
    print_driver.find_element(By.ID, "fm-collapse-all").click()
    print_driver.execute_script("document.querySelectorAll('main details').forEach(d => { d.open = false; })")
    before = print_driver.execute_script(FOLDS)
    missing = markdown_words.missing_words(markdown, printed_text(print_driver))
    assert not missing, f"{page}: the printed page lacks {len(missing)} words: {missing[:40]}"
    support.wait_for(lambda: print_driver.execute_script(FOLDS) == before,
                     f"{page}: the folds and accordion names are not as before printing")


def test_print_without_javascript_shows_folded_text(site, nojs_driver):
    page = "writing/folding.html"
    markdown = (CONTENT / page).with_suffix(".md").read_text(encoding="utf-8")
    support.load(nojs_driver, support.page_url(site, page))
    assert not all(nojs_driver.execute_script("return Array.from(document.querySelectorAll('main details')).map(d => d.open)"))
    missing = markdown_words.missing_words(markdown, printed_text(nojs_driver))
    assert not missing, f"without JavaScript, the printed page lacks {missing[:40]}"


def test_markdown_words_leave_out_what_is_never_shown():
    markdown = ("---\ntitle: Hidden title\n---\n# Heading {#secret-id .collapsed}\n"
                "A [link](https://nowhere.example) and ![picture](unseen.png) &amp; `&lt;b&gt;`.\n\n"
                "```swift\nlet __value = 1\n```\n[ref]: https://elsewhere.example\n")
    assert markdown_words.words(markdown_words.shown_text(markdown)) == {
        "heading", "a", "link", "and", "lt", "b", "gt", "let", "value", "1"}
    assert markdown_words.missing_words(markdown, "Heading A link and & <b> let value = 1") == ["gt", "lt"]


ACCORDION = "document.querySelector('details.fm-section[name], details.fm-section[data-fm-name]')"
MEMBERS = f"""
const first = {ACCORDION};
const name = first.getAttribute('name') || first.getAttribute('data-fm-name');
return Array.from(document.querySelectorAll('details.fm-section'))
  .filter(d => (d.getAttribute('name') || d.getAttribute('data-fm-name')) === name)
  .map(d => [d.id, d.open, d.getAttribute('name')]);
"""


def test_expand_all_opens_accordion_members_until_the_next_click(site, driver):
    support.load(driver, support.page_url(site, "writing/folding.html"))
    members = driver.execute_script(MEMBERS)
    assert len(members) >= 3 and sum(open for _, open, _ in members) <= 1
    driver.find_element(By.ID, "fm-expand-all").click()
    support.wait_for(lambda: all(open for _, open, _ in driver.execute_script(MEMBERS)),
                     "Expand all left accordion members closed")
    # The reader's next click on a member: the accordion is exclusive again.
    second = driver.find_element(By.CSS_SELECTOR, f"#{members[1][0]} > summary")
    second.click()
    support.wait_for(lambda: not any(open for _, open, _ in driver.execute_script(MEMBERS)),
                     "closing one member after Expand all left the others open")
    assert all(name for _, _, name in driver.execute_script(MEMBERS)), "the accordion lost its name"
    driver.find_element(By.CSS_SELECTOR, f"#{members[2][0]} > summary").click()
    second.click()
    support.wait_for(lambda: [open for _, open, _ in driver.execute_script(MEMBERS)][1:3] == [True, False],
                     "opening a member did not close the open one")
