"""Navigation around the pages of the built site in $FOLDMARK_SITE, opened from file://
URLs in headless Chromium: the sidebar, links between pages, breadcrumbs, the pager
(previous/next), the table of contents and its scroll spy, and the index pages that
foldmark writes for folders without an index.md. Pages and elements are picked from
the site itself."""

import os
import time
from pathlib import Path
from urllib.parse import unquote, urljoin, urlsplit

import pytest
from selenium.webdriver.common.by import By

import support

# Pages that have no site navigation by design: the 404 page is shown at any address,
# so it has no sidebar, breadcrumbs or pager (Content/reference/templates.md:
# "hasNavigation ... false on the 404 page").
NAV_EXEMPT = {"404.html"}


def _pages_for_params():
    try:
        site = support.site_dir()
    except RuntimeError:
        return []
    return support.html_pages(site)


PAGES = _pages_for_params()
NAV_PAGES = [p for p in PAGES if p not in NAV_EXEMPT]
FOLDER_PAGES = [p for p in NAV_PAGES if "/" in p]


def content_dir():
    """The Content/ folder the site was built from (this repository's, unless
    $FOLDMARK_CONTENT names another)."""
    value = os.environ.get("FOLDMARK_CONTENT")
    return Path(value).resolve() if value else Path(__file__).resolve().parents[2] / "Content"


def file_of(url):
    """The real path on disk that a file:// URL points to, fragment and query ignored."""
    return os.path.realpath(unquote(urlsplit(url).path))


def rel_of(site, url):
    """The page a file:// URL points to, relative to the site (None if outside it)."""
    path = Path(file_of(url))
    try:
        return path.relative_to(site).as_posix()
    except ValueError:
        return None


def enclosing_folders(rel):
    """Folders (relative to the site) that hold the page; a folder's own index page is
    the folder itself, so it is not counted as inside it."""
    parts = rel.split("/")[:-1]
    if rel.endswith("/index.html") or rel == "index.html":
        parts = parts[:-1]
    return ["/".join(parts[:i + 1]) for i in range(len(parts))]


def page_folder(rel):
    """The folder whose group in the sidebar holds this page (None at the root)."""
    return rel.rsplit("/", 1)[0] if "/" in rel else None


# Everything the tests need from one page, as the browser sees it.
NAV_JS = """
const sidebar = document.querySelector('nav.fm-sidebar');
const crumbs = document.querySelector('nav.fm-breadcrumbs');
const pager = document.querySelector('nav.fm-pager');
const main = document.querySelector('main');
const label = (a) => {
  if (!a) return null;
  const c = a.cloneNode(true);
  c.querySelectorAll('span').forEach((s) => s.remove());
  return c.textContent.replace(/\\s+/g, ' ').trim();
};
const pagerLink = (rel, cls) => pager &&
  (pager.querySelector('a[rel~="' + rel + '"]') || pager.querySelector('a.' + cls));
const info = (a) => a ? {raw: a.getAttribute('href'), href: a.href, label: label(a)} : null;
const links = [];
for (const [where, root] of [['sidebar', sidebar], ['breadcrumbs', crumbs],
                             ['pager', pager], ['main', main]]) {
  if (root) root.querySelectorAll('a[href]').forEach((a) => links.push([where, a.getAttribute('href')]));
}
const current = sidebar ? Array.from(sidebar.querySelectorAll('a[aria-current="page"]')) : [];
let items = [];
if (crumbs) {
  items = Array.from(crumbs.querySelectorAll('li')).map((li) => {
    const a = li.querySelector('a[href]');
    return {current: li.getAttribute('aria-current') === 'page' ||
                     !!li.querySelector('[aria-current="page"]'),
            href: a ? a.href : null, text: li.textContent.trim()};
  });
}
return {
  url: location.href,
  title: document.title,
  sidebars: document.querySelectorAll('nav.fm-sidebar').length,
  current: current.map((a) => ({href: a.href, text: label(a)})),
  closedAroundCurrent: current.length === 0 ? [] : Array.from(sidebar.querySelectorAll('details'))
    .filter((d) => current.some((a) => d.contains(a)) && !d.open)
    .map((d) => d.outerHTML.slice(0, 120)),
  groups: sidebar ? Array.from(sidebar.querySelectorAll('details')).map((d) => {
    // A folder's link comes just before the <details> that folds its pages.
    const before = d.previousElementSibling;
    const a = before && before.matches('a[href]') ? before : null;
    return {href: a ? a.href : null, open: d.open,
            entries: Array.from(d.querySelectorAll(':scope > ul > li')).map((li) => {
              const e = li.querySelector('a[href]');
              return e ? e.href : null;
            })};
  }) : [],
  sidebarOrder: sidebar ? Array.from(sidebar.querySelectorAll('a[href]')).map((a) => a.href) : [],
  hasBreadcrumbs: !!crumbs,
  crumbs: items,
  next: info(pagerLink('next', 'fm-next')),
  prev: info(pagerLink('prev', 'fm-previous')),
  links: links,
  mainLinks: main ? Array.from(main.querySelectorAll('a[href]')).map((a) => a.href) : [],
};
"""


@pytest.fixture(scope="module")
def nav_survey(site, pages):
    """page -> what NAV_JS reports for it, read once for every page."""
    driver = support.make_driver()
    try:
        result = {}
        for rel in pages:
            support.load(driver, support.page_url(site, rel))
            result[rel] = driver.execute_script(NAV_JS)
        return result
    finally:
        driver.quit()


# --- 1. sidebar ----------------------------------------------------------------------------

@pytest.mark.parametrize("page", NAV_PAGES)
def test_sidebar_marks_current_page(nav_survey, site, page):
    info = nav_survey[page]
    assert info["sidebars"] == 1, f"expected one nav.fm-sidebar, found {info['sidebars']}"
    current = info["current"]
    assert len(current) == 1, (
        f"the sidebar should hold exactly one link with aria-current=\"page\", found "
        f"{len(current)}: {[c['href'] for c in current]}")
    own = str(site / page)
    assert file_of(current[0]["href"]) == own, (
        f"the sidebar's aria-current link leads to {current[0]['href']}, not to the page "
        f"itself ({support.page_url(site, page)})")
    assert not info["closedAroundCurrent"], (
        "sidebar <details> around the current page's link are closed: "
        + "; ".join(info["closedAroundCurrent"]))


@pytest.mark.parametrize("page", FOLDER_PAGES)
def test_sidebar_opens_folder_of_page(nav_survey, site, page):
    folder = page_folder(page)
    index = str(site / folder / "index.html")
    groups = [g for g in nav_survey[page]["groups"] if g["href"] and file_of(g["href"]) == index]
    assert groups, (
        f"the sidebar has no <details> group whose link leads to {folder}/index.html "
        f"(groups link to: {[g['href'] for g in nav_survey[page]['groups']]})")
    assert all(g["open"] for g in groups), f"the sidebar group of folder {folder}/ is not open"


def _click_arrow_and_check(driver, group, url, expected_open, what):
    arrow = group.find_element(By.CSS_SELECTOR, ":scope > summary .fm-arrow")
    assert arrow.is_displayed(), f"{what}: the arrow of the folder group is not displayed"
    arrow.click()
    support.wait_for(lambda: driver.execute_script("return arguments[0].open", group) == expected_open,
                     f"{what}: clicking the arrow did not {'open' if expected_open else 'close'} "
                     f"the folder group")
    assert driver.current_url == url, (
        f"{what}: clicking the arrow navigated to {driver.current_url}")


def test_sidebar_folder_toggles_on_arrow_click(driver, site):
    assert FOLDER_PAGES, "the site has no page inside a folder"
    page = FOLDER_PAGES[0]
    url = support.page_url(site, page)
    support.load(driver, url)
    groups = driver.find_elements(By.CSS_SELECTOR, "nav.fm-sidebar details")
    assert groups, f"{page}: the sidebar has no folder group"
    states = [driver.execute_script("return arguments[0].open", g) for g in groups]
    own = next((g for g, s in zip(groups, states) if s), None)
    assert own is not None, f"{page}: no folder group of the sidebar is open"
    _click_arrow_and_check(driver, own, url, False, "open group")
    _click_arrow_and_check(driver, own, url, True, "closed group")
    other = next((g for g, s in zip(groups, states) if not s), None)
    if other is not None:
        _click_arrow_and_check(driver, other, url, True, "group closed by default")


def test_sidebar_folds_behind_menu_on_narrow_window(site):
    """On a phone-sized window the site's navigation starts folded behind "Menu", so the
    page's content starts on the first screen; the button opens and closes it."""
    page = FOLDER_PAGES[0]
    driver = support.make_driver(width=420, height=900)
    try:
        support.load(driver, support.page_url(site, page))
        menu = driver.find_element(By.CSS_SELECTOR, "nav.fm-sidebar > .fm-menu")
        listing = driver.find_element(By.CSS_SELECTOR, "nav.fm-sidebar > ul")
        assert menu.is_displayed(), f"{page}: no Menu button on a 420px window"
        assert menu.get_attribute("aria-expanded") == "false"
        assert menu.get_attribute("aria-controls") == listing.get_attribute("id")
        assert not listing.is_displayed(), f"{page}: the navigation is not folded"
        main_top = driver.execute_script("return document.querySelector('main').getBoundingClientRect().top")
        assert main_top < 300, f"{page}: the content starts {main_top}px down"
        menu.click()
        assert listing.is_displayed() and menu.get_attribute("aria-expanded") == "true"
        current = driver.find_element(By.CSS_SELECTOR, "nav.fm-sidebar a[aria-current='page']")
        assert current.is_displayed(), f"{page}: the open menu does not show the current page"
        if os.environ.get("FOLDMARK_SCREENSHOTS"):
            driver.save_screenshot(os.path.join(os.environ["FOLDMARK_SCREENSHOTS"], "menu-open.png"))
        menu.click()
        assert not listing.is_displayed() and menu.get_attribute("aria-expanded") == "false"
    finally:
        driver.quit()


@pytest.mark.parametrize("javascript, width", [(True, 1280), (False, 420)])
def test_sidebar_open_on_wide_window_or_without_script(site, javascript, width):
    """A wide window shows the navigation and no Menu button; without JavaScript the
    navigation is never folded, whatever the width."""
    page = FOLDER_PAGES[0]
    driver = support.make_driver(javascript=javascript, width=width, height=900)
    try:
        support.load(driver, support.page_url(site, page))
        menu = driver.find_element(By.CSS_SELECTOR, "nav.fm-sidebar > .fm-menu")
        listing = driver.find_element(By.CSS_SELECTOR, "nav.fm-sidebar > ul")
        assert not menu.is_displayed(), f"{page}: Menu shown at {width}px (JavaScript {javascript})"
        assert listing.is_displayed(), f"{page}: navigation hidden at {width}px (JavaScript {javascript})"
    finally:
        driver.quit()


# --- 2. links between pages --------------------------------------------------------------

@pytest.mark.parametrize("page", PAGES)
def test_relative_links_lead_to_files(nav_survey, site, page):
    base = support.page_url(site, page)
    broken = []
    for where, raw in nav_survey[page]["links"]:
        if urlsplit(raw).scheme:
            continue
        target = urljoin(base, raw)
        parts = urlsplit(target)
        path = unquote(parts.path)
        real = os.path.realpath(path)
        if parts.netloc not in ("", "localhost"):
            broken.append(f"{where}: {raw} (leads to host {parts.netloc!r})")
        elif not os.path.exists(path):
            broken.append(f"{where}: {raw} (no such file {path})")
        elif os.path.isdir(path):
            broken.append(f"{where}: {raw} (a folder: from file:// it shows a listing, not a page)")
        elif real != str(site) and not real.startswith(str(site) + os.sep):
            broken.append(f"{where}: {raw} (outside the site)")
    assert not broken, f"{page}: relative links that do not work from file://: " + "; ".join(broken)


def test_pager_next_click_lands_on_named_page(driver, site, nav_survey):
    withnext = [p for p in NAV_PAGES if nav_survey[p]["next"]]
    assert withnext, "no page has a pager Next link"
    # Prefer a link that leaves the page's folder: the harder case for relative links.
    page = next((p for p in withnext if nav_survey[p]["next"]["raw"].startswith("../")), withnext[0])
    support.load(driver, support.page_url(site, page))
    link = driver.find_element(By.CSS_SELECTOR, "nav.fm-pager a[rel~='next'], nav.fm-pager a.fm-next")
    expected = link.get_attribute("href")
    label = nav_survey[page]["next"]["label"]
    assert label, f"{page}: the Next link has no page title in it"
    start = driver.current_url
    link.click()
    support.wait_for(lambda: driver.current_url != start and
                     driver.execute_script("return document.readyState") == "complete",
                     f"{page}: clicking Next did not load another page")
    assert file_of(driver.current_url) == file_of(expected), (
        f"{page}: Next landed on {driver.current_url}, not {expected}")
    landed = driver.execute_script(NAV_JS)
    assert label in landed["title"], (
        f"{page}: Next says {label!r} but landed on a page titled {landed['title']!r}")
    assert [c["text"] for c in landed["current"]] == [label], (
        f"{page}: Next says {label!r} but the landing page's sidebar marks "
        f"{[c['text'] for c in landed['current']]} as current")


def test_pager_walk_follows_sidebar_order(site, pages, nav_survey):
    order = []
    for href in nav_survey["index.html"]["sidebarOrder"]:
        rel = rel_of(site, href)
        if rel not in order:
            order.append(rel)
    assert order, "index.html has no sidebar links"
    walk = ["index.html"]
    assert nav_survey["index.html"]["prev"] is None, "index.html has a Previous link"
    for _ in range(len(pages)):
        current = walk[-1]
        nxt = nav_survey[current]["next"]
        if nxt is None:
            break
        target = rel_of(site, nxt["href"])
        assert target in nav_survey, (
            f"{current}: Next leads to {nxt['raw']!r}, which is not a page of the site")
        assert target not in walk, (
            f"walking Next loops: {' -> '.join(walk + [target])}")
        prev = nav_survey[target]["prev"]
        assert prev is not None and rel_of(site, prev["href"]) == current, (
            f"{target} is Next of {current}, but its Previous link leads to "
            f"{prev['raw'] if prev else None!r}")
        walk.append(target)
    else:
        pytest.fail(f"walking Next did not end after {len(pages)} pages: {' -> '.join(walk)}")
    assert walk == order, (
        "walking Next from index.html does not follow the sidebar's reading order:\n"
        f"  walk:    {walk}\n  sidebar: {order}")


# --- 3. breadcrumbs --------------------------------------------------------------------------

@pytest.mark.parametrize("page", FOLDER_PAGES)
def test_breadcrumbs_of_page_in_folder(nav_survey, site, page):
    info = nav_survey[page]
    assert info["hasBreadcrumbs"], f"{page}: no nav.fm-breadcrumbs"
    items = info["crumbs"]
    assert len(items) >= 2, f"{page}: breadcrumbs have {len(items)} items: {items}"
    assert items[-1]["current"], (
        f"{page}: the last breadcrumb ({items[-1]['text']!r}) is not marked aria-current=\"page\"")
    assert not any(i["current"] for i in items[:-1]), f"{page}: a breadcrumb before the last is current"
    links = [i["href"] for i in items[:-1]]
    assert all(links), f"{page}: a breadcrumb before the last one is not a link: {items}"
    assert file_of(links[0]) == str(site / "index.html"), (
        f"{page}: the first breadcrumb leads to {links[0]}, not to the site's index.html")
    expected = [str(site / "index.html")] + [str(site / f / "index.html") for f in enclosing_folders(page)]
    assert [file_of(h) for h in links] == expected, (
        f"{page}: breadcrumb links {links} should lead to the home page and then to the "
        f"index page of each enclosing folder ({expected})")


# --- 4. table of contents ------------------------------------------------------------------

# Entries of the TOC whose target is collapsed: a closed section, or inside one.
HIDDEN_TOC_TARGETS_JS = """
const toc = document.querySelector('nav.fm-toc');
if (!toc) return [];
const out = [];
toc.querySelectorAll('a[href^="#"]').forEach((a, i) => {
  let id = a.getAttribute('href').slice(1);
  try { id = decodeURIComponent(id); } catch (e) {}
  const t = document.getElementById(id);
  if (!t) return;
  let closedAncestors = 0;
  for (let e = t.parentElement; e; e = e.parentElement) {
    if (e.tagName === 'DETAILS' && !e.open) closedAncestors++;
  }
  const closedSelf = t.tagName === 'DETAILS' && !t.open;
  if (closedAncestors || closedSelf) out.push({index: i, id: id, closedAncestors: closedAncestors});
});
return out;
"""

TARGET_STATE_JS = """
const t = document.getElementById(arguments[0]);
const closed = [];
for (let e = t; e; e = e.parentElement) {
  if (e.tagName === 'DETAILS' && !e.open) closed.push(e.id || e.tagName);
}
const s = t.matches('details') ? (t.querySelector(':scope > summary') || t) : t;
const r = s.getBoundingClientRect();
const x = r.left + Math.min(r.width / 2, 40), y = r.top + Math.min(r.height / 2, 20);
const hit = (y >= 0 && y < innerHeight) ? document.elementFromPoint(x, y) : null;
return {closed: closed, top: Math.round(r.top), bottom: Math.round(r.bottom),
        viewport: innerHeight, inView: r.top >= 0 && r.top < innerHeight && r.height > 0,
        uncovered: !!hit && s.contains(hit),
        hit: hit ? hit.tagName.toLowerCase() + (hit.className ? '.' + hit.className : '') : null};
"""


@pytest.fixture(scope="module")
def wide_driver():
    d = support.make_driver(width=1400, height=900)
    yield d
    d.quit()


@pytest.fixture(scope="module")
def toc_case(wide_driver, site):
    """(page, entry): a TOC entry whose target section is collapsed by default,
    preferring one inside a closed section."""
    found = []
    for rel in NAV_PAGES:
        support.load(wide_driver, support.page_url(site, rel))
        for entry in wide_driver.execute_script(HIDDEN_TOC_TARGETS_JS):
            found.append((0 if entry["closedAncestors"] else 1, rel, entry))
    if not found:
        pytest.fail("no page has a table-of-contents entry whose section is collapsed by default")
    found.sort(key=lambda f: f[0])
    return found[0][1], found[0][2]


def test_toc_click_reveals_collapsed_section(wide_driver, site, toc_case):
    driver = wide_driver
    page, entry = toc_case
    support.load(driver, support.page_url(site, page))
    toc = driver.find_element(By.CSS_SELECTOR, "nav.fm-toc")
    assert toc.is_displayed(), f"{page}: the table of contents is not displayed on a 1400px window"
    state = driver.execute_script(TARGET_STATE_JS, entry["id"])
    assert state["closed"], f"{page}: #{entry['id']} is not collapsed to begin with"
    link = toc.find_elements(By.CSS_SELECTOR, "a[href^='#']")[entry["index"]]
    link.click()
    try:
        support.wait_for(lambda: not driver.execute_script(TARGET_STATE_JS, entry["id"])["closed"], "")
    except AssertionError:
        raise AssertionError(
            f"{page}: after clicking the TOC entry for #{entry['id']}, these <details> are "
            f"still closed: {driver.execute_script(TARGET_STATE_JS, entry['id'])['closed']}") from None
    try:
        support.wait_for(lambda: (lambda s: s["inView"] and s["uncovered"])(
            driver.execute_script(TARGET_STATE_JS, entry["id"])), "")
    except AssertionError:
        s = driver.execute_script(TARGET_STATE_JS, entry["id"])
        raise AssertionError(
            f"{page}: after clicking the TOC entry, the summary of #{entry['id']} is not "
            f"visible: its top is at {s['top']}px of a {s['viewport']}px viewport, and the "
            f"point in it shows {s['hit']}") from None


def test_toc_hidden_on_narrow_window(site, toc_case):
    page, _ = toc_case
    driver = support.make_driver(width=600, height=900)
    try:
        support.load(driver, support.page_url(site, page))
        display = driver.execute_script(
            "const t = document.querySelector('nav.fm-toc');"
            "return t ? getComputedStyle(t).display : null")
        assert display is not None, f"{page}: no nav.fm-toc"
        assert display == "none", f"{page}: on a 600px window the TOC has display {display!r}"
    finally:
        driver.quit()


# --- 5. scroll spy ---------------------------------------------------------------------------

# TOC entries whose section is shown by default, lies below the first screen, has room
# below it to be scrolled to the top, and has no other TOC-listed summary just above it.
SPY_CANDIDATES_JS = """
const toc = document.querySelector('nav.fm-toc');
if (!toc) return [];
const links = Array.from(toc.querySelectorAll('a[href^="#"]'));
const id = (a) => { const h = a.getAttribute('href').slice(1);
                    try { return decodeURIComponent(h); } catch (e) { return h; } };
const listed = new Set(links.map(id));
const summaries = Array.from(document.querySelectorAll('details.fm-section > summary'))
  .filter((s) => listed.has(s.parentElement.id) && s.getClientRects().length > 0);
const top = (el) => el.getBoundingClientRect().top + scrollY;
const height = document.documentElement.scrollHeight;
const out = [];
summaries.forEach((s, i) => {
  const t = top(s);
  if (t < innerHeight) return;
  if (height - t < innerHeight) return;
  if (i > 0 && summaries[i - 1].getBoundingClientRect().bottom + scrollY > t - 150) return;
  out.push({id: s.parentElement.id, index: links.findIndex((a) => id(a) === s.parentElement.id)});
});
return out;
"""

SPY_STATE_JS = """
const links = Array.from(document.querySelectorAll('nav.fm-toc a[href^="#"]'));
return links.map((a) => a.classList.contains('fm-current') ||
                        a.getAttribute('aria-current') === 'location');
"""


def test_scroll_spy_marks_section_in_view(wide_driver, site):
    driver = wide_driver
    case = None
    for rel in NAV_PAGES:
        support.load(driver, support.page_url(site, rel))
        candidates = driver.execute_script(SPY_CANDIDATES_JS)
        # The longest page: the one with the most sections to scroll to.
        if candidates and (case is None or len(candidates) > case[2]):
            case = rel, candidates[len(candidates) // 2], len(candidates)
    if case is None:
        pytest.fail("no page has a TOC and a section far enough down to scroll to")
    page, entry, _ = case
    support.load(driver, support.page_url(site, page))
    # Let the observer settle on the top of the page first. Not a time limit: on a busy
    # machine it may settle later, and an entry marked too early then shows up after the
    # check rather than fail it, so the wait can only make the test pass more easily.
    time.sleep(0.3)
    marks = driver.execute_script(SPY_STATE_JS)
    assert not marks[entry["index"]], (
        f"{page}: the TOC entry for #{entry['id']} is marked current before scrolling to it")
    driver.execute_script(
        "document.getElementById(arguments[0]).querySelector(':scope > summary').scrollIntoView()",
        entry["id"])
    try:
        support.wait_for(lambda: driver.execute_script(SPY_STATE_JS)[entry["index"]], "")
    except AssertionError:
        marks = driver.execute_script(SPY_STATE_JS)
        links = driver.execute_script(
            "return Array.from(document.querySelectorAll('nav.fm-toc a[href^=\"#\"]'))"
            ".map(a => a.getAttribute('href'))")
        raise AssertionError(
            f"{page}: after scrolling #{entry['id']} to the top, its TOC entry is not marked "
            f"(fm-current / aria-current=location); marked: "
            f"{[h for h, m in zip(links, marks) if m]}") from None
    marks = driver.execute_script(SPY_STATE_JS)
    assert sum(marks) == 1, f"{page}: {sum(marks)} TOC entries are marked current at once"


# --- 6. folder index pages -------------------------------------------------------------------

def _generated_folder_indexes(site):
    """Folders of Content/ (relative) that have pages but no index.md."""
    content = content_dir()
    assert content.is_dir(), f"no Content folder at {content} (set FOLDMARK_CONTENT)"
    found = []
    for folder in sorted(p for p in content.rglob("*") if p.is_dir()):
        rel = folder.relative_to(content).as_posix()
        if (folder / "index.md").exists() or not any(folder.rglob("*.md")):
            continue
        if (site / rel / "index.html").is_file():
            found.append(rel)
    return found


def test_generated_folder_index_lists_pages(site, nav_survey):
    folders = _generated_folder_indexes(site)
    assert folders, ("no folder of Content/ without an index.md got an index.html; "
                     "this test needs one (e.g. Content/writing/ without index.md)")
    for folder in folders:
        out = site / folder
        index = out / "index.html"
        children = sorted(str(p) for p in out.glob("*.html") if p.name != "index.html")
        children += sorted(str(p / "index.html") for p in out.iterdir()
                           if p.is_dir() and (p / "index.html").is_file())
        assert children, f"{folder}/ has pages in Content/ but none in the built site"
        listed = [file_of(h) for h in nav_survey[f"{folder}/index.html"]["mainLinks"]]
        missing = [os.path.relpath(c, site) for c in children if c not in listed]
        assert not missing, f"{folder}/index.html does not link to {missing} in <main>"
        # In sidebar order: the entries of the folder's own group.
        group = next((g for g in nav_survey[f"{folder}/index.html"]["groups"]
                      if g["href"] and file_of(g["href"]) == str(index)), None)
        assert group is not None, f"{folder}/index.html: no sidebar group for its folder"
        sidebar = [file_of(h) for h in group["entries"] if h]
        in_main = [p for p in listed if p in sidebar]
        assert in_main == [p for p in sidebar if p in in_main], (
            f"{folder}/index.html lists its pages in another order than the sidebar: "
            f"{[os.path.relpath(p, site) for p in in_main]} vs "
            f"{[os.path.relpath(p, site) for p in sidebar]}")
