#if canImport(Glibc)
    import Glibc
#endif

/// Threads of the system's own, outside Swift's pool of tasks and Dispatch's: for work that
/// must start at once whatever the pool is doing (see ``Background``), or that blocks for
/// a long time (a watch loop, a signal pipe).
package enum SystemThread {
    /// Runs `body` on a new detached thread, named `name` (as `ps -L` and debuggers show it;
    /// the system keeps its first 15 bytes) when one is given. Stops the process if no thread
    /// can be made: without it, the caller would wait forever.
    package static func start(name: String? = nil, _ body: @escaping @Sendable () -> Void) {
        let box = Unmanaged.passRetained(Box(name: name, body: body))
        var thread = pthread_t()
        let status = pthread_create(
            &thread, nil,
            { context in
                let box = Unmanaged<Box>.fromOpaque(context!).takeRetainedValue()
                if let name = box.name { SystemThread.name(thisThread: name) }
                box.body()
                return nil
            }, box.toOpaque())
        guard status == 0 else {
            box.release()
            fatalError("cannot start a thread: \(String(cString: strerror(status)))")
        }
        pthread_detach(thread)
    }

    /// Names the calling thread as `pthread_setname_np` does (which Swift's Glibc module
    /// leaves out): by writing its `comm` file; the kernel keeps 15 bytes.
    private static func name(thisThread name: String) {
        let descriptor = open("/proc/thread-self/comm", O_WRONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        var name = name
        _ = name.withUTF8 { FileIO.write(UnsafeRawBufferPointer($0), to: descriptor) }
        close(descriptor)
    }

    private final class Box: Sendable {
        package let name: String?
        package let body: @Sendable () -> Void
        package init(name: String?, body: @escaping @Sendable () -> Void) {
            self.name = name
            self.body = body
        }
    }
}

/// A lock with a condition to wait on, as the system's threads have them.
package final class Condition: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    package init() {
        pthread_mutex_init(mutex, nil)
        // Timed waits count on the monotonic clock: setting the system's clock does not
        // cut them short or draw them out.
        var attributes = pthread_condattr_t()
        pthread_condattr_init(&attributes)
        pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
        pthread_cond_init(condition, &attributes)
        pthread_condattr_destroy(&attributes)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    package func lock() { pthread_mutex_lock(mutex) }
    package func unlock() { pthread_mutex_unlock(mutex) }
    /// Waits, with the lock held, until another thread broadcasts; holds the lock again after.
    package func wait() { pthread_cond_wait(condition, mutex) }
    /// ``wait()``, but for at most `timeout`.
    package func wait(timeout: Duration) {
        var deadline = timespec()
        clock_gettime(CLOCK_MONOTONIC, &deadline)
        let (seconds, attoseconds) = timeout.components
        let nanoseconds = Int(deadline.tv_nsec) + Int(attoseconds / 1_000_000_000)
        deadline.tv_sec += Int(seconds) + nanoseconds / 1_000_000_000
        deadline.tv_nsec = nanoseconds % 1_000_000_000
        pthread_cond_timedwait(condition, mutex, &deadline)
    }
    package func broadcast() { pthread_cond_broadcast(condition) }
}
