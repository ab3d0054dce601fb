#!/usr/bin/env bash
# Load benchmark of `foldmark serve` (a benchmark, not a test): wrk against the preview
# server on loopback.
#
#   scripts/bench-serve.sh [--duration SECONDS] [--connections N] [--threads N]
#
# It installs what it needs first: the build dependencies (scripts/install-deps.sh
# --build-only) and Debian's `wrk`, which is an optional tool of this script only, not a
# test dependency. It builds the release binary, serves a temporary copy of this
# repository's documentation site on a free port, and runs wrk (with --latency) on:
#
#   page      reference/cli.html, the longest page, with the live-reload script added
#   404       a missing page: the site's 404.html with status 404
#   1000 conn the page again with 1,000 concurrent connections
#
# It prints requests per second and latency percentiles for each, the server's peak
# resident memory (VmHWM), and checks that SIGINT (Ctrl-C) stops the server with status 0.
# Defaults: --duration 10, --connections 64, --threads 2.
#
# FOLDMARK_SCRATCH overrides the build folder of the binary (default .build).
set -euo pipefail
cd "$(dirname "$0")/.."

duration=10
connections=64
threads=2
while [ $# -gt 0 ]; do
    case "$1" in
        --duration) duration="$2"; shift ;;
        --connections) connections="$2"; shift ;;
        --threads) threads="$2"; shift ;;
        -h|--help) sed -n '2,20p' "$0"; exit 0 ;;
        *) echo "bench-serve: unknown option: $1" >&2; exit 2 ;;
    esac
    shift
done

scripts/install-deps.sh --build-only
if ! command -v wrk >/dev/null 2>&1; then
    sudo=()
    [ "$(id -u)" -ne 0 ] && sudo=(sudo)
    echo "bench-serve: installing Debian's wrk"
    "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -q
    "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -q wrk
fi
# shellcheck source=lib.sh
. scripts/lib.sh
scratch="${FOLDMARK_SCRATCH:-.build}"
echo "bench-serve: swift build -c release --static-swift-stdlib --scratch-path $scratch"
bin="$(foldmark_release_binary "$scratch")"

# 1,000 connections need 1,000 descriptors in wrk (and as many in the server, which
# raises its own limit).
ulimit -n 8192 2>/dev/null || ulimit -n "$(ulimit -Hn)"

work="$(mktemp -d "${TMPDIR:-/tmp}/foldmark-bench-serve.XXXXXX")"
server_pid=""
cleanup() {
    if [ -n "$server_pid" ] && kill -0 "$server_pid" 2>/dev/null; then kill "$server_pid"; fi
    rm -rf "$work"
}
trap cleanup EXIT
mkdir -p "$work/site"
cp -R Content Templates foldmark.yml "$work/site/"

"$bin" serve "$work/site" --port 0 > "$work/stdout" 2> "$work/stderr" &
server_pid=$!
url=""
for _ in $(seq 1 600); do
    url="$(grep -o 'http://127\.0\.0\.1:[0-9]*/' "$work/stdout" | head -n 1 || true)"
    [ -n "$url" ] && break
    kill -0 "$server_pid" 2>/dev/null || { cat "$work/stderr" >&2; exit 1; }
    sleep 0.1
done
[ -n "$url" ] || { echo "bench-serve: the server printed no address" >&2; exit 1; }
echo "bench-serve: serving at $url (pid $server_pid); $(nproc) cores; $(wrk --version 2>&1 | head -n 1)"

page="${url}reference/cli.html"
missing="${url}no-such-page.html"
curl_status() { curl -s -o /dev/null -w '%{http_code}' "$1" 2>/dev/null || echo "?"; }
if command -v curl >/dev/null 2>&1; then
    echo "bench-serve: $page → $(curl_status "$page"), $missing → $(curl_status "$missing")"
fi

summary=()
run() {
    local name="$1" conns="$2" target="$3"
    echo
    echo "==== $name: wrk -t$threads -c$conns -d${duration}s --latency $target"
    wrk -t"$threads" -c"$conns" -d"${duration}s" --timeout 10s --latency "$target" | tee "$work/wrk.out"
    local rps p50 p99 errors
    rps="$(awk '/^Requests\/sec:/ {print $2}' "$work/wrk.out")"
    p50="$(awk '$1 == "50%" {print $2}' "$work/wrk.out")"
    p99="$(awk '$1 == "99%" {print $2}' "$work/wrk.out")"
    errors="$(grep -E 'Socket errors|Non-2xx' "$work/wrk.out" | tr -s ' ' | paste -sd ';' - || true)"
    summary+=("$(printf '%-10s %6s %12s %10s %10s  %s' "$name" "$conns" "$rps" "$p50" "$p99" "$errors")")
}

run "page" "$connections" "$page"
run "404" "$connections" "$missing"
run "1000 conn" 1000 "$page"

peak="$(awk '/^VmHWM:/ {print $2, $3}' "/proc/$server_pid/status")"
now="$(awk '/^VmRSS:/ {print $2, $3}' "/proc/$server_pid/status")"

echo
echo "==== summary ($(nproc) cores, wrk -t$threads, ${duration}s each, loopback)"
printf '%-10s %6s %12s %10s %10s\n' "target" "conns" "requests/s" "p50" "p99"
printf '%s\n' "${summary[@]}"
echo "server resident memory: peak $peak, now $now"

kill -INT "$server_pid"
status=0
wait "$server_pid" || status=$?
server_pid=""
if [ "$status" -ne 0 ]; then
    echo "bench-serve: the server exited with status $status after SIGINT" >&2
    exit 1
fi
echo "SIGINT: the server stopped with status 0 ($(tail -n 1 "$work/stdout"))"
