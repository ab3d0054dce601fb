#!/usr/bin/env bash
# Builds the repository's own documentation site (Content/ with Templates/) into _site/.
#
#   scripts/build-site.sh [foldmark build options...]   e.g. --base-url /docs/ --strict
#
# Installs the build dependencies first (scripts/install-deps.sh --build-only).
# FOLDMARK_SCRATCH_PATH, when set, is passed to swift build as --scratch-path.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

# shellcheck source=lib.sh
. "$root/scripts/lib.sh"

"$root/scripts/install-deps.sh" --build-only
bin="$(foldmark_release_binary)"

"$bin" build . --out "$root/_site" "$@"
echo "build-site: the site is in $root/_site (open $root/_site/index.html)"
