import Basics
import Dispatch

#if canImport(Glibc)
    import Glibc
#endif

/// The listing of `Content/`: each folder listed, and each page's `stat` taken, by the
/// thread that takes it (see ``SourceTree/init(content:jobs:)``).
extension SourceTree {
    /// One folder under `Content/` as a thread listed it: its entries in the order of their
    /// names, its subfolders' listings in the same order, and its pages' identities.
    final class FolderListing: @unchecked Sendable {
        /// What an entry is, told once, by the thread that lists the folder.
        enum Kind { case folder, page, asset, link }

        /// The folder's absolute path, and its path relative to `Content/` (`""` for
        /// `Content/` itself), each with a `/` at the end.
        let path: String
        let relative: String
        /// The error that stopped the listing, 0 if none.
        var failure: Int32 = 0
        /// The files, folders and links, each as a path relative to `Content/`, in the order
        /// of their names.
        var entries: [(file: String, kind: Kind)] = []
        var subfolders: [FolderListing] = []
        /// The folder's pages in the order of ``entries``, a few hundred to a batch.
        var batches: [StatBatch] = []

        init(path: String, relative: String) {
            self.path = path
            self.relative = relative
        }

        /// Lists the folder with `readdir` (``FileIO/forEachEntry(in:_:)``), and `fstatat`
        /// where the file system does not say what an entry is: Foundation's
        /// `attributesOfItem` also looks up each file's owner and group by name, which cost
        /// more than the rest of a no-op build's listing. Hidden entries are left out. The
        /// pages' identities are taken later, by batches of ``StatBatch/size``.
        func list() {
            var named: [(name: String, kind: UInt8)] = []
            failure = FileIO.forEachEntry(in: path) { bytes, type, descriptor in
                guard bytes.first != UInt8(ascii: ".") else { return true }
                let name = String(decoding: bytes, as: UTF8.self)
                var kind = type
                if kind == UInt8(DT_UNKNOWN) {
                    // Some file systems do not say what an entry is: ask, without following a link.
                    var status = stat()
                    guard fstatat(descriptor, name, &status, AT_SYMLINK_NOFOLLOW) == 0 else { return true }
                    switch status.st_mode & S_IFMT {
                    case S_IFDIR: kind = UInt8(DT_DIR)
                    case S_IFREG: kind = UInt8(DT_REG)
                    case S_IFLNK: kind = UInt8(DT_LNK)
                    default: return true
                    }
                }
                switch Int32(kind) {
                case Int32(DT_DIR), Int32(DT_REG), Int32(DT_LNK): named.append((name, kind))
                default: break
                }
                return true
            }
            guard failure == 0 else { return }
            named.sort { $0.name < $1.name }
            var pageNames: [String] = []
            entries.reserveCapacity(named.count)
            for (name, type) in named {
                let file = String(joining: relative, name)
                let kind: Kind
                switch Int32(type) {
                case Int32(DT_DIR):
                    kind = .folder
                    subfolders.append(FolderListing(path: path + name + "/", relative: file + "/"))
                case Int32(DT_REG) where OutputPath.isMarkdown(file):
                    kind = .page
                    pageNames.append(name)
                case Int32(DT_REG): kind = .asset
                default: kind = .link
                }
                entries.append((file, kind))
            }
            var start = 0
            while start < pageNames.count {
                let end = min(pageNames.count, start + StatBatch.size)
                batches.append(StatBatch(folder: path, names: Array(pageNames[start..<end])))
                start = end
            }
        }
    }

    /// Up to ``size`` pages of one folder, and once taken, their identities (``identities``).
    final class StatBatch: @unchecked Sendable {
        static let size = 256
        let folder: String
        let names: [String]
        /// Written by the one thread that takes the batch, read once the walk is done; all
        /// `nil` for a batch that is not taken.
        var identities: [SourceIdentity?]

        init(folder: String, names: [String]) {
            self.folder = folder
            self.names = names
            identities = Array(repeating: nil, count: names.count)
        }

        /// Takes the identities of the pages, in order; `nil` where `stat` fails or finds no
        /// regular file (it changed since it was listed). The folder is opened once, and
        /// its pages are looked up in it by name (`fstatat`): the kernel looks up one name
        /// instead of a page's whole path, and the first pass needs no `stat` of its own.
        /// A link is not followed (nor taken: a regular file's `lstat` is its `stat`).
        func take() {
            let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            defer { if descriptor >= 0 { close(descriptor) } }
            identities = names.map { name in
                var status = stat()
                let isFile =
                    descriptor >= 0
                    && name.withCString { fstatat(descriptor, $0, &status, AT_SYMLINK_NOFOLLOW) } == 0
                    && status.st_mode & S_IFMT == S_IFREG
                return isFile ? SourceIdentity(status) : nil
            }
        }
    }

    /// The listing of every folder and the `stat` of every page, spread over threads: each
    /// takes the next folder to list or batch of pages to `stat`, and a folder it lists
    /// adds its subfolders and its batches to the work. A page's `stat` is most of the
    /// walk's time, and taken only once every folder was listed they would wait for the
    /// whole listing.
    final class Walk: @unchecked Sendable {
        private enum Job {
            case list(FolderListing)
            case stat(StatBatch)
        }

        private let threads: Int
        /// Whether the pages' `stat`s are taken (``StatBatch/take()``).
        private let takesIdentities: Bool
        private let condition = Condition()
        /// The jobs in the order they were added; those before `taken` are taken.
        private var jobs: [Job] = []
        private var taken = 0
        /// The jobs taken and not yet done.
        private var running = 0
        private var pages = 0
        private var helpers: DispatchGroup?

        private init(threads: Int, takesIdentities: Bool) {
            self.threads = threads
            self.takesIdentities = takesIdentities
        }

        /// Lists `root` and everything under it, with the pages' identities if `takesIdentities`.
        static func run(_ root: FolderListing, threads: Int, takesIdentities: Bool) -> FolderListing {
            let walk = Walk(threads: threads, takesIdentities: takesIdentities)
            walk.jobs = [.list(root)]
            walk.work()
            walk.condition.lock()
            let helpers = walk.helpers
            walk.condition.unlock()
            helpers?.wait()
            return root
        }

        /// Takes jobs until there are none left and none running.
        private func work() {
            while let job = next() {
                switch job {
                case .list(let folder):
                    folder.list()
                    add(folder)
                case .stat(let batch):
                    batch.take()
                }
                condition.lock()
                running -= 1
                if running == 0 && taken == jobs.count { condition.broadcast() }
                condition.unlock()
            }
        }

        private func next() -> Job? {
            condition.lock()
            defer { condition.unlock() }
            while taken == jobs.count && running > 0 { condition.wait() }
            guard taken < jobs.count else { return nil }
            running += 1
            taken += 1
            return jobs[taken - 1]
        }

        /// Adds what listing `folder` found to do. Other threads join once there are enough
        /// pages for that to pay (a few hundred; starting one costs more on a small site).
        private func add(_ folder: FolderListing) {
            condition.lock()
            if takesIdentities { jobs += folder.batches.map { .stat($0) } }
            jobs += folder.subfolders.map { .list($0) }
            pages += folder.batches.reduce(0) { $0 + $1.names.count }
            let startsHelpers = helpers == nil && threads > 1 && pages >= 256
            if startsHelpers { helpers = DispatchGroup() }
            condition.broadcast()
            condition.unlock()
            if startsHelpers, let helpers {
                for _ in 1..<threads {
                    DispatchQueue.global(qos: .userInitiated).async(group: helpers) { self.work() }
                }
            }
        }
    }
}
