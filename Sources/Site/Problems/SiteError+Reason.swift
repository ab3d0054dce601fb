import Renderer
import Sections

#if canImport(Glibc)
    import Glibc
#endif

extension SiteError {
    /// Why a build (or `render`, or `init`) stopped, by group. Tests match it; ``message``
    /// is the one place that puts it into words.
    public enum Reason: Hashable, Sendable {
        /// The file system refused to do something to the error's file, for the system's
        /// reason (`nil`: none is given).
        case fileSystem(FileAction, SystemCause?)
        /// The site's sources, taken together.
        case sources(SourceProblem)
        /// The values of `foldmark.yml`.
        case config(ConfigProblem)
        /// A page's front matter or Markdown, or a repeated key of `foldmark.yml`.
        case sections(SectionsError.Reason)
        /// A template of the theme (the error's place is the template's).
        case theme(RenderError)
        /// Where the output would go.
        case output(OutputProblem)
        /// Why the build is not moved into the output folder: the error's file is in the
        /// way.
        case publishing(PublishingRefusal)
        /// Ctrl-C stopped the build.
        case interrupted(Interruption)
        /// A warning, which `--strict` counts as an error.
        case strict(SiteWarning.Reason)

        /// The words foldmark prints after the place and `error:`.
        public var message: String {
            switch self {
            case .fileSystem(let action, nil): "cannot \(action.words)"
            case .fileSystem(let action, .code(let code)?): "cannot \(action.words): \(String(cString: strerror(code)))"
            case .fileSystem(let action, .described(let words)?): "cannot \(action.words): \(words)"
            case .sources(.noSiteFolder(let site)): "no such folder" + Self.startingSite(site)
            case .sources(.noContentFolder(let site)):
                "no \(SiteFolder.contentFolder)/ folder in \(site == "." ? "the current folder" : site)"
                    + Self.startingSite(site)
            case .sources(.sameOutput(let output, let other)):
                "writes '\(output)', as does \(SiteFolder.contentFolder)/\(other)"
            case .config(.malformedYAML(let problem)): "malformed YAML: \(problem)"
            case .config(.notMapping): "the configuration must be a mapping of keys to values"
            case .config(.wrongValue(let key, let expected)): "'\(key)' must be \(expected)"
            case .config(.notWebURL(let key)): "'\(key)' must start with http:// or https://"
            case .sections(let reason): SectionsError(reason).message
            case .theme(let error): error.message
            case .output(.insideSite):
                "the output folder must not be the site folder, be inside Content/ or contain it"
            case .output(.locked(let lockFile)):
                "another foldmark build is writing to this folder (locked: \(lockFile))"
            case .output(.folderNotEmpty): "the folder is not empty (use --force to add the missing files)"
            case .publishing(.foreignFile):
                "foldmark did not write this file and will not replace it; move it, or build into another folder"
            case .publishing(.unlisted(let manifest)):
                "no manifest says foldmark wrote this file (\(manifest) beside the output folder is missing or "
                    + "damaged), so it will not replace it; delete the output folder if it holds only an earlier "
                    + "build, or move the file away"
            case .publishing(.linkedFolder):
                "is a symbolic link, and foldmark writes only inside the output folder; remove the link, or build "
                    + "into another folder"
            case .interrupted(.build): "the build was interrupted"
            case .interrupted(.step): "interrupted"
            case .strict(let warning): warning.message
            }
        }

        /// How to make a site in the folder `site`, which messages name as its path.
        private static func startingSite(_ site: String) -> String {
            " (run 'foldmark init \(site)' to start a site \(site == "." ? "here" : "there"))"
        }
    }

    /// What the file system was asked to do to the error's file.
    public enum FileAction: Hashable, Sendable {
        case readFile, listFolder, readBackContent
        case write, writeThemeFile, writePage, writeContentToCache, writeSearchTermsToCache, writeSearchIndex
        case createBuildCache, writeBuildCache, makeStagingFolder
        case createOutputFolder, writeToOutputFolder, writeOutput, completeInterruptedPublishing

        /// The words after "cannot".
        var words: String {
            switch self {
            case .readFile: "read the file"
            case .listFolder: "list the folder"
            case .readBackContent: "read back its rendered content"
            case .write: "write"
            case .writeThemeFile: "write the theme's file"
            case .writePage: "write its page"
            case .writeContentToCache: "write its content to the build cache"
            case .writeSearchTermsToCache: "write its search terms to the build cache"
            case .writeSearchIndex: "write the search index"
            case .createBuildCache: "create the build cache"
            case .writeBuildCache: "write the build cache"
            case .makeStagingFolder: "make the build's staging folder beside the output folder"
            case .createOutputFolder: "create the output folder"
            case .writeToOutputFolder: "write to the output folder"
            case .writeOutput: "write the output"
            case .completeInterruptedPublishing: "complete the publishing of an interrupted build"
            }
        }

        /// Whether the action writes: what fails for every file once the disk is full.
        var isWrite: Bool {
            switch self {
            case .readFile, .listFolder, .readBackContent: false
            default: true
            }
        }
    }

    /// The system's reason for refusing a ``FileAction``.
    public enum SystemCause: Hashable, Sendable {
        /// An `errno`, said in the system's words (`No space left on device`).
        case code(Int32)
        /// An error of Foundation's (or a ``WriteFailure``), in the words
        /// ``FileIO/describe(_:withPath:)`` gives it.
        case described(String)
    }

    public enum SourceProblem: Hashable, Sendable {
        /// Nothing is at the site folder's path `site` (the error's file as well: `.`
        /// relative to the site, until ``SiteError/placed(by:)`` names it from elsewhere).
        case noSiteFolder(site: String)
        /// The site folder `site` (as in ``noSiteFolder(site:)``) has no `Content/` folder.
        case noContentFolder(site: String)
        /// The error's source writes `output`, as does `other` (relative to `Content/`).
        case sameOutput(String, other: String)
    }

    public enum ConfigProblem: Hashable, Sendable {
        /// libyaml rejected the file; the text is libyaml's own.
        case malformedYAML(String)
        /// The file is YAML but not a mapping of keys to values.
        case notMapping
        /// A key has a value of the wrong kind, e.g. `toc_depth: 9`.
        case wrongValue(key: String, expected: String)
        /// A URL key's value is not an `http:` or `https:` URL.
        case notWebURL(key: String)
    }

    public enum OutputProblem: Hashable, Sendable {
        /// The output folder is the site folder, lies inside `Content/` or contains it.
        case insideSite
        /// Another build holds the output folder's lock, the file at `lockFile` (relative to
        /// the output folder: the lock is beside it).
        case locked(lockFile: String)
        /// `foldmark init` was given a folder that has files, without `--force`.
        case folderNotEmpty
    }

    public enum PublishingRefusal: Hashable, Sendable {
        /// The file, which the build would replace, is not in the manifest of the build
        /// before: someone's own.
        case foreignFile
        /// The file, which the build would replace, may be someone's own: the output folder
        /// has no manifest (at `manifest`, relative to the output's parent), so nothing
        /// tells which of its files foldmark wrote (see ``EarlierOutput``).
        case unlisted(manifest: String)
        /// The folder, on the way to a file of the build, is a symbolic link: the file
        /// would land outside the output folder.
        case linkedFolder
    }

    public enum Interruption: Hashable, Sendable {
        /// The build as a whole, as it is reported.
        case build
        /// One step of one page, which the build then reports as ``build``.
        case step
    }
}
