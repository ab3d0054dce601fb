import Basics
import Foundation
import FoldmarkTestSupport
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// `foldmark serve` run as a process of its own on a given port, its output in files, for
/// tests that interrupt it as a terminal's Ctrl-C does.
final class ServeProcess: Sendable {
    let port: UInt16
    private let process: Process
    private let folder: URL
    /// When the process was seen to end (set by the process's termination handler).
    private let ended = Mutex<ContinuousClock.Instant?>(nil)

    init(executable: URL, site: URL, port: UInt16) throws {
        self.port = port
        folder = FileManager.default.temporaryDirectory.appending(path: "foldmark-serve-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let process = Process()
        process.executableURL = executable
        process.arguments = ["serve", site.path, "--port", String(port)]
        // Files, not pipes: nothing can block on a full pipe.
        for name in ["stdout", "stderr"] {
            _ = FileManager.default.createFile(atPath: folder.appending(path: name).path, contents: nil)
        }
        process.standardOutput = try FileHandle(forWritingTo: folder.appending(path: "stdout"))
        process.standardError = try FileHandle(forWritingTo: folder.appending(path: "stderr"))
        self.process = process
        process.terminationHandler = { [weak self] _ in self?.ended.withLock { $0 = .now } }
        try process.run()
    }

    var isRunning: Bool { ended.withLock { $0 == nil } }
    var output: String { text("stdout") }
    var errors: String { text("stderr") }

    /// Sends SIGINT, as Ctrl-C in a terminal does, unless the process was seen to end (its
    /// number may then be another process's).
    func interrupt() {
        if isRunning { kill(process.processIdentifier, SIGINT) }
    }

    /// Waits for the process to end; returns when it was seen to end, or throws, saying
    /// that it hung, after ``HangGuard``.
    func exit() async throws -> ContinuousClock.Instant {
        try await HangGuard.wait(until: { !isRunning }, "foldmark serve did not end after SIGINT")
        return ended.withLock { $0 }!
    }

    /// How it ended: `.exit` and its status, or `.uncaughtSignal` and the signal.
    var termination: (reason: Process.TerminationReason, status: Int32) {
        (process.terminationReason, process.terminationStatus)
    }

    /// A port that was free a moment ago (the system's choice for port 0).
    static func freePort() -> UInt16 {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(descriptor) }
        var address = LiveReloadClient.loopback(port: 0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                _ = bind(descriptor, address, length)
                _ = getsockname(descriptor, address, &length)
            }
        }
        return UInt16(bigEndian: address.sin_port)
    }

    /// What the file `name` holds so far. serve is still writing it: `FileIO.read` reads to
    /// the end as it is now. (Foundation's `String(contentsOf:)` leaks its buffer when the
    /// file grows while it reads, which the leak check reports.)
    private func text(_ name: String) -> String {
        guard case .success(let data) = FileIO.read(folder.appending(path: name).path) else { return "" }
        return String(decoding: data, as: UTF8.self)
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        try? FileManager.default.removeItem(at: folder)
    }
}

/// A browser's live-reload stream, on a thread of its own: it connects (trying again
/// every millisecond while the server is not listening yet, as long as `isWanted` holds),
/// asks for the event stream and reads it until the server closes the connection.
final class LiveReloadClient: Sendable {
    private struct State {
        var hasStream = false
        var isEnded = false
    }

    private let state = Mutex(State())

    init(port: UInt16, while isWanted: @escaping @Sendable () -> Bool) {
        Thread.detachNewThread { [self] in
            let descriptor = Self.connect(port: port, while: isWanted)
            guard descriptor >= 0 else { return state.withLock { $0.isEnded = true } }
            defer { close(descriptor) }
            let request = Array("GET /__foldmark/events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8)
            _ = request.withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            read(descriptor)
        }
    }

    /// The server answered with the stream's headers.
    var hasStream: Bool { state.withLock { $0.hasStream } }
    /// The connection ended (or was never made).
    var isEnded: Bool { state.withLock { $0.isEnded } }

    private func read(_ descriptor: Int32) {
        var buffer = [UInt8](repeating: 0, count: 4096)
        var received: [UInt8] = []
        while true {
            let count = recv(descriptor, &buffer, buffer.count, 0)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            if received.count < 64 { received += buffer[..<count] }
            if received.starts(with: Array("HTTP/1.1 200".utf8)) { state.withLock { $0.hasStream = true } }
        }
        state.withLock { $0.isEnded = true }
    }

    private static func connect(port: UInt16, while isWanted: () -> Bool) -> Int32 {
        while isWanted() {
            let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = loopback(port: port)
            let connected = withUnsafePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
                }
            }
            if connected { return descriptor }
            close(descriptor)
            usleep(1_000)
        }
        return -1
    }

    static func loopback(port: UInt16) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        return address
    }
}
