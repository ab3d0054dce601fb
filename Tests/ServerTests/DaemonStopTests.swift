import FoldmarkTestSupport
import Foundation
import Synchronization
import Testing

@testable import Server

/// Stopping the daemon from two threads at once, as `foldmark serve` does on Ctrl-C (the
/// thread that reads the signal, and the main task whose loop then ends).
@Suite struct DaemonStopTests {
    /// The second caller of `stop()` returns only once the first has stopped the daemon:
    /// otherwise serve could print "Stopped." and exit while libmicrohttpd's threads were
    /// still closing connections and calling back into the handler.
    @Test func secondStopWaitsForTheFirst() async throws {
        let gate = EventLoopTests.Gate()
        let socket = try ListeningSocket(host: "127.0.0.1", port: 0, backlog: 16)
        let daemon = try gate.daemon(on: socket, connections: 16)
        let stopsReturnedEarly = try await offPool {
            let holder = try TestConnection(port: socket.port)
            try holder.send("GET /hold HTTP/1.1\r\nHost: x\r\n\r\n")
            guard gate.waitUntilHeld() else { throw TestFailure("the server never called the handler for /hold") }
            // Whichever stop comes first waits in libmicrohttpd for the server's thread,
            // held in the handler until the gate is released; neither may return before.
            let returned = DispatchSemaphore(value: 0)
            let returnedEarly = Atomic(0)
            let isReleased = Atomic(false)
            for _ in 0..<2 {
                Thread {
                    daemon.stop()
                    if !isReleased.load(ordering: .sequentiallyConsistent) {
                        returnedEarly.add(1, ordering: .sequentiallyConsistent)
                    }
                    returned.signal()
                }.start()
            }
            // A stop that does not wait returns within microseconds of its call.
            let waited = returned.wait(timeout: .now() + 0.2) == .success ? 1 : 0
            isReleased.store(true, ordering: .sequentiallyConsistent)
            gate.release()
            for _ in waited..<2 where returned.wait(timeout: .now() + HangGuard.seconds) != .success {
                throw TestFailure("hung: stop() had not returned after \(HangGuard.duration)")
            }
            return returnedEarly.load(ordering: .sequentiallyConsistent)
        }
        #expect(stopsReturnedEarly == 0, "a stop() returned while the other still waited for the server's thread")
    }
}
