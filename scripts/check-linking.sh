#!/usr/bin/env bash
# Checks the shared libraries a release build of foldmark asks the loader for:
#
#   scripts/check-linking.sh PATH/TO/foldmark
#
# libstdc++ is linked into the binary (see Package.swift and Linking/), so the loader does
# not map libstdc++.so.6 and bind its symbols at every start. Fails, naming the library,
# when the binary still needs it: the link in Linking/ points nowhere on this machine
# (another compiler version) or the linker found the shared library first.
set -euo pipefail

bin="${1:?usage: check-linking.sh PATH/TO/foldmark}"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
needed="$(readelf --dynamic --wide "$bin" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p')"
echo "check-linking: $bin needs: $(echo "$needed" | tr '\n' ' ')"
if echo "$needed" | grep -q '^libstdc++'; then
    arch="$(uname -m)"
    echo "check-linking: FAIL: $bin needs libstdc++.so; Linking/$arch/libstdc++.a -> $(readlink "$root/Linking/$arch/libstdc++.a" 2>/dev/null || echo '(missing)')" >&2
    exit 1
fi
echo "check-linking: libstdc++ is linked in"
