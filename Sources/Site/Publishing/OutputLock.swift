import Basics
import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// An exclusive lock on an output folder for the length of a build, so that two builds
/// into the same folder cannot interleave their files. The kernel releases it when the
/// process ends, so a crashed build leaves no stale lock.
///
/// The lock file is beside the output folder, in its cache folder (``BuildCache/folder(for:)``),
/// so that the output holds only what the site serves. An output folder that a foldmark
/// which kept its lock inside it built into still holds that file, ``legacyName``: it is
/// locked too, so that such a foldmark cannot write into the folder meanwhile, and
/// publishing removes it (see ``EarlierOutput``).
final class OutputLock {
    /// Its name in the cache folder.
    static let fileName = "lock"
    /// Its name inside the output folders of the foldmark versions that kept it there.
    static let legacyName = ".foldmark-lock"
    private let descriptor: Int32
    private var legacyDescriptor: Int32 = -1

    /// The lock file of `output`.
    static func file(for output: URL) -> URL {
        BuildCache.folder(for: output).appending(path: fileName)
    }

    init(output: URL) throws(SiteError) {
        let file = Self.file(for: output)
        do {
            try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        } catch {
            throw SiteError(file: output.path, .fileSystem(.createOutputFolder, nil))
        }
        // The lock file is elsewhere: whether the build can write into the output is
        // checked here, before any page is built, as taking a lock inside it did.
        guard access(output.path, W_OK) == 0 else { throw SiteError(file: output.path, cannot: .writeToOutputFolder) }
        let folder = file.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw SiteError(file: folder.path, cannot: .createBuildCache, error)
        }
        descriptor = open(file.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw SiteError(file: folder.path, cannot: .createBuildCache) }
        // No close when the lock is taken: the object is whole by now, so throwing runs
        // deinit, which closes the file. Closing it here too closed whatever the number had
        // been given to meanwhile, on another thread (in `foldmark serve`, a socket).
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let beside = "../\(BuildCache.folderName)/\(output.lastPathComponent)/\(Self.fileName)"
            throw SiteError(file: output.path, .output(.locked(lockFile: beside)))
        }
        legacyDescriptor = open(output.appending(path: Self.legacyName).path, O_RDWR | O_CLOEXEC | O_NOFOLLOW)
        guard legacyDescriptor < 0 || flock(legacyDescriptor, LOCK_EX | LOCK_NB) == 0 else {
            throw SiteError(file: output.path, .output(.locked(lockFile: Self.legacyName)))
        }
    }

    deinit {
        for descriptor in [descriptor, legacyDescriptor] where descriptor >= 0 {
            flock(descriptor, LOCK_UN)
            close(descriptor)
        }
    }
}
