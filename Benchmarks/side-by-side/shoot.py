#!/usr/bin/env python3
"""Screenshots the same pages built by foldmark and by MkDocs Material.

    shoot.py OUT FOLDMARK_SITE MKDOCS_SITE PAGE...

For each PAGE (an .html path, the same in both sites), at 1280x900 and 390x844, with
the system's scheme light and then dark, writes OUT/PAGE-WIDTH-SCHEME-TOOL.png (the
first screen, as a reader sees it on opening the page), and OUT/index.html, which
shows each pair side by side.
"""

import html
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "Tests" / "browser"))
import support  # noqa: E402

SIZES = [(1280, 900), (390, 844)]
SCHEMES = ["light", "dark"]


def shoot(out, sites, pages):
    shots = []
    for width, height in SIZES:
        driver = support.make_driver(width=width, height=height)
        try:
            for scheme in SCHEMES:
                driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {
                    "features": [{"name": "prefers-color-scheme", "value": scheme}]})
                for page in pages:
                    row = []
                    for tool, site in sites:
                        # Both keep a reader's choices in storage (MkDocs its palette):
                        # each picture starts from none.
                        support.load(driver, support.page_url(site, page))
                        driver.execute_script("localStorage.clear()")
                        support.reload(driver)
                        time.sleep(0.4)  # web fonts, transitions
                        name = f"{Path(page).stem}-{width}-{scheme}-{tool}.png"
                        driver.save_screenshot(str(out / name))
                        row.append(name)
                    shots.append((f"{page} at {width}x{height}, {scheme}", row))
        finally:
            driver.quit()
    return shots


def index(out, sites, shots):
    cells = "".join(f"<th>{html.escape(tool)}</th>" for tool, _ in sites)
    rows = "".join(
        f"<tr><th colspan='{len(sites)}'>{html.escape(title)}</th></tr><tr>"
        + "".join(f"<td><img src='{name}' alt='{name}'></td>" for name in row) + "</tr>"
        for title, row in shots)
    (out / "index.html").write_text(
        "<!doctype html><meta charset='utf-8'><title>side by side</title>"
        "<style>img{max-width:100%;border:1px solid #888}td{vertical-align:top}</style>"
        f"<table><tr>{cells}</tr>{rows}</table>\n", encoding="utf-8")


def main(argv):
    out, foldmark_site, mkdocs_site, *pages = argv
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    sites = [("foldmark", Path(foldmark_site).resolve()), ("mkdocs", Path(mkdocs_site).resolve())]
    index(out, sites, shoot(out, sites, pages))
    print(f"shoot.py: {len(list(out.glob('*.png')))} pictures in {out} (see index.html)")


if __name__ == "__main__":
    main(sys.argv[1:])
