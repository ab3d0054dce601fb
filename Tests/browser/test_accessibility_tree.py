"""Chromium's accessibility tree (CDP Accessibility.getFullAXTree), which screen readers
read: on every page, each section's heading is a heading node of its level, inside no
button, and each section's toggle is a focusable control named by the heading's text
whose expanded state follows the fold."""

import pytest

import support

OPEN_ALL = "document.querySelectorAll('details.fm-section').forEach(d => { d.open = true; });"
BUTTONS = {"button", "DisclosureTriangle"}

# Opens every section (an accordion keeps one member open: the others stay closed).
# For each section: its heading element, the heading's level and text, and its summary.
SECTIONS_JS = """
return Array.from(document.querySelectorAll('details.fm-section')).map(d => {
  const summary = d.querySelector(':scope > summary');
  const heading = d.previousElementSibling;
  const isHeading = !!heading && /^H[1-6]$/.test(heading.tagName);
  return {id: d.id, summary: summary, open: d.open,
          heading: isHeading ? heading : null,
          level: isHeading ? Number(heading.tagName.slice(1)) : null,
          text: isHeading ? heading.textContent.replace(/\\s+/g, ' ').trim() : null};
});
"""


def still_driver(javascript):
    """A browser whose sections open at once (reduced motion): a section that is still
    sliding open keeps its content out of the tree until it is done."""
    d = support.make_driver(javascript=javascript)
    d.execute_cdp_cmd("Emulation.setEmulatedMedia", {
        "features": [{"name": "prefers-reduced-motion", "value": "reduce"}]})
    return d


@pytest.fixture(scope="module")
def ax_driver():
    d = still_driver(True)
    yield d
    d.quit()


@pytest.fixture(scope="module")
def ax_nojs_driver():
    """Without JavaScript every tab panel shows, so every section is in the tree."""
    d = still_driver(False)
    yield d
    d.quit()


class AXTree:
    """One reading of the page's accessibility tree, by DOM node."""

    def __init__(self, driver):
        nodes = driver.execute_cdp_cmd("Accessibility.getFullAXTree", {})["nodes"]
        self.by_id = {n["nodeId"]: n for n in nodes}
        self.by_dom = {n["backendDOMNodeId"]: n for n in nodes if "backendDOMNodeId" in n}

    def node(self, driver, element):
        """The tree's node for a selenium element (None if it has none)."""
        described = driver.execute_cdp_cmd("DOM.describeNode", {"objectId": object_id(driver, element)})
        return self.by_dom.get(described["node"]["backendNodeId"])

    def ancestors(self, node):
        while node.get("parentId") in self.by_id:
            node = self.by_id[node["parentId"]]
            yield node


def object_id(driver, element):
    """A CDP remote object id for a selenium element: the element is stored on window
    under a fixed name and evaluated from there."""
    driver.execute_script("window.__fmAXElement = arguments[0]", element)
    result = driver.execute_cdp_cmd("Runtime.evaluate", {"expression": "window.__fmAXElement"})
    return result["result"]["objectId"]


def role(node):
    return node.get("role", {}).get("value")


def name(node):
    return " ".join(str(node.get("name", {}).get("value", "")).split())


def prop(node, key):
    for p in node.get("properties", []):
        if p["name"] == key:
            return p["value"].get("value")
    return None


def section_problems(driver, tree, section):
    where = f"#{section['id']}"
    if section["heading"] is None:
        return [f"{where}: no heading element just before the section's <details>"]
    heading = tree.node(driver, section["heading"])
    toggle = tree.node(driver, section["summary"])
    problems = []
    if heading is None or heading.get("ignored") or role(heading) != "heading":
        problems.append(f"{where}: the heading is not a heading node ({heading and role(heading)})")
    else:
        if prop(heading, "level") != section["level"]:
            problems.append(f"{where}: heading level {prop(heading, 'level')}, not {section['level']}")
        inside = [role(a) for a in tree.ancestors(heading) if role(a) in BUTTONS]
        if inside:
            problems.append(f"{where}: the heading is inside a {inside[0]}")
    if toggle is None or toggle.get("ignored"):
        problems.append(f"{where}: the toggle is not in the tree")
    else:
        if name(toggle) != section["text"]:
            problems.append(f"{where}: the toggle is named {name(toggle)!r}, not {section['text']!r}")
        if not prop(toggle, "focusable"):
            problems.append(f"{where}: the toggle is not focusable")
        if prop(toggle, "expanded") is not section["open"]:
            problems.append(f"{where}: the toggle's expanded state is {prop(toggle, 'expanded')}, "
                            f"the section's open state {section['open']}")
    return problems


def test_headings_and_toggles(ax_nojs_driver, site, pages):
    driver = ax_nojs_driver
    problems = []
    seen = 0
    for rel in pages:
        support.load(driver, support.page_url(site, rel))
        driver.execute_script(OPEN_ALL)
        sections = driver.execute_script(SECTIONS_JS)
        tree = AXTree(driver)
        for section in sections:
            seen += 1
            problems += [f"{rel} {p}" for p in section_problems(driver, tree, section)]
    assert seen, "no page of the site has a section"
    assert not problems, "\n".join(problems)


def test_toggle_state_follows_the_fold(ax_driver, site, toggle_case):
    driver = ax_driver
    page, chosen = toggle_case
    support.load(driver, support.page_url(site, page))
    driver.execute_script(OPEN_ALL)
    section = next(s for s in driver.execute_script(SECTIONS_JS) if s["id"] == chosen["id"])
    assert prop(AXTree(driver).node(driver, section["summary"]), "expanded") is True
    section["summary"].click()
    support.wait_for(lambda: prop(AXTree(driver).node(driver, section["summary"]), "expanded") is False,
                     f"{page}#{chosen['id']}: the toggle's expanded state stayed true after a click")
    section["summary"].click()
    support.wait_for(lambda: prop(AXTree(driver).node(driver, section["summary"]), "expanded") is True,
                     f"{page}#{chosen['id']}: the toggle's expanded state stayed false after a second click")
