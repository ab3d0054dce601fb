#!/usr/bin/env python3
"""Take a screenshot of a page with headless Chromium.

    screenshot.py OUT.png PAGE [--width 1280] [--height 900] [--full-page]
                  [--expand-all]

PAGE is a path to an .html file (it may end in #fragment) or a file:// URL. With
--full-page the picture is as tall as the page, not just the window.
"""

import argparse
import base64
import sys
import time
from pathlib import Path

import support


def main(argv=None):
    parser = argparse.ArgumentParser(description="Screenshot a page with headless Chromium.")
    parser.add_argument("out", help="PNG file to write")
    parser.add_argument("page", help="an .html file (optionally with #fragment) or a URL")
    parser.add_argument("--width", type=int, default=1280)
    parser.add_argument("--height", type=int, default=900)
    parser.add_argument("--full-page", action="store_true", help="capture the whole page height")
    parser.add_argument("--expand-all", action="store_true", help="open every section first")
    args = parser.parse_args(argv)

    if "://" in args.page:
        url = args.page
    else:
        path, _, fragment = args.page.partition("#")
        file = Path(path).resolve()
        if not file.is_file():
            print(f"screenshot: no such file: {file}", file=sys.stderr)
            return 2
        url = file.as_uri() + ("#" + fragment if fragment else "")

    driver = support.make_driver(width=args.width, height=args.height)
    try:
        support.load(driver, url)
        if args.expand_all:
            driver.execute_script(
                "document.querySelectorAll('details').forEach(d => { d.open = true; })")
        time.sleep(0.5)  # let transitions and the hash scroll settle
        if args.full_page:
            height = driver.execute_script(
                "return Math.ceil(document.documentElement.scrollHeight)")
            data = driver.execute_cdp_cmd("Page.captureScreenshot", {
                "format": "png", "captureBeyondViewport": True,
                "clip": {"x": 0, "y": 0, "width": args.width, "height": height, "scale": 1}})["data"]
            png = base64.b64decode(data)
        else:
            png = driver.get_screenshot_as_png()
    finally:
        driver.quit()
    Path(args.out).write_bytes(png)
    print(f"screenshot: wrote {args.out} ({len(png)} bytes) of {url}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
