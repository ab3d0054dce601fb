#!/usr/bin/env bash
# Random corruption trials of the build cache: a damaged cache may cost a rebuild, never a
# wrong site.
#
#   scripts/cache-trials.sh [N]        (N trials, default 20)
#
# It generates a site of a few hundred pages and builds it three times (a full build, a
# one-page edit that writes the cache's journal, a no-op), which leaves a cache with every
# kind of file: index, journal, list of sources, packs, search state, stamp, output folders,
# and the output's manifest and lock.
# Each trial then starts from a copy of that site, its output and its cache (cp -a), applies
# one random corruption to one random file of the cache (flip a byte, flip several, truncate
# to a random length, delete it, swap it with another, append garbage, zero it), appends a
# paragraph to one random page and builds. The build must exit 0, say `cache damaged` at
# most once, and give the output of a clean build of the same sources into a fresh folder
# (`diff -r`: the output folder holds no file of foldmark's own); so must a second build
# after it. It prints a line per failure and a summary, and exits 1 if any trial failed.
#
# Environment:
#   FOLDMARK_BIN          the foldmark binary (default: build the release binary)
#   CACHE_TRIALS_SEED     the seed of the trials (default: random; printed, to repeat a run)
#   CACHE_TRIALS_KEEP=1   keep the work folder (its path is printed)
set -euo pipefail
cd "$(dirname "$0")/.."

trials="${1:-20}"
case "$trials" in
    ''|*[!0-9]*) echo "usage: scripts/cache-trials.sh [N]" >&2; exit 2 ;;
esac

if [ -z "${FOLDMARK_BIN:-}" ]; then
    command -v swift >/dev/null 2>&1 || export PATH="$PATH:/opt/swift/usr/bin"
    swift build -c release --static-swift-stdlib --product foldmark
    FOLDMARK_BIN="$(swift build -c release --static-swift-stdlib --show-bin-path)/foldmark"
fi
bin="$FOLDMARK_BIN"
seed="${CACHE_TRIALS_SEED:-$RANDOM$RANDOM}"

work="$(mktemp -d "${TMPDIR:-/tmp}/foldmark-cache-trials.XXXXXX")"
cleanup() {
    if [ "${CACHE_TRIALS_KEEP:-0}" = 1 ]; then
        echo "cache-trials: kept $work"
    else
        rm -rf "$work"
    fi
}
trap cleanup EXIT

# The helper: makes the site, and applies a trial's corruption and edit.
cat > "$work/trials.py" <<'PYTHON'
import os, random, sys
from pathlib import Path

def make_site(root, seed):
    """A site of 300 pages in 12 folders (names with hyphens, as real ones), with front
    matter, nested headings, code, and links to other pages and their sections."""
    rng = random.Random(seed)
    content = root / "Content"
    folders = ["guide", "basic-renderer", "api-reference", "how-to", "deep/nested-one",
               "deep/nested-two", "plugins", "release-notes", "faq", "tutorials", "internals", "misc"]
    pages = []
    for number in range(300):
        folder = folders[number % len(folders)]
        name = "index" if number < len(folders) else f"page-{number}"
        pages.append((f"{folder}/{name}.md", f"Page {number}", [f"Part {k}" for k in range(1 + number % 4)]))
    pages.append(("index.md", "Home", ["Welcome"]))
    words = ("alpha beta gamma delta fold section arrow cache index journal pack search "
             "render page site build output theme link anchor").split()
    for path, title, parts in pages:
        lines = []
        if rng.random() < 0.3:
            lines += ["---", f"order: {rng.randint(1, 9)}", "---"]
        lines += [f"# {title}", "", " ".join(rng.choice(words) for _ in range(30)) + ".", ""]
        for part in parts:
            lines += [f"## {part}", "", " ".join(rng.choice(words) for _ in range(40)) + ".", ""]
            target, _, target_parts = rng.choice(pages)
            depth = path.count("/")
            link = "../" * depth + target
            if target_parts and rng.random() < 0.5:
                link += "#" + target_parts[0].lower().replace(" ", "-")
            lines += [f"See [{target}]({link}).", ""]
            if rng.random() < 0.3:
                lines += ["### Details {.collapsed}", "", "```swift", f"let x = {rng.randint(0, 99)}", "```", ""]
        file = content / path
        file.parent.mkdir(parents=True, exist_ok=True)
        file.write_text("\n".join(lines))
    (root / "foldmark.yml").write_text("title: Trials\n")

def corrupt(site, seed, trial):
    """Applies one random corruption to one random file of the cache, and appends a
    paragraph to one random page; prints what it did."""
    rng = random.Random(f"{seed}-{trial}")
    cache = site / ".foldmark-cache" / "_site"
    files = sorted(p for p in cache.rglob("*") if p.is_file())
    target = rng.choice(files)
    data = bytearray(target.read_bytes())
    kind = rng.choice(["flip", "flip-several", "truncate", "delete", "swap", "append", "zero"])
    name = str(target.relative_to(cache))
    if kind in ("flip", "flip-several") and not data:
        kind = "append"
    if kind == "swap" and len(files) < 2:
        kind = "flip" if data else "append"
    if kind == "flip":
        at = rng.randrange(len(data))
        data[at] ^= rng.randint(1, 255)
        target.write_bytes(data)
        what = f"flip byte {at} of {len(data)} of {name}"
    elif kind == "flip-several":
        count = rng.randint(2, 8)
        spots = sorted(rng.randrange(len(data)) for _ in range(count))
        for at in spots:
            data[at] ^= rng.randint(1, 255)
        target.write_bytes(data)
        what = f"flip {count} bytes ({spots}) of {len(data)} of {name}"
    elif kind == "truncate":
        length = rng.randrange(len(data)) if data else 0
        target.write_bytes(data[:length])
        what = f"truncate {name} from {len(data)} to {length} bytes"
    elif kind == "delete":
        target.unlink()
        what = f"delete {name}"
    elif kind == "swap":
        other = rng.choice([f for f in files if f != target])
        other_data = other.read_bytes()
        target.write_bytes(other_data)
        other.write_bytes(bytes(data))
        what = f"swap {name} with {other.relative_to(cache)}"
    elif kind == "append":
        garbage = bytes(rng.randrange(256) for _ in range(rng.randint(1, 256)))
        target.write_bytes(bytes(data) + garbage)
        what = f"append {len(garbage)} bytes to {name}"
    else:
        target.write_bytes(bytes(len(data)))
        what = f"zero {name} ({len(data)} bytes)"
    pages = sorted((site / "Content").rglob("*.md"))
    page = rng.choice(pages)
    with open(page, "a") as file:
        file.write(f"\n\nA paragraph that trial {trial} appended.\n")
    print(f"{what}; edit {page.relative_to(site / 'Content')}")

if sys.argv[1] == "site":
    make_site(Path(sys.argv[2]), int(sys.argv[3]))
else:
    corrupt(Path(sys.argv[2]), sys.argv[3], int(sys.argv[4]))
PYTHON

echo "cache-trials: $trials trials, seed $seed, foldmark $bin"
template="$work/template"
mkdir -p "$template"
python3 "$work/trials.py" site "$template" 1
# Settled sources and output folders (older than a build's start, rounded down to an even
# second) are known by their identities: as in an edit loop.
sleep 2.2
"$bin" build "$template" --quiet
echo "Edited once." >> "$template/Content/guide/index.md"
"$bin" build "$template" --quiet
sleep 2.2
"$bin" build "$template" --quiet
echo "cache-trials: template cache: $(cd "$template/.foldmark-cache/_site" && find . -type f | sort | tr '\n' ' ')"

passed=0
failures=()
for trial in $(seq 1 "$trials"); do
    dir="$work/trial"
    rm -rf "$dir"
    cp -a "$template" "$dir"
    what="$(python3 "$work/trials.py" corrupt "$dir" "$seed" "$trial")"
    failure=""
    for round in 1 2; do
        status=0
        "$bin" build "$dir" 2> "$work/stderr" > /dev/null || status=$?
        if [ "$status" -ne 0 ]; then
            failure="build $round exited $status: $(tail -n 3 "$work/stderr" | tr '\n' ' ')"
            break
        fi
        warnings="$(grep -c "cache damaged" "$work/stderr" || true)"
        if [ "$warnings" -gt 1 ]; then
            failure="build $round said 'cache damaged' $warnings times"
            break
        fi
        if [ "$round" = 1 ]; then
            rm -rf "$work/fresh" "$work/.foldmark-cache"
            "$bin" build "$dir" --out "$work/fresh" --quiet
        fi
        if ! diff -r -q "$dir/_site" "$work/fresh" > "$work/diff" 2>&1; then
            failure="build $round differs from a clean build: $(wc -l < "$work/diff") files, e.g. $(head -n 1 "$work/diff")"
            break
        fi
    done
    if [ -z "$failure" ]; then
        passed=$((passed + 1))
    else
        failures+=("trial $trial ($what): $failure")
        echo "cache-trials: FAIL trial $trial: $what: $failure"
    fi
done

echo "cache-trials: $trials trials, $passed passed, ${#failures[@]} failed (seed $seed)"
for line in ${failures[@]+"${failures[@]}"}; do echo "  $line"; done
[ "${#failures[@]}" -eq 0 ]
