import Testing

@testable import Basics

@Suite struct SystemThreadTests {
    /// What a thread started with `name` calls itself, read on the thread.
    private static func nameSeen(starting name: String) -> String {
        let done = Condition()
        nonisolated(unsafe) var seen: String?
        SystemThread.start(name: name) {
            let read = FileIO.read("/proc/thread-self/comm")
            done.lock()
            seen =
                switch read {
                case .success(let bytes):
                    String(decoding: bytes, as: UTF8.self).split(separator: "\n").first.map(String.init) ?? ""
                case .failure(let failure): "cannot read: \(failure.reason)"
                }
            done.broadcast()
            done.unlock()
        }
        done.lock()
        while seen == nil { done.wait() }
        done.unlock()
        return seen!
    }

    @Test func aThreadCarriesTheNameItWasGiven() {
        #expect(Self.nameSeen(starting: "foldmark-watch") == "foldmark-watch")
        // The system keeps 15 bytes of a name.
        #expect(Self.nameSeen(starting: "a-name-of-twenty-bytes") == "a-name-of-twent")
    }
}
