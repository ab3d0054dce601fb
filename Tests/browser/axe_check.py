"""axe-core in a selenium-driven Chromium: the script injected into a loaded page, run,
and its violations reduced to what a test reports. axe-core comes from the pinned PyPI
package axe-playwright-python (its axe.min.js), installed by scripts/install-deps.sh;
only that file is used."""

import importlib.util
from pathlib import Path

# Impacts that fail a page: axe's two highest. "moderate" and "minor" are reported by the
# tools that ask for them, not failed.
FAILING = ("serious", "critical")

RUN_AXE = """
const done = arguments[arguments.length - 1];
axe.run(document, {resultTypes: ['violations']}).then(
  result => done(result.violations.map(v => ({
    rule: v.id, impact: v.impact, help: v.help,
    targets: v.nodes.map(n => n.target.join(' ')),
    summaries: v.nodes.map(n => n.failureSummary || '')}))),
  error => done({error: String(error)}));
"""

_source = None


def axe_source():
    """The text of axe.min.js, read once."""
    global _source
    if _source is None:
        spec = importlib.util.find_spec("axe_playwright_python")
        if spec is None or not spec.submodule_search_locations:
            raise RuntimeError("axe-playwright-python is not installed (scripts/install-deps.sh)")
        folder = Path(list(spec.submodule_search_locations)[0])
        _source = (folder / "axe.min.js").read_text(encoding="utf-8")
    return _source


def violations(driver):
    """axe's violations on the page loaded in `driver`, each as a dict: rule, impact,
    help, targets (CSS selectors of the nodes) and summaries (why each node fails)."""
    if not driver.execute_script("return typeof window.axe === 'object'"):
        driver.execute_script(axe_source())
    found = driver.execute_async_script(RUN_AXE)
    if isinstance(found, dict) and "error" in found:
        raise AssertionError("axe.run failed: " + found["error"])
    return found


def failing(found):
    return [v for v in found if v["impact"] in FAILING]


def describe(found, where=""):
    """One line per violating node: where, rule, impact, target, and axe's reason."""
    lines = []
    for v in found:
        for target, summary in zip(v["targets"], v["summaries"]):
            reason = " ".join(summary.split())[:200]
            lines.append(f"{where}{v['rule']} ({v['impact']}) {target}: {reason}")
    return "\n".join(lines)
