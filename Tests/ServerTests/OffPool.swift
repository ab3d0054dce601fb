import Foundation

/// Runs blocking work (socket reads that wait for the server) on a thread of its own.
///
/// Swift concurrency shares a few threads (one per core) between all the tests running
/// at once; a test that blocks one of them in `recv` can starve the preview session's
/// rebuilds, which need them.
func offPool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try body() }) }.start()
    }
}

extension TestConnection {
    /// ``receive(until:hangGuard:)`` off the shared threads.
    func events(until predicate: @escaping @Sendable (String) -> Bool) async throws -> String {
        try await offPool { try self.receive(until: predicate) }
    }
}
