#!/usr/bin/env bash
# Builds the same three pages (pages/: a long guide, an API reference with code in
# three languages, a troubleshooting FAQ) with foldmark and with MkDocs Material, and
# screenshots both at 1280x900 and 390x844, light and dark.
#
#   Benchmarks/side-by-side/run.sh [OUT]      (default: .build/side-by-side)
#
# OUT/shots/*.png and OUT/shots/index.html (the pairs side by side). foldmark is the
# binary in $FOLDMARK_BIN, else a release build of this checkout; its theme is this
# checkout's Templates/, copied into the site, so an edit of the theme shows without
# rebuilding the binary. MkDocs Material comes from the test tools
# (scripts/install-deps.sh), in $FOLDMARK_PYTHON. to_mkdocs.py rewrites what the two
# read differently (callouts, tabs, attribute blocks).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
out="$(mkdir -p "${1:-$root/.build/side-by-side}" && cd "${1:-$root/.build/side-by-side}" && pwd)"
# shellcheck source=../../scripts/lib.sh
. "$root/scripts/lib.sh"

if [ -z "${FOLDMARK_PYTHON:-}" ]; then
    tools="${FOLDMARK_TOOLS:-/opt/foldmark-tools}"
    # shellcheck source=/dev/null
    . "$tools/env.sh"
fi
bin="${FOLDMARK_BIN:-$(cd "$root" && foldmark_release_binary)}"
pages=(guide api faq)
title="Example App"

rm -rf "$out/foldmark" "$out/mkdocs" "$out/shots"
mkdir -p "$out/foldmark/Content" "$out/mkdocs/docs"
cp -R "$root/Templates" "$out/foldmark/Templates"
printf 'title: %s\nlanguage: en\n' "$title" > "$out/foldmark/foldmark.yml"
for page in "${pages[@]}"; do
    cp "$here/pages/$page.md" "$out/foldmark/Content/$page.md"
    python3 "$here/to_mkdocs.py" "$here/pages/$page.md" "$out/mkdocs/docs/$page.md"
done
# An index page for each, which both tools want; the pictures are of the three pages.
printf -- '---\ntitle: Home\n---\n\nThe [guide](guide.md), the [API](api.md) and the [FAQ](faq.md).\n' \
    | tee "$out/foldmark/Content/index.md" > "$out/mkdocs/docs/index.md"

"$bin" build "$out/foldmark" --out "$out/foldmark/_site" --quiet

cat > "$out/mkdocs/mkdocs.yml" <<YAML
site_name: $title
use_directory_urls: false
nav: [index.md, guide.md, api.md, faq.md]
theme:
  name: material
  features: [content.code.copy, navigation.sections, toc.follow]
  palette:
    - media: "(prefers-color-scheme: light)"
      scheme: default
      toggle: {icon: material/brightness-7, name: Switch to dark mode}
    - media: "(prefers-color-scheme: dark)"
      scheme: slate
      toggle: {icon: material/brightness-4, name: Switch to light mode}
markdown_extensions:
  - admonition
  - attr_list
  - tables
  - toc: {permalink: true}
  - pymdownx.details
  - pymdownx.highlight
  - pymdownx.superfences
  - pymdownx.tabbed: {alternate_style: true}
YAML
(cd "$out/mkdocs" && NO_MKDOCS_2_WARNING=1 "$FOLDMARK_PYTHON" -m mkdocs build --quiet --site-dir "$out/mkdocs/_site")

"$FOLDMARK_PYTHON" "$here/shoot.py" "$out/shots" "$out/foldmark/_site" "$out/mkdocs/_site" \
    guide.html api.html faq.html
