import Foundation

/// A small file system in memory, to fill up as a full disk would be.
public enum Tmpfs {
    /// Runs `body` with a tmpfs of `size` (`2m`) mounted on a new folder, which is
    /// unmounted and removed after; says that `test` was skipped if it cannot be mounted
    /// (only root can, and not on every system).
    public static func withMount(size: String, test: String, _ body: (URL) async throws -> Void) async throws {
        let mount = FileManager.default.temporaryDirectory.appending(path: "foldmark-full-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: mount, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: mount) }
        guard try shell("mount -t tmpfs -o size=\(size) foldmark-test '\(mount.path)'") == 0 else {
            print("\(test): skipped, this system does not let root mount a tmpfs")
            return
        }
        defer { _ = try? shell("umount '\(mount.path)'") }
        try await body(mount)
    }

    static func shell(_ command: String) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command + " 2>/dev/null"]
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }
}
