#!/usr/bin/env bash
# Builds a site whose one page is a 100 MB Markdown file and reports the build's peak
# memory (resident set size, from /usr/bin/time -v) and time, next to libcmark's alone
# on the same file when the `cmark` program is installed.
#
#   scripts/large-input.sh [MEGABYTES]     (default 100)
#
# Fails if the build fails or its peak memory exceeds 25 times the file's size
# (FOLDMARK_RSS_FACTOR), so that memory stays bounded by the input.
# Environment: FOLDMARK_BIN (default: a release build with FOLDMARK_SCRATCH_PATH).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
# shellcheck source=lib.sh
. "$root/scripts/lib.sh"
megabytes="${1:-100}"
factor="${FOLDMARK_RSS_FACTOR:-25}"
[ -n "${FOLDMARK_BIN:-}" ] || FOLDMARK_BIN="$(foldmark_release_binary)"

work="$(mktemp -d "${TMPDIR:-/tmp}/foldmark-large.XXXXXX")"
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/site/Content"
# Realistic blocks: sections, paragraphs with inline markup, nested lists, code, quotes.
python3 - "$work/site/Content/big.md" "$megabytes" <<'PY'
import random, sys
path, megabytes = sys.argv[1], int(sys.argv[2])
rng = random.Random(1)
words = "alpha beta gamma delta section heading fold open close parse render page site build link".split()
def text(n):
    return " ".join(rng.choice(words) for _ in range(n))
size, i = 0, 0
with open(path, "w") as out:
    while size < megabytes * 1024 * 1024:
        block = (f"## Part {i} {text(3)}\n\n{text(60)} *{text(3)}* and `code {i}` [link](#part-{i}-{text(1)}).\n\n"
                 f"### Detail {text(2)}\n\n- {text(8)}\n- {text(8)}\n  - {text(5)}\n\n"
                 f"```swift\nlet x{i} = {i}\n```\n\n> {text(20)}\n\n")
        out.write(block)
        size += len(block)
        i += 1
print(f"large-input: {size:,} bytes, {2 * i:,} headings")
PY
bytes="$(stat -c %s "$work/site/Content/big.md")"

measure() {  # measure LABEL COMMAND...: prints peak RSS and wall time
    local label="$1"
    shift
    /usr/bin/time -v -o "$work/time.txt" "$@" >/dev/null 2>"$work/stderr.txt"
    local rc=$?
    rss="$(sed -n 's/.*Maximum resident set size (kbytes): //p' "$work/time.txt")"
    seconds="$(sed -n 's/.*Elapsed (wall clock) time (h:mm:ss or m:ss): //p' "$work/time.txt")"
    printf 'large-input: %-22s peak RSS %6d MB, %s (exit %d)\n' "$label" "$((rss / 1024))" "$seconds" "$rc"
    return "$rc"
}

if command -v cmark >/dev/null 2>&1; then
    measure "cmark (floor)" cmark "$work/site/Content/big.md" || true
fi
set +e
measure "foldmark build" "$FOLDMARK_BIN" build "$work/site" --quiet
status=$?
set -e
build_rss="$rss"
measure "foldmark render" "$FOLDMARK_BIN" render "$work/site/Content/big.md" || true
if [ "$status" -ne 0 ]; then
    echo "large-input: the build failed:" >&2
    head -5 "$work/stderr.txt" >&2
    exit 1
fi
limit=$((bytes / 1024 * factor))
if [ "$build_rss" -gt "$limit" ]; then
    echo "large-input: peak RSS $((build_rss / 1024)) MB is over $factor x the file's size" >&2
    exit 1
fi
echo "large-input: ok ($(find "$work/site/_site" -name '*.html' | wc -l) pages, big.html $(($(stat -c %s "$work/site/_site/big.html") / 1048576)) MB)"
