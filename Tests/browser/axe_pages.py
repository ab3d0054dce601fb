#!/usr/bin/env python3
"""Runs axe-core over some pages of a built foldmark site, in the light and the dark
scheme with every fold open, and prints the violations counted by rule and impact.

    axe_pages.py SITE_DIR PAGE...      (pages relative to SITE_DIR)

Exit status: 0 when no page has a serious or critical violation, 1 otherwise (each is
printed with its page, rule, impact, target and reason)."""

import collections
import sys
from pathlib import Path

import axe_check
import support

OPEN_ALL = "document.querySelectorAll('main details').forEach(d => { d.open = true; });"


def main(argv):
    if len(argv) < 2:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    site, pages = Path(argv[0]).resolve(), argv[1:]
    driver = support.make_driver()
    counts, failing = collections.Counter(), []
    try:
        for scheme in ("light", "dark"):
            driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {
                "features": [{"name": "prefers-color-scheme", "value": scheme}]})
            for rel in pages:
                support.load(driver, support.page_url(site, rel))
                driver.execute_script(OPEN_ALL)
                found = axe_check.violations(driver)
                for v in found:
                    counts[(v["rule"], v["impact"])] += len(v["targets"])
                if axe_check.failing(found):
                    failing.append(axe_check.describe(axe_check.failing(found), f"{rel} [{scheme}]: "))
    finally:
        driver.quit()
    for line in failing:
        print(line)
    summary = ", ".join(f"{rule} ({impact}) {n}" for (rule, impact), n in sorted(counts.items())) or "none"
    print(f"axe-core: {len(pages)} pages of {argv[0]}, light and dark: violations by node: {summary}")
    return 1 if failing else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
