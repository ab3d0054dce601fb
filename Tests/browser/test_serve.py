"""`foldmark serve` in a real browser: pages reload when their Markdown changes and keep
the reader's place (which sections are open, and the scroll position); build errors show
over the page.

Each test starts the binary named by $FOLDMARK_BIN (scripts/test.sh sets it to the
release build) with `--port 0` on a small site of its own in a temporary folder, reads
the address it prints, and stops it with SIGINT, which must end it with status 0."""

import os
import queue
import re
import signal
import subprocess
import threading
import time

import pytest

import support

FOLDMARK_BIN = os.environ.get("FOLDMARK_BIN")
pytestmark = pytest.mark.skipif(
    not FOLDMARK_BIN,
    reason="FOLDMARK_BIN is not set: point it at a foldmark binary (scripts/test.sh does) "
           "to test `foldmark serve`")

WORDS = ("Sections fold away what the reader has finished and keep open what they still "
         "need, so a long reference page stays easy to skim while it is being written. ")


def paragraphs(name, count=6):
    return "\n".join(f"{name} paragraph {i}. " + WORDS * 3 + "\n" for i in range(count))


def long_page(sections, tail=""):
    """A page with one top-level section per (heading, attributes) pair, each long
    enough that the page scrolls."""
    text = "---\ntitle: Long page\n---\n\nIntroduction before the first heading.\n\n"
    for heading, attributes in sections:
        text += f"## {heading} {attributes}\n\n" + paragraphs(heading)
        text += f"### {heading} detail\n\n" + paragraphs(heading + " detail", 2)
    return text + tail


SECTIONS = [("Alpha", ""), ("Beta", "{.collapsed}"), ("Gamma", ""), ("Delta", ""), ("Omega", "")]

SITE = {
    "foldmark.yml": "title: Serve test\n",
    "Content/index.md": "# Home\n\nSee the [long page](long.md).\n",
    "Content/long.md": long_page(SECTIONS),
}


class Served:
    """A running `foldmark serve` of a site in a temporary folder."""

    def __init__(self, root):
        self.root = root
        for path, text in SITE.items():
            self.write(path, text)
        self.process = subprocess.Popen(
            [FOLDMARK_BIN, "serve", str(root), "--port", "0"],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        self.lines = queue.Queue()
        self.errors = []
        threading.Thread(target=self._read, args=(self.process.stdout, self.lines.put), daemon=True).start()
        threading.Thread(target=self._read, args=(self.process.stderr, self.errors.append), daemon=True).start()
        try:
            line = self.wait_for_output(r"at (http://127\.0\.0\.1:\d+/)")
        except AssertionError:
            self.stop()
            raise
        self.url = re.search(r"at (http://127\.0\.0\.1:\d+/)", line).group(1)

    def wait_for_output(self, pattern):
        """The next line of standard output that `pattern` matches, skipping those before;
        fails, saying that the server hung, after support.HANG_GUARD seconds."""
        deadline = time.monotonic() + support.HANG_GUARD
        while True:
            try:
                line = self.lines.get(timeout=max(0.1, deadline - time.monotonic()))
            except queue.Empty:
                raise AssertionError("hung: foldmark serve printed no line matching %r; stderr: %s"
                                     % (pattern, self.errors))
            if re.search(pattern, line):
                return line

    @staticmethod
    def _read(stream, sink):
        for line in stream:
            sink(line.rstrip("\n"))

    def write(self, path, text):
        target = self.root / path
        target.parent.mkdir(parents=True, exist_ok=True)
        # Like an editor's save: a new file renamed over the old one.
        temporary = target.parent / ("." + target.name + ".tmp")
        temporary.write_text(text, encoding="utf-8")
        os.replace(temporary, target)

    def stop(self):
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
        try:
            return self.process.wait(timeout=support.HANG_GUARD)
        except subprocess.TimeoutExpired:
            self.process.kill()
            raise


@pytest.fixture
def served(tmp_path):
    server = Served(tmp_path / "site")
    yield server
    status = server.stop()
    assert status == 0, "foldmark serve did not stop cleanly on SIGINT: %s %s" % (status, server.errors)


def open_states(driver):
    return {s["id"]: s["open"] for s in support.survey(driver) if not s["ancestors"]}


def set_open(driver, section_id, wanted):
    """Toggles a section the way a reader does: a click on its summary."""
    driver.execute_script("""
        const d = document.getElementById(arguments[0]);
        if (d.open !== arguments[1]) d.querySelector(':scope > summary').click();
    """, section_id, wanted)
    support.wait_for(lambda: driver.execute_script(
        "return document.getElementById(arguments[0]).open", section_id) == wanted,
        "section %s did not toggle" % section_id)


def mark_document(driver):
    driver.execute_script("window.__servedBeforeEdit = true;")


def wait_for_reload(driver, phrase):
    """Waits until the document was replaced, shows `phrase`, and the live-reload script
    has put the reader back in place: it scrolls once more at "load", then gives scrolling
    back to the browser (history.scrollRestoration "auto") and lets sections animate
    again (no "fm-instant" class)."""
    def reloaded():
        try:
            return driver.execute_script(
                "return window.__servedBeforeEdit !== true && document.readyState === 'complete' "
                "&& document.body.textContent.includes(arguments[0]) "
                "&& history.scrollRestoration === 'auto' "
                "&& !document.documentElement.classList.contains('fm-instant')", phrase)
        except Exception:  # the document is being replaced
            return False
    support.wait_for(reloaded, "the page did not reload with %r" % phrase)


def live_reload_connected(driver):
    """Waits until the page's live-reload stream is open. (A build between the page's
    load and the stream's start would not be missed, as the server replays it, but the
    tests should exercise the common case.)"""
    support.wait_for(lambda: driver.execute_script(
        "return !!(window.foldmarkServe && window.foldmarkServe.connected)"),
        "the live-reload stream never opened")


def scroll_y(driver):
    return driver.execute_script("return window.scrollY")


def test_reload_keeps_open_sections_and_scroll_position(served, driver):
    support.load(driver, served.url + "long.html")
    live_reload_connected(driver)
    assert open_states(driver) == {"alpha": True, "beta": False, "gamma": True, "delta": True, "omega": True}
    assert "window.foldmarkServe" in driver.page_source
    set_open(driver, "alpha", False)   # collapse one that starts open
    set_open(driver, "beta", True)     # open one that starts collapsed
    # Sections slide open and shut; the page has its final height once they are done.
    support.wait_for(lambda: driver.execute_script(
        "return document.getAnimations().every((a) => a.playState !== 'running')"),
        "the sections did not finish opening and closing")
    driver.execute_script("window.scrollTo(0, 900)")
    support.wait_for(lambda: scroll_y(driver) == 900, "the page did not scroll to 900")
    before = open_states(driver)
    mark_document(driver)

    served.write("Content/long.md", long_page(SECTIONS, tail="\nAn edited closing paragraph.\n"))
    wait_for_reload(driver, "An edited closing paragraph.")

    assert open_states(driver) == before == {
        "alpha": False, "beta": True, "gamma": True, "delta": True, "omega": True}
    assert abs(scroll_y(driver) - 900) <= 2, "scroll position %s, expected 900" % scroll_y(driver)
    # The browser's own request for /favicon.ico (this site has none) is no error of the page.
    assert not [e for e in support.browser_errors(driver) if "favicon.ico" not in e["message"]]


def test_text_added_above_keeps_the_section_in_view_in_place(served, driver):
    support.load(driver, served.url + "long.html")
    live_reload_connected(driver)
    top_js = "return document.querySelector('#gamma > summary').getBoundingClientRect().top"
    driver.execute_script(
        "window.scrollTo(0, window.scrollY + document.querySelector('#gamma > summary').getBoundingClientRect().top - 120)")
    before = driver.execute_script(top_js)
    mark_document(driver)

    text = long_page(SECTIONS).replace("\n## Beta ", "\n" + paragraphs("Inserted", 4) + "\n## Beta ", 1)
    served.write("Content/long.md", text)
    wait_for_reload(driver, "Inserted paragraph 3.")

    # The page grew above the reader, and the heading they were reading stays put.
    assert abs(driver.execute_script(top_js) - before) <= 2
    assert scroll_y(driver) > 0


def test_deleted_section_goes_and_new_section_starts_in_default_state(served, driver):
    support.load(driver, served.url + "long.html")
    live_reload_connected(driver)
    set_open(driver, "gamma", False)
    set_open(driver, "beta", True)
    mark_document(driver)

    changed = [("Alpha", ""), ("Gamma", ""), ("Delta", ""), ("Epsilon", "{.collapsed}"), ("Zeta", ""),
               ("Omega", "")]
    served.write("Content/long.md", long_page(changed))
    wait_for_reload(driver, "Zeta paragraph 0.")

    assert open_states(driver) == {
        "alpha": True, "gamma": False, "delta": True, "epsilon": False, "zeta": True, "omega": True}


def test_only_changed_pages_reload(served, driver):
    """A build that changed only long.html leaves index.html in place. Checked by order, not
    by waiting a while: the page hears of each build on one stream, in order, so once it
    shows the overlay of a later (failed) build, it has heard of the first one; had it
    reloaded then, the document it was marked in would be gone."""
    support.load(driver, served.url + "index.html")
    live_reload_connected(driver)
    mark_document(driver)
    served.write("Content/long.md", long_page(SECTIONS, tail="\nChanged body only.\n"))
    served.wait_for_output(r"Built .*long\.html")
    served.write("Content/long.md", "---\ntitle: [unclosed\n---\n\n## Alpha\n\nBroken.\n")

    def overlay_shown():
        try:
            return driver.execute_script("return !!document.getElementById('fm-serve-errors')")
        except Exception:  # the document is being replaced
            return False
    support.wait_for(overlay_shown, "no error overlay appeared")
    assert driver.execute_script("return window.__servedBeforeEdit") is True, \
        "index.html reloaded although only long.html changed"
    served.write("Content/index.md", "# Home\n\nA new welcome.\n")
    served.write("Content/long.md", long_page(SECTIONS))
    wait_for_reload(driver, "A new welcome.")


def test_build_error_shows_over_the_page_until_fixed(served, driver):
    support.load(driver, served.url + "long.html")
    live_reload_connected(driver)
    served.write("Content/long.md", "---\ntitle: [unclosed\n---\n\n## Alpha\n\nBroken.\n")
    overlay = support.wait_for(
        lambda: driver.execute_script(
            "const e = document.getElementById('fm-serve-errors'); return e && e.innerText"),
        "no error overlay appeared")
    assert re.search(r"Content/long\.md:\d+:\d+: error: malformed YAML in front matter", overlay), overlay
    # The last good build stays on screen under the overlay.
    assert "Alpha paragraph 0." in driver.execute_script("return document.body.textContent")
    # A page opened while the build is broken shows the errors too.
    support.load(driver, served.url + "index.html")
    support.wait_for(lambda: driver.execute_script("return !!document.getElementById('fm-serve-errors')"),
                     "a page loaded during a broken build shows no overlay")
    mark_document(driver)
    served.write("Content/long.md", long_page(SECTIONS))
    support.wait_for(lambda: driver.execute_script("return !document.getElementById('fm-serve-errors')"),
                     "the overlay stayed after the build was fixed")


def test_removed_page_goes_away(served, driver):
    support.load(driver, served.url + "long.html")
    live_reload_connected(driver)
    mark_document(driver)
    (served.root / "Content/long.md").unlink()
    support.wait_for(lambda: driver.execute_script(
        "return window.__servedBeforeEdit !== true && document.readyState === 'complete' && document.title"),
        "the page did not reload after its source was removed")
    assert "Long page" not in driver.title
    assert "long.html" not in driver.execute_script(
        "return Array.from(document.querySelectorAll('a')).map(a => a.getAttribute('href')).join(' ')")
