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
    /// How long mimalloc keeps memory that was freed before it gives it back to the system,
    /// in milliseconds; its own default is 25. A build frees and allocates in waves (each
    /// page's document, its rendered content, the search tables); giving memory back
    /// sooner lowers the peak resident size of a large build at the same wall time.
    static let decommitDelay = 10

    /// Sets mimalloc's options, unless the environment sets them
    /// (`MIMALLOC_DECOMMIT_DELAY`, or the older `MIMALLOC_RESET_DELAY`). Call first thing.
    static func configure() {
        #if FOLDMARK_MIMALLOC
            guard getenv("MIMALLOC_DECOMMIT_DELAY") == nil, getenv("MIMALLOC_RESET_DELAY") == nil else { return }
            mi_option_set(mi_option_decommit_delay, decommitDelay)
        #endif
    }

    /// mimalloc's decommit delay in effect, in milliseconds; `nil` without mimalloc.
    static var decommitDelayInEffect: Int? {
        #if FOLDMARK_MIMALLOC
            return mi_option_get(mi_option_decommit_delay)
        #else
            return nil
        #endif
    }

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
