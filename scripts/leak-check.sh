#!/usr/bin/env bash
# Runs the Swift test suite, and a build of Content/, under AddressSanitizer with
# LeakSanitizer: any leak (a cmark node or libyaml document not freed, for instance) or
# memory error fails. valgrind 3.19 (Debian 12) crashes on Swift 6 binaries, so this
# is the leak check that works here.
#
# Environment: FOLDMARK_SCRATCH_PATH (a separate "-asan" folder beside it is used).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
# shellcheck source=lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
foldmark_use_swift
scratch="${FOLDMARK_SCRATCH_PATH:-$root/.build}-asan"

# XCTest's own runner keeps a few objects alive at exit; nothing of ours is suppressed.
export LSAN_OPTIONS="suppressions=$root/Tests/lsan.supp:print_suppressions=0"
# Tests/asan.supp: one read past a buffer inside Foundation's Process.run(), said there.
export ASAN_OPTIONS="detect_leaks=1:malloc_context_size=100:suppressions=$root/Tests/asan.supp"
# The tests' hang guards grow under the sanitizer (Sources/FoldmarkTestSupport/HangGuard.swift).
export FOLDMARK_SANITIZED=1
# Swift's crash backtracer reads the crashed process's memory, which AddressSanitizer
# reports as an error inside the crash handler, and the run then hangs instead of
# failing: under the sanitizer a crash ends with ASan's own report.
export SWIFT_BACKTRACE=enable=no

swift build --build-tests --sanitize=address --scratch-path "$scratch"
swift test --skip-build --sanitize=address --scratch-path "$scratch"
out="$(mktemp -d "${TMPDIR:-/tmp}/foldmark-asan.XXXXXX")"
trap 'rm -rf "$out"' EXIT
"$scratch/debug/foldmark" build . --out "$out/site" --strict
# Builds that read the cache: nothing changed, then one page edited (in a copy of the site).
"$scratch/debug/foldmark" build . --out "$out/site" --strict
mkdir "$out/copy"
cp -R Content Templates "$out/copy/"
[ -f foldmark.yml ] && cp foldmark.yml "$out/copy/"
"$scratch/debug/foldmark" build "$out/copy" --out "$out/copy-site" --strict
printf '\nOne more paragraph.\n' >> "$out/copy/Content/index.md"
"$scratch/debug/foldmark" build "$out/copy" --out "$out/copy-site" --strict
"$scratch/debug/foldmark" render Content/index.md > /dev/null
echo "leak-check: no leaks and no memory errors"
