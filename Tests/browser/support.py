"""Shared helpers for the browser tests: the site under test, a headless Chromium
driven by chromedriver, and a survey of each page's sections."""

import atexit
import json
import os
import re
import shutil
import subprocess
import tempfile
import time
from pathlib import Path
from urllib.parse import unquote, urlsplit

from selenium import webdriver
from selenium.webdriver.chrome.service import Service

CHROMIUM = os.environ.get("FOLDMARK_CHROMIUM", "/usr/bin/chromium")
CHROMEDRIVER = os.environ.get("FOLDMARK_CHROMEDRIVER", "/usr/bin/chromedriver")

HEADINGS = "h1, h2, h3, h4, h5, h6"

# Chromium leaves a folder of its own in the temporary directory for each browser started
# (org.chromium.Chromium.*, with its singleton socket): dozens per run. It gets a temporary
# directory of the test run's instead, removed at the end.
CHROMIUM_TMP = tempfile.mkdtemp(prefix="foldmark-chromium-")
atexit.register(shutil.rmtree, CHROMIUM_TMP, True)


def site_dir():
    value = os.environ.get("FOLDMARK_SITE")
    if not value:
        raise RuntimeError("set FOLDMARK_SITE to the folder of a built foldmark site")
    path = Path(value).resolve()
    if not path.is_dir():
        raise RuntimeError(f"FOLDMARK_SITE={value} is not a folder")
    return path


def build_files(root, files, binary):
    """Writes `files` (text by relative path) under `root`, builds the site with the
    foldmark `binary` into root/_site, and returns that folder."""
    for path, text in files.items():
        file = root / path
        file.parent.mkdir(parents=True, exist_ok=True)
        file.write_text(text, encoding="utf-8")
    out = root / "_site"
    result = subprocess.run([binary, "build", str(root), "--out", str(out)],
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    return out


def html_pages(site):
    """Every .html file of the site as a path relative to it, index.html first."""
    pages = sorted(p.relative_to(site).as_posix() for p in site.rglob("*.html") if p.is_file())
    pages.sort(key=lambda p: (p != "index.html", p.count("/"), p))
    return pages


def page_url(site, rel, fragment=None):
    url = (site / rel).as_uri()
    if fragment is not None:
        url += "#" + fragment
    return url


def make_driver(javascript=True, width=1280, height=800):
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for arg in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage",
                f"--window-size={width},{height}", "--hide-scrollbars",
                "--disable-extensions", "--no-first-run", "--no-default-browser-check",
                "--disable-background-networking", "--disable-component-update",
                "--disable-sync", "--metrics-recording-only"):
        options.add_argument(arg)
    if not javascript:
        options.add_experimental_option(
            "prefs", {"profile.managed_default_content_settings.javascript": 2})
    options.set_capability("goog:loggingPrefs", {"browser": "ALL", "performance": "ALL"})
    service = Service(executable_path=CHROMEDRIVER, env={**os.environ, "TMPDIR": CHROMIUM_TMP})
    driver = webdriver.Chrome(options=options, service=service)
    # Headless Chromium's --window-size includes room for browser UI; this makes the
    # page's viewport exactly width x height.
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})
    driver.set_page_load_timeout(30)
    driver.set_script_timeout(30)
    return driver


def load(driver, url):
    """Loads url as a fresh document (about:blank first, so that a URL differing only
    in its fragment is a real load, not a same-document navigation)."""
    driver.get("about:blank")
    driver.get(url)
    wait_until_loaded(driver, url)


def reload(driver):
    """Reloads the current page in the same tab, as a reader does."""
    driver.refresh()
    wait_until_loaded(driver, driver.current_url)


def load_until(driver, url, done, message):
    """Loads url, again if needed, until `done()`. What a page stores reaches the next
    document through the browser process a moment later: on a loaded machine, a load
    right after the write can still read what was there before. A state that is never
    read fails here, saying `message`."""
    wait_for(lambda: load(driver, url) or done(), message)


def reload_until(driver, done, message):
    """Reloads the page, again if needed, until `done()` (see ``load_until``)."""
    wait_for(lambda: reload(driver) or done(), message)


def wait_until_loaded(driver, url):
    wait_for(lambda: driver.execute_script("return document.readyState") == "complete",
             "document never finished loading: " + url)


# How long a test waits for what it expects before failing, saying that it hung: a guard
# against a hang, not a time limit. The tests check what happens and in which order (how
# fast is the benchmarks' to measure), and must pass on a busy machine.
HANG_GUARD = 60.0


def wait_for(predicate, message, interval=0.05):
    """The first true value of `predicate`, asked every `interval` seconds; fails with
    `message` if there is none after HANG_GUARD seconds."""
    deadline = time.monotonic() + HANG_GUARD
    while True:
        value = predicate()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError("hung: %s (after %d s)" % (message, HANG_GUARD))
        time.sleep(interval)


# Returns, for every details.fm-section in document order, what the tests need to
# know about it. "ancestors" are indexes (into the same list) of enclosing sections,
# innermost first. "body" is the section's own content: its children other than the
# summary and nested sections.
SURVEY_JS = """
const secs = Array.from(document.querySelectorAll('details.fm-section'));
return secs.map((d, i) => {
  const ancestors = [];
  for (let e = d.parentElement; e; e = e.parentElement) {
    if (e.matches('details.fm-section')) ancestors.push(secs.indexOf(e));
  }
  const summary = d.querySelector(':scope > summary');
  // A section's heading stands just before its <details>, in the .fm-fold around both.
  const before = d.previousElementSibling;
  const heading = before && /^H[1-6]$/.test(before.tagName) ? before : null;
  let body = '';
  for (const c of d.children) {
    if (c.tagName === 'SUMMARY' || c.matches('details.fm-section, .fm-fold')) continue;
    body += ' ' + c.textContent;
  }
  return {index: i, id: d.id, open: d.hasAttribute('open'), ancestors: ancestors,
          firstIsSummary: d.firstElementChild === summary && summary !== null,
          heading: heading ? heading.textContent.trim() : null,
          level: heading ? Number(heading.tagName.slice(1)) : null,
          body: body.replace(/\\s+/g, ' ').trim()};
});
"""


def survey(driver):
    return driver.execute_script(SURVEY_JS)


def section_element(driver, section):
    """The DOM element of a surveyed section, found by its document-order index."""
    return driver.execute_script(
        "return document.querySelectorAll('details.fm-section')[arguments[0]]", section["index"])


def is_open(driver, element):
    return driver.execute_script("return arguments[0].open", element)


def normalize_text(text):
    """Lower case, letters and digits only, single spaces: for comparing page text
    with text extracted from a PDF."""
    return " ".join(re.sub(r"[^\w]+", " ", text.lower()).split())


def browser_errors(driver):
    return [e for e in driver.get_log("browser") if e.get("level") == "SEVERE"]


def network_problems(driver, site):
    """Drains the performance log; returns the requests a page made outside the site
    folder (anything not file:// under `site`, data: or about:) and failed loads."""
    problems = []
    site_str = str(site)
    for entry in driver.get_log("performance"):
        message = json.loads(entry["message"])["message"]
        method = message.get("method")
        params = message.get("params", {})
        if method == "Network.requestWillBeSent":
            url = params.get("request", {}).get("url", "")
            scheme = urlsplit(url).scheme
            if scheme in ("data", "about"):
                continue
            if scheme == "file":
                path = os.path.realpath(unquote(urlsplit(url).path))
                if path == site_str or path.startswith(site_str + os.sep):
                    continue
            problems.append("request: " + url)
        elif method == "Network.loadingFailed":
            if params.get("canceled"):
                continue
            problems.append("failed load: %s (%s)" % (params.get("requestId"), params.get("errorText")))
    return problems
