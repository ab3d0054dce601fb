#if FOLDMARK_MIMALLOC
    import CMimalloc
#endif

/// The memory allocator this process runs on.
///
/// foldmark links mimalloc, which takes over `malloc` and `free` for the whole process: a
/// build allocates millions of small strings and arrays on every core, and glibc's
/// allocator spent a fifth of a build's time on them. When something loads before it
/// (`LD_PRELOAD`), the system's allocator stays in use, and this says so. Builds under a
/// sanitizer do not link mimalloc at all (see `Package.swift`).
enum Allocator {
    static var name: String {
        #if FOLDMARK_MIMALLOC
            let probe = malloc(64)
            defer { free(probe) }
            guard let probe, mi_is_in_heap_region(probe) else { return "system malloc" }
            let version = Int(mi_version())
            return "mimalloc \(version / 100).\(version / 10 % 10).\(version % 10)"
        #else
            return "system malloc"
        #endif
    }
}
