import Foundation

/// The built `foldmark` executable run as a separate process, for what cannot happen
/// inside the test process: running as another user, under a file size limit, or with
/// its memory measured.
public struct ToolProcess {
    public var status: Int32
    public var output: String
    public var errors: String

    /// The `foldmark` binary beside the test bundle (SwiftPM builds both into one
    /// folder), or `$FOLDMARK_BIN`.
    public static let executable: URL? = {
        if let path = ProcessInfo.processInfo.environment["FOLDMARK_BIN"] {
            return URL(fileURLWithPath: path)
        }
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL
        while folder.path != "/" {
            folder.deleteLastPathComponent()
            let candidate = folder.appending(path: "foldmark")
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory), !isDirectory.boolValue
            {
                return candidate
            }
            if folder.lastPathComponent.hasSuffix(".xctest") { continue }
            break
        }
        return nil
    }()

    public static var isRoot: Bool { getuid() == 0 }

    /// `setpriv`, which runs a command as another user; only root can use it.
    public static let setpriv: String? = ["/usr/bin/setpriv", "/bin/setpriv"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    /// Whether a test can run foldmark as a user without special rights: directly when
    /// the tests do not run as root, else through `setpriv` as `nobody`.
    public static var canRunUnprivileged: Bool { executable != nil && (!isRoot || setpriv != nil) }

    /// Runs foldmark with `arguments`. `unprivileged` runs it as `nobody` when the tests
    /// run as root (root reads and writes files whatever their permissions say).
    /// `fileSizeLimit` (in 512-byte blocks, as `ulimit -f` of /bin/sh counts them) makes
    /// every write past that size fail, as on a full disk. `interruptWhen`, if given, is
    /// asked every 5 ms while foldmark runs; once it holds, foldmark gets SIGINT (Ctrl-C).
    /// `workingFolder` is where foldmark runs, from which its messages name files (the tests'
    /// own folder if `nil`). `input` is foldmark's standard input: a file, so that it never
    /// waits on the tests' own.
    public static func run(
        _ arguments: [String], in workingFolder: URL? = nil, unprivileged: Bool = false, fileSizeLimit: Int? = nil,
        interruptWhen: (() -> Bool)? = nil, input: String = ""
    ) throws -> ToolProcess {
        guard let executable else { throw ToolProcessError.noExecutable }
        var command = [executable.path] + arguments
        if unprivileged && isRoot {
            guard let setpriv else { throw ToolProcessError.noSetpriv }
            command = [setpriv, "--reuid=65534", "--regid=65534", "--clear-groups"] + command
        }
        if let fileSizeLimit {
            // An ignored SIGXFSZ survives exec, so a write past the limit fails with EFBIG
            // instead of killing the process.
            command = ["/bin/sh", "-c", "trap '' XFSZ; ulimit -f \(fileSizeLimit); exec \"$@\"", "sh"] + command
        }
        // Output goes to files, not pipes: nothing can block on a full pipe.
        let folder = FileManager.default.temporaryDirectory.appending(path: "foldmark-process-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let outputFile = folder.appending(path: "stdout")
        let errorFile = folder.appending(path: "stderr")
        _ = FileManager.default.createFile(atPath: outputFile.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
        let inputFile = folder.appending(path: "stdin")
        _ = FileManager.default.createFile(atPath: inputFile.path, contents: Data(input.utf8))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: command[0])
        process.arguments = Array(command.dropFirst())
        if let workingFolder { process.currentDirectoryURL = workingFolder }
        let outputHandle = try FileHandle(forWritingTo: outputFile)
        let errorHandle = try FileHandle(forWritingTo: errorFile)
        let inputHandle = try FileHandle(forReadingFrom: inputFile)
        defer {
            try? outputHandle.close()
            try? errorHandle.close()
            try? inputHandle.close()
        }
        process.standardInput = inputHandle
        process.standardOutput = outputHandle
        process.standardError = errorHandle
        try process.run()
        if let interruptWhen {
            while process.isRunning && !interruptWhen() { usleep(5_000) }
            if process.isRunning { process.interrupt() }
        }
        process.waitUntilExit()
        // FileHandle, not String(contentsOf:), which leaks a buffer for an empty file
        // (LeakSanitizer in scripts/leak-check.sh reports it).
        func text(_ file: URL) throws -> String {
            let handle = try FileHandle(forReadingFrom: file)
            defer { try? handle.close() }
            return String(decoding: handle.readDataToEndOfFile(), as: UTF8.self)
        }
        return ToolProcess(status: process.terminationStatus, output: try text(outputFile), errors: try text(errorFile))
    }
}

public enum ToolProcessError: Error {
    case noExecutable
    case noSetpriv
}
