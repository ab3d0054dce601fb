internal import CCmark

#if canImport(Glibc)
    import Glibc
#endif

/// The memory cmark parses a page into: one arena per thread, which hands out blocks one
/// after the other from large chunks and takes nothing back until the page is done.
/// cmark allocates and frees a node, a buffer or a delimiter for every few bytes of
/// Markdown; from the arena each costs a few instructions and its free nothing, and the
/// whole tree goes back at once.
///
/// cmark frees a tree with the allocator of its root, so a tree must come from one
/// allocator: inside ``withPage(_:)`` every tree and node that ``CmarkNode`` makes on the
/// thread comes from its arena, outside it from cmark's default allocator.
enum CmarkArena {
    /// The most Markdown a page may have to be parsed in an arena. The arena reuses no
    /// block within a page, and cmark frees much of what it allocates as it goes: in an
    /// arena, a page of short paragraphs takes many times its size, and a very large page
    /// peaks far higher than with cmark's own allocator (`scripts/large-input.sh`
    /// measures it). A larger page goes to cmark's own allocator.
    static let largestPage = 256 << 10
    /// An arena's chunks are this large, or as large as one block that needs more.
    static let chunkSize = 256 << 10
    /// What an arena keeps of its chunks for the next page, at most.
    static let keptBytes = 4 << 20

    /// cmark's allocator functions for the arena of the calling thread. (Never written
    /// after it is made; cmark only reads it.)
    nonisolated(unsafe) private static let arenaMemory: UnsafeMutablePointer<cmark_mem> = {
        let memory = UnsafeMutablePointer<cmark_mem>.allocate(capacity: 1)
        memory.initialize(
            to: cmark_mem(
                calloc: { count, size in
                    let (total, overflow) = count.multipliedReportingOverflow(by: size)
                    guard !overflow, let block = Arena.withCurrent({ $0.allocate(total) }) else { return nil }
                    memset(block, 0, total)
                    return block
                },
                realloc: { block, size in Arena.withCurrent { $0.reallocate(block, to: size) } },
                free: { _ in }))
        return memory
    }()

    /// The allocator for what cmark makes now on the calling thread: its arena inside
    /// ``withPage(_:)``, cmark's default allocator outside.
    static var memory: UnsafeMutablePointer<cmark_mem> {
        Arena.withCurrent { $0.isActive } ? arenaMemory : cmark_get_default_mem_allocator()
    }

    /// Runs `body` with the calling thread's cmark allocations in its arena, then takes
    /// all of them back: nothing cmark made in `body` may be used after it.
    static func withPage<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        let arena = Arena.current
        precondition(!arena.isActive, "a page's cmark tree inside another's")
        arena.isActive = true
        defer {
            arena.isActive = false
            arena.reset()
        }
        return try body()
    }

    /// How many bytes of chunks the calling thread's arena holds.
    static var heldBytes: Int { Arena.withCurrent { $0.heldBytes } }

    /// Frees a buffer that cmark allocated now (a rendering) with the allocator in effect,
    /// which made it: cmark renders with the allocator of the tree's root, and every tree
    /// is made with the one in effect (see ``memory``). In an arena that is nothing.
    static func release(_ buffer: UnsafeMutableRawPointer) {
        memory.pointee.free(buffer)
    }

    /// One thread's arena.
    private final class Arena {
        /// The chunks, in the order they were taken; blocks come from the last one.
        private var chunks: [(start: UnsafeMutableRawPointer, size: Int)] = []
        /// Whether the thread is inside ``CmarkArena/withPage(_:)``.
        var isActive = false
        /// How many of ``chunks`` are in use; those after it are kept for reuse.
        private var used = 0
        private var next: UnsafeMutableRawPointer?
        private var end: UnsafeMutableRawPointer?
        /// The last block handed out, which can grow in place.
        private var last: UnsafeMutableRawPointer?

        /// Each block starts with its size in a header of this many bytes, which keeps the
        /// blocks 16-byte aligned as `malloc`'s are.
        private static let header = 16

        deinit {
            for chunk in chunks { free(chunk.start) }
        }

        /// The calling thread's arena, made on its first call.
        static var current: Arena {
            withCurrent { $0 }
        }

        /// Calls `body` with the calling thread's arena, which its thread keeps alive:
        /// without retaining and releasing it, which cmark's every allocation would do.
        static func withCurrent<T>(_ body: (Arena) -> T) -> T {
            let stored: UnsafeMutableRawPointer
            if let arena = pthread_getspecific(key) {
                stored = arena
            } else {
                stored = Unmanaged.passRetained(Arena()).toOpaque()
                pthread_setspecific(key, stored)
            }
            return Unmanaged<Arena>.fromOpaque(stored)._withUnsafeGuaranteedRef(body)
        }

        /// The key of each thread's arena, which is freed with its thread.
        private static let key: pthread_key_t = {
            var key = pthread_key_t()
            let status = pthread_key_create(&key) { arena in
                if let arena { Unmanaged<Arena>.fromOpaque(arena).release() }
            }
            precondition(status == 0, "cannot make a thread-local key")
            return key
        }()

        /// The most a block may hold: more than any page needs, and far from overflowing.
        private static let largestBlock = 1 << 40

        /// What a block of `size` bytes takes of a chunk: its header and its bytes, rounded
        /// up to keep the next block aligned.
        private static func footprint(_ size: Int) -> Int { header + (size + 15) & ~15 }

        func allocate(_ size: Int) -> UnsafeMutableRawPointer? {
            guard size <= Self.largestBlock else { return nil }
            let needed = Self.footprint(size)
            if let next, let end, next.distance(to: end) >= needed {
                return take(needed, size: size, at: next)
            }
            guard let start = nextChunk(holding: needed) else { return nil }
            return take(needed, size: size, at: start)
        }

        func reallocate(_ block: UnsafeMutableRawPointer?, to size: Int) -> UnsafeMutableRawPointer? {
            guard let block else { return allocate(size) }
            guard size <= Self.largestBlock else { return nil }
            let header = block - Self.header
            let oldSize = header.load(as: Int.self)
            // The last block grows where it is while its chunk has room.
            if block == last, let end {
                let needed = Self.footprint(size)
                if header.distance(to: end) >= needed {
                    header.storeBytes(of: size, as: Int.self)
                    next = header + needed
                    return block
                }
            }
            guard let moved = allocate(size) else { return nil }
            moved.copyMemory(from: block, byteCount: min(oldSize, size))
            return moved
        }

        var heldBytes: Int { chunks.reduce(0) { $0 + $1.size } }

        func reset() {
            var kept = 0
            var index = 0
            while index < chunks.count {
                if kept + chunks[index].size <= CmarkArena.keptBytes {
                    kept += chunks[index].size
                    index += 1
                } else {
                    free(chunks[index].start)
                    chunks.remove(at: index)
                }
            }
            used = 0
            next = nil
            end = nil
            last = nil
        }

        private func take(_ needed: Int, size: Int, at header: UnsafeMutableRawPointer) -> UnsafeMutableRawPointer {
            header.storeBytes(of: size, as: Int.self)
            next = header + needed
            last = header + Self.header
            return header + Self.header
        }

        /// Moves on to the next kept chunk, or a new one, with room for `needed` bytes.
        private func nextChunk(holding needed: Int) -> UnsafeMutableRawPointer? {
            while used < chunks.count {
                let chunk = chunks[used]
                used += 1
                if chunk.size >= needed {
                    (next, end) = (chunk.start, chunk.start + chunk.size)
                    return chunk.start
                }
            }
            let size = max(CmarkArena.chunkSize, needed)
            guard let start = malloc(size) else { return nil }
            chunks.append((start, size))
            used = chunks.count
            (next, end) = (start, start + size)
            return start
        }
    }
}
