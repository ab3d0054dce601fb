#!/usr/bin/env bash
# The whole test suite, as CI runs it (.ci/run):
#   1. install every dependency (scripts/install-deps.sh)
#   2. swift build (with the test targets)       3. swift test
#   3b. the tests again under LeakSanitizer (scripts/leak-check.sh)
#   4. swift build -c release --static-swift-stdlib (4b. its libraries: scripts/check-linking.sh)
#   5. build Content/ into a temporary folder
#   6. browser tests (pytest, Tests/browser)      7. Nu HTML Checker on every page
#   8. robustness: a 100 MB page (scripts/large-input.sh), builds killed with SIGKILL
#      at random moments and while publishing (scripts/kill-trials.py), 20 random
#      corruptions of the build cache (scripts/cache-trials.sh; run more of either by
#      hand), the real corpora of
#      ../shared/corpus when that folder exists (scripts/corpora.sh), and 30 seconds
#      of fuzzing (scripts/fuzz.sh; run it for longer by hand)
# Every step runs when the steps it needs passed (otherwise it is skipped); the exit
# status is non-zero if any step failed or was skipped. A step whose optional data is
# absent (../shared/corpus) is "not run", with the reason, and does not fail the run.
# Tests skipped inside a step (a swift-testing suite without its spec data, a pytest
# test without the release binary, a tmpfs that cannot be mounted) are counted in the
# step's result and listed with their reasons in the summary.
#
# Environment:
#   FOLDMARK_SCRATCH_PATH  passed to swift build/test as --scratch-path
#   FOLDMARK_TOOLS         where install-deps.sh keeps the Python test tools
#   FOLDMARK_KEEP_SITE=1   keep the built test site (its path is printed)
#   PYTEST_ARGS            extra arguments for pytest (e.g. "-k arrow -x")
set -uo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
# shellcheck source=lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
foldmark_use_swift

if [ "$(id -u)" -eq 0 ]; then
    export FOLDMARK_TOOLS="${FOLDMARK_TOOLS:-/opt/foldmark-tools}"
else
    export FOLDMARK_TOOLS="${FOLDMARK_TOOLS:-${XDG_CACHE_HOME:-$HOME/.cache}/foldmark-tools}"
fi

scratch=()
if [ -n "${FOLDMARK_SCRATCH_PATH:-}" ]; then
    scratch=(--scratch-path "$FOLDMARK_SCRATCH_PATH")
fi

work="$(mktemp -d "${TMPDIR:-/tmp}/foldmark-test.XXXXXX")"
site="$work/site"
cleanup() {
    if [ "${FOLDMARK_KEEP_SITE:-0}" = 1 ]; then
        echo "test.sh: kept the test site in $site"
    else
        rm -rf "$work"
    fi
}
trap cleanup EXIT

names=()
results=()
times=()
failed=0
skipped=0
not_run=0
inner_skips="$work/skips"
: > "$inner_skips"

# step NAME COMMAND...: runs the command, records PASS/FAIL and how long it took.
step() {
    local name="$1"; shift
    echo
    echo "==== $name"
    local start=$SECONDS
    "$@"
    local rc=$?
    names+=("$name")
    times+=("$((SECONDS - start))s")
    if [ "$rc" -eq 0 ]; then
        results+=(PASS)
    else
        results+=("FAIL (exit $rc)")
        failed=$((failed + 1))
    fi
    return "$rc"
}

skip() {
    names+=("$1")
    results+=("SKIPPED ($2)")
    times+=("-")
    skipped=$((skipped + 1))
}

not_run() {
    names+=("$1")
    results+=("NOT RUN ($2)")
    times+=("-")
    not_run=$((not_run + 1))
}

# logged_step NAME COMMAND...: `step`, keeping the command's output to count the tests
# it skipped: swift-testing's `➜ Test … skipped: "reason"` lines, pytest's `-rs` lines
# (`SKIPPED [n] file:line: reason`) and FoldmarkTestSupport's `…: skipped, reason`.
logged_step() {
    local name="$1"; shift
    local log="$work/step.log"
    step "$name" "$@" > >(tee "$log") 2>&1
    local rc=$?
    wait
    local skips
    skips="$(grep -E '^➜ Test .* skipped: |^SKIPPED \[|^[^ ]+: skipped, ' "$log")"
    if [ -n "$skips" ]; then
        local count
        count="$(awk '/^SKIPPED \[/ { n += substr($2, 2) + 0; next } { n++ } END { print n }' <<< "$skips")"
        results[-1]="${results[-1]}, $count tests skipped"
        sed "s/^/  $name: /" <<< "$skips" >> "$inner_skips"
    fi
    return "$rc"
}

summary() {
    echo
    echo "==== summary"
    local i passed=0
    for i in "${!names[@]}"; do
        printf '  %-34s %-34s %s\n' "${names[$i]}" "${results[$i]}" "${times[$i]}"
        [[ "${results[$i]}" == PASS* ]] && passed=$((passed + 1))
    done
    echo "steps: $passed passed, $failed failed, $skipped skipped, $not_run not run"
    if [ -s "$inner_skips" ]; then
        echo "tests skipped inside the steps:"
        cat "$inner_skips"
    fi
}

if ! step "install dependencies" ./scripts/install-deps.sh; then
    summary
    exit 1
fi
# shellcheck source=/dev/null
. "$FOLDMARK_TOOLS/env.sh"

if step "swift build" swift build --build-tests "${scratch[@]}"; then
    logged_step "swift test" swift test --skip-build "${scratch[@]}"
else
    skip "swift test" "swift build failed"
fi

logged_step "leak check (LeakSanitizer)" ./scripts/leak-check.sh

built_site=0
if step "swift build -c release" swift build -c release --static-swift-stdlib "${scratch[@]}"; then
    bin="$(swift build -c release --static-swift-stdlib "${scratch[@]}" --show-bin-path)/foldmark"
    export FOLDMARK_BIN="$bin"   # Tests/browser/test_serve.py starts `foldmark serve` with it
    step "release binary links libstdc++ in" ./scripts/check-linking.sh "$bin"
    if step "foldmark build (Content/)" "$bin" build . --out "$site" --strict; then
        built_site=1
        echo "pages: $(find "$site" -name '*.html' | wc -l) in $site"
    fi
else
    skip "foldmark build (Content/)" "release build failed"
fi

if [ "$built_site" = 1 ]; then
    # shellcheck disable=SC2086
    logged_step "browser tests (pytest)" env FOLDMARK_SITE="$site" "$FOLDMARK_PYTHON" -m pytest \
        -p no:cacheprovider -rfEs -v Tests/browser ${PYTEST_ARGS:-}
    step "Nu HTML Checker" "$FOLDMARK_PYTHON" Tests/browser/check_html.py "$site"
else
    skip "browser tests (pytest)" "no site"
    skip "Nu HTML Checker" "no site"
fi

if [ -n "${FOLDMARK_BIN:-}" ]; then
    step "large input (100 MB page)" ./scripts/large-input.sh 100
    step "kill trials (20 + 20)" python3 scripts/kill-trials.py --random 20 --publishing 20
    step "cache trials (20 corruptions)" ./scripts/cache-trials.sh 20
    if [ -d ../shared/corpus ]; then
        step "real corpora (../shared/corpus)" ./scripts/corpora.sh ../shared/corpus
    else
        not_run "real corpora (../shared/corpus)" "../shared/corpus is absent"
    fi
else
    skip "large input (100 MB page)" "release build failed"
    skip "kill trials (20 + 20)" "release build failed"
    skip "cache trials (20 corruptions)" "release build failed"
fi
fuzz_scratch=()
if [ -n "${FOLDMARK_SCRATCH_PATH:-}" ]; then
    fuzz_scratch=(env FOLDMARK_FUZZ_SCRATCH="$FOLDMARK_SCRATCH_PATH-fuzz")
fi
step "fuzzing (30 s)" "${fuzz_scratch[@]}" ./scripts/fuzz.sh 30

summary
[ "$failed" -eq 0 ] && [ "$skipped" -eq 0 ]
