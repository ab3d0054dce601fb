#!/usr/bin/env bash
# Fuzzes foldmark's page pipeline with libFuzzer for SECONDS (default 600):
#   scripts/fuzz.sh 3600
# The target (Fuzz/, a package of its own) feeds arbitrary bytes through front matter,
# sectioning and rendering and checks invariants (see Fuzz/Sources/FoldmarkFuzz). Every
# module of foldmark is built with AddressSanitizer and coverage instrumentation.
#
# Seeds, written to a temporary folder: the CommonMark spec examples and the real
# corpora of ../shared/corpus when they are there, and this repository's Content/.
#
# Environment:
#   FOLDMARK_FUZZ_SCRATCH    build folder (default .build-fuzz)
#   FOLDMARK_FUZZ_CORPUS     a folder that keeps the inputs found, across runs
#   FOLDMARK_FUZZ_ARTIFACTS  where crashing inputs go (default .build-fuzz/artifacts/)
#   FOLDMARK_FUZZ_ARGS       more libFuzzer options (e.g. "-jobs=2 -workers=2")
# Exit status: 0 when no input broke anything, non-zero with the input saved otherwise.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
# shellcheck source=lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
foldmark_use_swift
seconds="${1:-600}"
scratch="${FOLDMARK_FUZZ_SCRATCH:-$root/.build-fuzz}"
artifacts="${FOLDMARK_FUZZ_ARTIFACTS:-$scratch/artifacts}/"
# SwiftPM's incremental build of this package can miss files added to or removed from
# foldmark's own modules (the root package is a path dependency here), and then builds a
# target against an old layout of the modules it uses, which crashes at run time. Start
# over whenever the list of source files or a manifest changed since the last build.
sources_key="$( (find Sources Fuzz/Sources -type f | sort; cat Package.swift Fuzz/Package.swift) | sha256sum | cut -d' ' -f1)"
if [ -d "$scratch" ] && [ "$(cat "$scratch/sources.key" 2>/dev/null)" != "$sources_key" ]; then
    find "$scratch" -mindepth 1 -maxdepth 1 ! -name artifacts -exec rm -rf {} +
fi
mkdir -p "$artifacts" "$scratch"
echo "$sources_key" > "$scratch/sources.key"

# (The linker warns about every AddressSanitizer symbol it cannot export: noise.)
if ! swift build -c debug --package-path Fuzz --scratch-path "$scratch" --product foldmark-fuzz \
    -Xswiftc -sanitize=address -Xswiftc -sanitize-coverage=edge,trace-cmp,inline-8bit-counters,pc-table \
    > "$scratch/build.log" 2>&1; then
    grep -v "Cannot export local symbol" "$scratch/build.log" | tail -40 >&2
    echo "fuzz.sh: the fuzz target did not build" >&2
    exit 1
fi
fuzzer="$scratch/debug/foldmark-fuzz"

seeds="$(mktemp -d "${TMPDIR:-/tmp}/foldmark-fuzz-seeds.XXXXXX")"
trap 'rm -rf "$seeds"' EXIT
python3 - "$root" "$seeds" <<'PY'
import json, os, pathlib, random, sys, tarfile
root, seeds = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
count = 0
def seed(data: bytes):
    # The first byte selects the options (see FuzzTarget.swift): 0 = the defaults.
    global count
    for flags in (b"\x00", b"\x03"):
        (seeds / f"seed-{count:05}").write_bytes(flags + data[:16384])
        count += 1
# The CommonMark examples where the tests find them (FoldmarkTestSupport's SpecData).
folders = [pathlib.Path(d) for d in [os.environ.get("FOLDMARK_SPEC_DIR")] if d] + [root.parent / "shared/spec"]
specs = [f / "commonmark-0.31.2.json" for f in folders if (f / "commonmark-0.31.2.json").exists()]
for example in json.loads(specs[0].read_text()) if specs else []:
    seed(example["markdown"].encode())
for page in sorted((root / "Content").rglob("*.md")):
    seed(page.read_bytes())
corpus = root.parent / "shared/corpus"
rng = random.Random(1)
for tarball in sorted(corpus.glob("*.tar.xz")) if corpus.exists() else []:
    with tarfile.open(tarball) as archive:
        members = [m for m in archive.getmembers() if m.isfile() and m.name.endswith(".md")]
        for member in rng.sample(members, min(60, len(members))):
            seed(archive.extractfile(member).read())
print(f"fuzz.sh: {count} seeds in {seeds}")
PY

corpus=()
if [ -n "${FOLDMARK_FUZZ_CORPUS:-}" ]; then
    mkdir -p "$FOLDMARK_FUZZ_CORPUS"
    corpus=("$FOLDMARK_FUZZ_CORPUS")
fi
# The Swift runtime's backtracer would inspect the crashed process from another thread,
# which AddressSanitizer reports as an error of its own: libFuzzer's report is enough.
export SWIFT_BACKTRACE=enable=no
log="$scratch/fuzz.log"
echo "fuzz.sh: fuzzing for $seconds s; libFuzzer's log: $log"
set +e
# shellcheck disable=SC2086
"$fuzzer" "${corpus[@]}" "$seeds" -dict=Fuzz/foldmark.dict -max_total_time="$seconds" -max_len=16384 \
    -timeout=20 -rss_limit_mb=4096 -print_final_stats=1 -artifact_prefix="$artifacts" ${FOLDMARK_FUZZ_ARGS:-} \
    > "$log" 2>&1
status=$?
set -e
grep -E '^(#[0-9]+[[:space:]]+INITED|Done [0-9]+ runs|stat::(number_of_executed_units|average_exec_per_sec|new_units_added|peak_rss_mb))' "$log" |
    sed 's/^/fuzz.sh: /' || true
if [ "$status" -ne 0 ]; then
    echo "fuzz.sh: libFuzzer stopped with status $status; the input is in $artifacts:" >&2
    grep -E -A30 '(ERROR|Fatal error|invariant broken|deadly signal|Test unit written)' "$log" | head -80 >&2 || tail -40 "$log" >&2
    exit "$status"
fi
echo "fuzz.sh: no crash and no broken invariant"
