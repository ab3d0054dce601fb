#!/usr/bin/env bash
# Builds each real documentation corpus of ../shared/corpus/*.tar.xz (written elsewhere,
# by people who never heard of foldmark) as the Content/ of a site, and fails on a crash
# or on any error; warnings (broken links, mostly) are counted by kind. Then a sample of
# each corpus's pages goes through the Nu HTML Checker and axe-core.
#
#   scripts/corpora.sh [CORPUS_FOLDER]     (default ../shared/corpus beside the checkout)
#
# Environment: FOLDMARK_BIN (default: a release build with FOLDMARK_SCRATCH_PATH),
# FOLDMARK_PYTHON and FOLDMARK_VNU_JAR for the checker (from scripts/install-deps.sh;
# without them the checks are skipped with a message), FOLDMARK_SAMPLE (pages checked
# per corpus, default 25).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
# shellcheck source=lib.sh
. "$root/scripts/lib.sh"
corpora="$(cd "${1:-$root/../shared/corpus}" && pwd)"
[ -n "${FOLDMARK_BIN:-}" ] || FOLDMARK_BIN="$(foldmark_release_binary)"

work="$(mktemp -d "${TMPDIR:-/tmp}/foldmark-corpora.XXXXXX")"
trap 'rm -rf "$work"' EXIT
failed=0
for tarball in "$corpora"/*.tar.xz; do
    name="$(basename "$tarball" .tar.xz)"
    site="$work/$name"
    mkdir -p "$site/unpacked"
    tar -xJf "$tarball" -C "$site/unpacked"
    # Each tarball holds one top folder named after the corpus: it becomes Content/.
    mv "$site/unpacked"/* "$site/Content"
    rmdir "$site/unpacked"
    printf 'title: %s\n' "$name" > "$site/foldmark.yml"
    start=$(date +%s.%N)
    set +e
    "$FOLDMARK_BIN" build "$site" --out "$site/_site" --json > "$site/report.json" 2> "$site/stderr.txt"
    status=$?
    set -e
    seconds=$(echo "$(date +%s.%N) - $start" | bc)
    python3 - "$name" "$site" "$status" "$seconds" <<'PY' || failed=1
import collections, json, pathlib, re, sys
name, site, status, seconds = sys.argv[1], pathlib.Path(sys.argv[2]), int(sys.argv[3]), float(sys.argv[4])
sources = sum(1 for _ in (site / "Content").rglob("*.md"))
try:
    report = json.loads((site / "report.json").read_text())
except ValueError:
    report = None
if status > 1 or report is None:
    print(f"corpora: {name}: foldmark crashed or printed no report (exit {status})", file=sys.stderr)
    print((site / "stderr.txt").read_text()[-2000:], file=sys.stderr)
    sys.exit(1)
kinds = collections.Counter(re.sub(r" '.*", "", w["message"]) for w in report["warnings"])
print(f"corpora: {name}: {sources} Markdown files, {report['pages']} pages built "
      f"(with generated folder indexes and 404.html), {len(report['errors'])} errors, "
      f"{len(report['warnings'])} warnings in {seconds:.2f} s (exit {status})")
for kind, count in kinds.most_common():
    print(f"corpora:     {count:6d}  {kind}")
for error in report["errors"][:20]:
    print(f"corpora:   error: {error['file']}:{error.get('line', '')}: {error['message']}", file=sys.stderr)
sys.exit(0 if status == 0 and not report["errors"] else 1)
PY
    # A sample of the pages, spread over the corpus, for the Nu HTML Checker.
    sample="$work/sample/$name"
    mkdir -p "$sample"
    (cd "$site/_site" && find . -name '*.html' | sort | awk -v n="${FOLDMARK_SAMPLE:-25}" '
        { pages[NR] = $0 } END { step = NR / n; if (step < 1) step = 1; for (i = 1; i <= NR; i += step) print pages[int(i)] }' |
        while read -r page; do mkdir -p "$sample/$(dirname "$page")"; cp "$site/_site/$page" "$sample/$page"; done)
done
samples=("$work"/sample/*)

if [ -n "${FOLDMARK_PYTHON:-}" ] && [ -n "${FOLDMARK_VNU_JAR:-}" ]; then
    echo "corpora: Nu HTML Checker on $(find "$work/sample" -name '*.html' | wc -l) sampled pages"
    # The checker's own report, with one kind of error set aside: a heading that skips a
    # level (h2, then h4) is how the corpus's author wrote it, and foldmark keeps every
    # heading's level as written. Everything else fails, as in check_html.py.
    "$FOLDMARK_PYTHON" - "$work/sample" <<'PY' || failed=1
import collections, json, os, pathlib, re, subprocess, sys
sample = pathlib.Path(sys.argv[1])
pages = sorted(str(p) for p in sample.rglob("*.html"))
run = subprocess.run(["java", "-jar", os.environ["FOLDMARK_VNU_JAR"], "--errors-only", "--format", "json"] + pages,
                     capture_output=True, text=True)
report = json.loads(run.stderr.strip() or run.stdout.strip())
sys.path.insert(0, "Tests/browser")
from check_html import KNOWN_CHECKER_GAPS
authored = re.compile(r"^The heading “h\d” \(with computed level \d\) follows the heading “h\d” .*skipping \d+ heading levels?\.$")
errors, set_aside = [], collections.Counter()
for message in report.get("messages", []):
    text = message.get("message", "")
    if message.get("type") == "info":
        continue
    if text in KNOWN_CHECKER_GAPS:
        set_aside["known checker gap"] += 1
    elif authored.match(text):
        set_aside["heading levels skipped in the Markdown as written"] += 1
    else:
        errors.append(message)
for message in errors:
    print(f"{message.get('url', '')}:{message.get('lastLine', '?')}: {message.get('message', '')}")
print(f"corpora: Nu HTML Checker {report.get('version', '?')}: {len(pages)} pages, {len(errors)} errors"
      + "".join(f"; {count} set aside: {why}" for why, count in set_aside.items()))
sys.exit(1 if errors else 0)
PY
    # The same sample through axe-core, in each built site, where the pages have their
    # stylesheets: no serious or critical violation (Tests/browser/axe_pages.py).
    for sample in "${samples[@]}"; do
        name="$(basename "$sample")"
        mapfile -t pages < <(cd "$sample" && find . -name '*.html' | sort)
        "$FOLDMARK_PYTHON" Tests/browser/axe_pages.py "$work/$name/_site" "${pages[@]}" || failed=1
    done
else
    echo "corpora: FOLDMARK_PYTHON / FOLDMARK_VNU_JAR not set: the sample is not checked (run scripts/install-deps.sh)"
fi
exit "$failed"
