"""Tab sets (`{.tabs}` on a heading: its subsections become tabs) in headless Chromium
from file://: the ARIA tabs pattern, one choice for every set of the site, remembered;
deep links, search results and find in page that land in the right tab; every tab
readable without JavaScript and in print. Most tests build a small site of their own with
the binary named by $FOLDMARK_BIN (scripts/test.sh sets it); the last one uses the
command line reference of the site in $FOLDMARK_SITE."""

import os

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

import support

FOLDMARK_BIN = os.environ.get("FOLDMARK_BIN")
needs_binary = pytest.mark.skipif(
    not FOLDMARK_BIN, reason="FOLDMARK_BIN is not set: point it at a foldmark binary (scripts/test.sh does)")

PAGE_A = """# Tabs

The lead.

## Install {.tabs}

### Python

Install with pip, alpha.

### Go

Install with go get, bravo.

#### Go details

Nested in the Go tab, charlie.

## Run {.tabs}

### Go

Run with go run, delta.

### Python

Run with python, echo.

### Rust

Run with cargo, foxtrot.

## Closed {.collapsed}

### Inner {.tabs}

#### Python {#closed-python}

Golf.

#### Shell {#closed-shell}

Hotelquartz is a word of this tab only.
"""

PAGE_B = """# Other

## Use {.tabs}

### Shell

Shell first, india.

### Python

Python second, juliet.
"""


@pytest.fixture(scope="module")
def tab_site(tmp_path_factory):
    if not FOLDMARK_BIN:
        pytest.skip("FOLDMARK_BIN is not set")
    root = tmp_path_factory.mktemp("tabs")
    return support.build_files(root, {"Content/a.md": PAGE_A, "Content/b.md": PAGE_B}, FOLDMARK_BIN)


def load(driver, site, page, fragment=None):
    # Each test starts with nothing chosen: the storage is shared by every page of file://.
    forget = "var had = localStorage.getItem('foldmark:tabs'); localStorage.clear(); return had"
    support.load_until(driver, support.page_url(site, page, fragment), lambda: not driver.execute_script(forget),
                       "the stored choice of tabs was never forgotten")


# Each tab set of the page: its tabs (label, selected, tabindex, id, controls) and its
# panels (id, role, labelledby, hidden attribute, whether its content and its heading show;
# a panel hidden until found keeps a box, but what it holds is not rendered).
SETS_JS = """
return Array.from(document.querySelectorAll('.fm-tabs')).map((set) => ({
  list: set.querySelector('.fm-tablist').getAttribute('role'),
  listShown: set.querySelector('.fm-tablist').checkVisibility(),
  tabs: Array.from(set.querySelector('.fm-tablist').children, (t) => ({
    label: t.textContent.trim(), role: t.getAttribute('role'), selected: t.getAttribute('aria-selected'),
    tabindex: t.tabIndex, id: t.id, controls: t.getAttribute('aria-controls')})),
  panels: Array.from(set.querySelectorAll(':scope > .fm-tab-panel'), (p) => ({
    id: p.id, role: p.getAttribute('role'), labelledby: p.getAttribute('aria-labelledby'),
    hidden: p.getAttribute('hidden'),
    shown: p.lastElementChild.checkVisibility() && p.lastElementChild.getBoundingClientRect().height > 0,
    headingShown: p.querySelector('.fm-tab-heading').checkVisibility()})),
}));
"""


def tab_sets(driver):
    return driver.execute_script(SETS_JS)


def selected(tab_set):
    return [tab["label"] for tab in tab_set["tabs"] if tab["selected"] == "true"]


def tab(driver, set_index, label):
    return driver.execute_script(
        "return Array.from(document.querySelectorAll('.fm-tabs')[arguments[0]].querySelectorAll('[role=tab]'))"
        ".find((t) => t.textContent.trim() === arguments[1])", set_index, label)


@needs_binary
def test_tab_sets_follow_the_aria_tabs_pattern(tab_site, driver):
    load(driver, tab_site, "a.html")
    sets = tab_sets(driver)
    assert len(sets) == 3
    install = sets[0]
    assert install["list"] == "tablist" and install["listShown"]
    assert [t["label"] for t in install["tabs"]] == ["Python", "Go"]
    assert all(t["role"] == "tab" for t in install["tabs"])
    assert selected(install) == ["Python"]
    # Roving tabindex: only the selected tab is in the Tab order.
    assert [t["tabindex"] for t in install["tabs"]] == [0, -1]
    for tab_info, panel in zip(install["tabs"], install["panels"]):
        assert tab_info["controls"] == panel["id"] and panel["labelledby"] == tab_info["id"]
        assert panel["role"] == "tabpanel"
    assert install["panels"][0]["shown"] and not install["panels"][0]["headingShown"]
    # A closed panel stays findable: hidden="until-found".
    assert install["panels"][1]["hidden"] == "until-found" and not install["panels"][1]["shown"]
    assert support.browser_errors(driver) == []


@needs_binary
def test_choosing_a_tab_chooses_it_in_every_set_of_the_page(tab_site, driver):
    load(driver, tab_site, "a.html")
    assert [selected(s) for s in tab_sets(driver)] == [["Python"], ["Go"], ["Python"]]
    tab(driver, 0, "Go").click()
    assert [selected(s) for s in tab_sets(driver)] == [["Go"], ["Go"], ["Python"]]
    tab(driver, 1, "Python").click()
    assert [selected(s) for s in tab_sets(driver)] == [["Python"], ["Python"], ["Python"]]
    # A label that only one set has changes only that set.
    tab(driver, 1, "Rust").click()
    assert [selected(s) for s in tab_sets(driver)] == [["Python"], ["Rust"], ["Python"]]


@needs_binary
def test_the_choice_is_remembered_across_pages_and_reloads(tab_site, driver):
    load(driver, tab_site, "b.html")
    assert selected(tab_sets(driver)[0]) == ["Shell"]
    load(driver, tab_site, "a.html")
    tab(driver, 1, "Python").click()
    b = support.page_url(tab_site, "b.html")
    support.load_until(driver, b, lambda: selected(tab_sets(driver)[0]) == ["Python"], "b.html never chose Python")
    tab(driver, 0, "Shell").click()
    support.load_until(driver, b, lambda: selected(tab_sets(driver)[0]) == ["Shell"], "b.html never chose Shell again")
    # Back on the first page, the latest choice its sets have wins: Shell in the closed set,
    # Python (the one before) in the others.
    support.load_until(driver, support.page_url(tab_site, "a.html"),
               lambda: [selected(s) for s in tab_sets(driver)] == [["Python"], ["Python"], ["Shell"]],
               "a.html never showed the latest choice of each set")


@needs_binary
def test_arrow_keys_home_and_end_move_between_tabs(tab_site, driver):
    load(driver, tab_site, "a.html")
    go = tab(driver, 1, "Go")
    go.click()
    go.send_keys(Keys.ARROW_RIGHT)
    assert selected(tab_sets(driver)[1]) == ["Python"]
    assert driver.execute_script("return document.activeElement.textContent.trim()") == "Python"
    driver.switch_to.active_element.send_keys(Keys.END)
    assert selected(tab_sets(driver)[1]) == ["Rust"]
    driver.switch_to.active_element.send_keys(Keys.ARROW_RIGHT)  # wraps round to the first
    assert selected(tab_sets(driver)[1]) == ["Go"]
    driver.switch_to.active_element.send_keys(Keys.ARROW_LEFT)
    assert selected(tab_sets(driver)[1]) == ["Rust"]
    driver.switch_to.active_element.send_keys(Keys.HOME)
    assert selected(tab_sets(driver)[1]) == ["Go"]
    assert [t["tabindex"] for t in tab_sets(driver)[1]["tabs"]] == [0, -1, -1]


@needs_binary
@pytest.mark.parametrize("fragment, panel", [("closed-shell", "closed-shell"), ("go-details", "go")])
def test_a_link_into_a_tab_selects_it_and_opens_the_sections_around(tab_site, driver, fragment, panel):
    load(driver, tab_site, "a.html", fragment)
    shown = driver.execute_script(
        "var p = document.getElementById(arguments[0]), t = document.getElementById(arguments[1]);"
        "var r = t.getBoundingClientRect();"
        "return {selected: document.querySelector('[aria-controls=\"' + p.id + '\"]').getAttribute('aria-selected'),"
        " shown: t.checkVisibility(), top: r.top, height: innerHeight,"
        " closedAround: Array.from(document.querySelectorAll('details')).filter((d) => d.contains(t) && !d.open).length}",
        panel, fragment)
    assert shown["selected"] == "true" and shown["shown"] and shown["closedAround"] == 0, shown
    assert 0 <= shown["top"] < shown["height"], shown


@needs_binary
def test_a_link_on_the_page_to_a_closed_tab_selects_it(tab_site, driver):
    load(driver, tab_site, "a.html")
    driver.execute_script(
        "var a = document.createElement('a'); a.href = '#closed-shell'; a.id = 'probe'; a.textContent = 'go';"
        "document.querySelector('main').prepend(a);")
    driver.find_element(By.ID, "probe").click()
    assert driver.execute_script("return document.getElementById('closed-shell').checkVisibility()")


@needs_binary
def test_a_search_result_lands_in_its_tab(tab_site, driver):
    load(driver, tab_site, "a.html")
    field = driver.find_element(By.ID, "fm-search-input")
    field.click()
    field.send_keys("hotelquartz")
    link = support.wait_for(lambda: driver.execute_script(
        "var l = document.getElementById('fm-search-results');"
        "return l.hidden ? null : l.querySelector('[role=option]')"), "no search result appeared")
    link.click()
    support.wait_for(lambda: driver.execute_script(
        "return document.getElementById('closed-shell').checkVisibility()"), "the result's tab was not shown")


@needs_binary
def test_find_in_page_reveals_a_closed_tab_through_beforematch(tab_site, driver):
    load(driver, tab_site, "a.html")
    assert driver.execute_script("return document.getElementById('go').getAttribute('hidden')") == "until-found"
    driver.execute_script("document.getElementById('go').dispatchEvent(new Event('beforematch'))")
    assert selected(tab_sets(driver)[0]) == ["Go"]
    assert driver.execute_script("return document.getElementById('go').hasAttribute('hidden')") is False
    assert driver.execute_script("return document.getElementById('python').getAttribute('hidden')") == "until-found"


@needs_binary
def test_without_javascript_every_tab_shows_with_its_heading(tab_site, nojs_driver):
    support.load(nojs_driver, support.page_url(tab_site, "a.html"))
    # Opens the closed section at once (fm-instant: no sliding open), as a reader would.
    nojs_driver.execute_script(
        "document.documentElement.classList.add('fm-instant');"
        "document.querySelectorAll('details').forEach((d) => { d.open = true; })")
    for tab_set in tab_sets(nojs_driver):
        assert not tab_set["listShown"]
        assert all(p["shown"] and p["headingShown"] and p["hidden"] is None for p in tab_set["panels"])


@needs_binary
def test_print_shows_every_tab_with_its_label(tab_site, driver):
    load(driver, tab_site, "a.html")
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print"})
    try:
        # As the script does before printing: every section open.
        driver.execute_script("window.dispatchEvent(new Event('beforeprint'))")
        for tab_set in tab_sets(driver):
            assert not tab_set["listShown"]
            assert all(p["shown"] and p["headingShown"] for p in tab_set["panels"]), tab_set["panels"]
    finally:
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": ""})


def test_the_command_line_reference_syncs_its_example_tabs(site, driver):
    load(driver, site, "reference/cli.html")
    driver.find_element(By.ID, "fm-expand-all").click()
    sets = tab_sets(driver)
    assert len(sets) >= 2 and all("GitLab CI" in [t["label"] for t in s["tabs"]] for s in sets[:2])
    tab(driver, 0, "GitLab CI").click()
    assert selected(tab_sets(driver)[1]) == ["GitLab CI"]
