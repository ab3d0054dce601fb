"""axe-core on every page of the site: no serious or critical violation, in the light and
the dark scheme, with every fold open and with every fold closed."""

import pytest

import axe_check
import support

SET_FOLDS = """
document.querySelectorAll('main details').forEach(d => { d.open = arguments[0]; });
"""


@pytest.fixture(scope="module")
def axe_driver():
    d = support.make_driver()
    yield d
    d.quit()


def page_states(driver, url):
    """Yields a label for each state of the page that axe should see, having put the
    page in it: each scheme, with the folds open and then closed."""
    for scheme in ("light", "dark"):
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {
            "features": [{"name": "prefers-color-scheme", "value": scheme}]})
        support.load(driver, url)
        for open_ in (True, False):
            driver.execute_script(SET_FOLDS, open_)
            yield f"{scheme}, folds {'open' if open_ else 'closed'}"


def test_no_serious_or_critical_violation(axe_driver, site, pages):
    problems = []
    for rel in pages:
        for state in page_states(axe_driver, support.page_url(site, rel)):
            found = axe_check.failing(axe_check.violations(axe_driver))
            if found:
                problems.append(axe_check.describe(found, f"{rel} [{state}]: "))
    assert not problems, "\n".join(problems)
