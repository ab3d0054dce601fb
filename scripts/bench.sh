#!/usr/bin/env bash
# Runs foldmark's benchmark: foldmark side by side with a libcmark-only floor (and Hugo).
#
#   scripts/bench.sh [--with-hugo] [--pages N ...] [--real] [--runs K]
#
# It installs what it needs first (build dependencies through scripts/install-deps.sh
# --build-only; with --with-hugo, Debian's hugo), builds the release binaries of
# foldmark and foldmark-floor (only those products, not the tests) and runs
# Benchmarks/bench.py with the other arguments (see `Benchmarks/bench.py --help`).
# --with-hugo (or --hugo) adds Hugo to the comparison. GNU time (Debian `time`) gives
# the peak RSS of each run.
#
# FOLDMARK_SCRATCH overrides the build folder of the binaries (default .build).
# Corpora are cached in .build/bench/ (FOLDMARK_BENCH_DIR overrides it).
set -euo pipefail
cd "$(dirname "$0")/.."

with_hugo=0
args=()
for arg in "$@"; do
    case "$arg" in
        --with-hugo|--hugo) with_hugo=1 ;;
        -h|--help) sed -n '2,14p' "$0"; exit 0 ;;
        *) args+=("$arg") ;;
    esac
done

scripts/install-deps.sh --build-only

need=()
command -v python3 >/dev/null 2>&1 || need+=(python3)
[ -x /usr/bin/time ] || need+=(time)   # GNU time measures the peak RSS
[ "$with_hugo" -eq 1 ] && ! command -v hugo >/dev/null 2>&1 && need+=(hugo)
if [ "${#need[@]}" -gt 0 ]; then
    sudo=()
    [ "$(id -u)" -ne 0 ] && sudo=(sudo)
    echo "bench: installing Debian packages: ${need[*]}"
    "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -q
    "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${need[@]}"
fi

# shellcheck source=lib.sh
. scripts/lib.sh
foldmark_use_swift
scratch="${FOLDMARK_SCRATCH:-.build}"
for product in foldmark foldmark-floor; do
    echo "bench: swift build -c release --static-swift-stdlib --scratch-path $scratch --product $product"
    swift build -c release --static-swift-stdlib --scratch-path "$scratch" --product "$product"
done

export FOLDMARK_SCRATCH="$scratch"
[ "$with_hugo" -eq 1 ] && args+=(--hugo)
exec python3 Benchmarks/bench.py ${args[@]+"${args[@]}"}
