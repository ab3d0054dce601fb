"""pytest fixtures for the browser tests. The site under test is the folder named by
$FOLDMARK_SITE (a built foldmark site); pages and sections are picked from it."""

import pytest

import support


def pytest_configure(config):
    try:
        support.site_dir()
    except RuntimeError as error:
        raise pytest.UsageError(str(error))


@pytest.fixture(scope="session")
def site():
    return support.site_dir()


@pytest.fixture(scope="session")
def pages(site):
    found = support.html_pages(site)
    assert found, f"no .html page in {site}"
    return found


@pytest.fixture(scope="session")
def site_survey(site, pages):
    """For each page, in its default state (read with JavaScript off, so no page
    script can change it): its sections and its visible text."""
    driver = support.make_driver(javascript=False)
    try:
        result = []
        for rel in pages:
            support.load(driver, support.page_url(site, rel))
            result.append({
                "page": rel,
                "sections": support.survey(driver),
                "visible": support.normalize_text(
                    driver.execute_script("return document.body.innerText")),
            })
        return result
    finally:
        driver.quit()


@pytest.fixture
def driver():
    d = support.make_driver()
    yield d
    d.quit()


@pytest.fixture
def nojs_driver():
    d = support.make_driver(javascript=False)
    yield d
    d.quit()


@pytest.fixture(scope="session")
def toggle_case(site_survey):
    """(page, section): the first top-level section of the first page that has one,
    preferring one that is open by default."""
    for entry in site_survey:
        top = [s for s in entry["sections"] if not s["ancestors"]]
        if top:
            chosen = next((s for s in top if s["open"]), top[0])
            return entry["page"], chosen
    pytest.fail("no page of the site has a details.fm-section")


def _hidden_by_default(entry, section):
    secs = entry["sections"]
    return any(not secs[a]["open"] for a in section["ancestors"])


@pytest.fixture(scope="session")
def deep_case(site_survey):
    """(page, section): a section inside at least one section that is collapsed by
    default, so that a deep link to it has something to open."""
    for entry in site_survey:
        for section in entry["sections"]:
            if section["id"] and _hidden_by_default(entry, section):
                return entry["page"], section
    pytest.fail("no section of the site lies inside a collapsed-by-default section; "
                "the deep-link tests need one (e.g. a `.collapsed` heading with a subheading "
                "in Content/)")


def _unique_phrase(body, visible, words=6):
    tokens = support.normalize_text(body).split()
    for size in (words, 4, 3, 2, 1):
        for start in range(0, max(len(tokens) - size + 1, 0)):
            phrase = " ".join(tokens[start:start + size])
            if len(phrase) >= 12 and phrase not in visible:
                return phrase
    return None


@pytest.fixture(scope="session")
def print_case(site_survey):
    """(page, section, phrase): a section whose content is hidden by default (it is
    collapsed, or inside a collapsed section) and a phrase of that content that the
    page does not show by default. Nested collapsed sections are preferred."""
    candidates = []
    for entry in site_survey:
        for section in entry["sections"]:
            if not section["open"] or _hidden_by_default(entry, section):
                phrase = _unique_phrase(section["body"], entry["visible"])
                if phrase:
                    rank = 0 if section["ancestors"] else 1
                    candidates.append((rank, entry["page"], section, phrase))
    if not candidates:
        pytest.fail("no collapsed-by-default section with text of its own that the page "
                    "does not also show elsewhere")
    candidates.sort(key=lambda c: c[0])
    _, page, section, phrase = candidates[0]
    return page, section, phrase
