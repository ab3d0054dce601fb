# Shell functions that the scripts share; sourced, not run:
#   . "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

# Puts the Swift toolchain on PATH when it is not there already: Debian has no package
# of it, and it is expected at /opt/swift.
foldmark_use_swift() {
    command -v swift >/dev/null 2>&1 || export PATH="$PATH:/opt/swift/usr/bin"
}

# Builds the release binary as users get it (the Swift runtime linked in, see CONTRIBUTING.md)
# and prints its path. The build's own output goes to standard error. SCRATCH (the first
# argument, else $FOLDMARK_SCRATCH_PATH) is passed to swift build as --scratch-path.
foldmark_release_binary() {
    local scratch_path="${1:-${FOLDMARK_SCRATCH_PATH:-}}"
    local scratch=()
    [ -n "$scratch_path" ] && scratch=(--scratch-path "$scratch_path")
    foldmark_use_swift
    swift build -c release --static-swift-stdlib "${scratch[@]}" >&2
    echo "$(swift build -c release --static-swift-stdlib "${scratch[@]}" --show-bin-path)/foldmark"
}
