import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// An exclusive lock on an output folder for the length of a build, so that two builds
/// into the same folder cannot interleave their files. The kernel releases it when the
/// process ends, so a crashed build leaves no stale lock.
final class OutputLock {
    static let fileName = ".foldmark-lock"
    private let descriptor: Int32

    init(output: URL) throws(SiteError) {
        do {
            try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        } catch {
            throw SiteError(file: output.path, .fileSystem(.createOutputFolder, nil))
        }
        let path = output.appending(path: Self.fileName).path
        descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw SiteError(file: output.path, cannot: .writeToOutputFolder)
        }
        // No close when the lock is taken: the object is whole by now, so throwing runs
        // deinit, which closes the file. Closing it here too closed whatever the number had
        // been given to meanwhile, on another thread (in `foldmark serve`, a socket).
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            throw SiteError(file: output.path, .output(.locked))
        }
    }

    deinit {
        guard descriptor >= 0 else { return }
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}
