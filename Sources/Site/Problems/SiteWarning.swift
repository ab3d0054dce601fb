import Basics

/// Something wrong with one file of a site that does not stop the build (unless it is
/// `--strict`, see ``SiteError/Reason/strict(_:)``), located as precisely as it is known.
public struct SiteWarning: SiteProblem, Hashable, Sendable {
    public static let severity = "warning"

    /// The path relative to the site's folder, or absolute: a file of the output or of the
    /// build cache, or one given on the command line.
    public var file: String
    public var line: Int?
    public var column: Int?
    public var reason: Reason

    public init(file: String, line: Int? = nil, column: Int? = nil, _ reason: Reason) {
        self.file = file
        self.line = line
        self.column = column
        self.reason = reason
    }

    public var message: String { reason.message }

    /// Why a build warns. Tests match it; ``message`` is the one place that puts it into
    /// words.
    public enum Reason: Hashable, Sendable {
        /// The file is a symbolic link, which a build does not follow.
        case symbolicLink
        /// The file's output differs only in case from that of `other` (relative to
        /// `Content/`): the two collide on a case-insensitive file system.
        case outputCase(output: String, other: String)
        /// `foldmark.yml` has a key that foldmark does not know, and the known key it most
        /// likely meant, if one is near enough (``EditDistance``).
        case unknownKey(String, suggestion: String?)
        /// A front matter key that foldmark does not read but that is within a slip of
        /// one it does: kept for templates, but most likely `meant` misspelt.
        case likelyMisspeltKey(String, meant: String)
        /// Bytes of the file that are not text, replaced with U+FFFD.
        case text(SourceText.Problem)
        /// A link of the page that leads nowhere in the built site.
        case link(LinkProblem)
        /// The page's title, of `length` characters, is cut for navigation; it is the
        /// page's first heading when `fromHeading` (else its front matter's `title`).
        case longTitle(length: Int, fromHeading: Bool)
        /// Something in the build cache (the error's file) was found damaged, and is made
        /// again.
        case cacheDamaged(CacheRepair)
        /// A warning of an earlier build, as the build cache and the build's stamp keep it:
        /// its words.
        case stored(String)

        /// The words foldmark prints after the place and `warning:`.
        public var message: String {
            switch self {
            case .symbolicLink: "symbolic link not followed"
            case .outputCase(let output, let other):
                "output '\(output)' differs only in case from that of \(SiteFolder.contentFolder)/\(other)"
            case .unknownKey(let key, let suggestion): "unknown key '\(key)'" + Self.or(suggestion)
            case .likelyMisspeltKey(let key, let meant): "unknown front matter key '\(key)'" + Self.or(meant)
            case .text(let problem):
                "\(problem.kind == .invalidUTF8 ? "invalid UTF-8" : "NUL byte") at byte offset \(problem.offset)"
                    + (problem.count > 1 ? " (and \(problem.count - 1) more)" : "") + ", replaced with U+FFFD"
            case .link(.outside(let url)): "link leads outside \(SiteFolder.contentFolder)/: '\(url)'"
            case .link(.missingPage(let url, let suggestion)): "link to missing page '\(url)'" + Self.or(suggestion)
            case .link(.missingFile(let url, let suggestion)): "link to missing file '\(url)'" + Self.or(suggestion)
            case .link(.missingSection(let url, let suggestion)):
                "link to missing section '\(url)'" + Self.or(suggestion)
            case .link(.draftPage(let url)): "link to draft page '\(url)'"
            case .longTitle(let length, let fromHeading):
                "title\(fromHeading ? " (the first heading)" : "") is \(length) characters long; navigation shows its "
                    + "first \(NavigationTitle.maximumLength)"
            case .cacheDamaged(.rebuildingPages(let count)):
                "cache damaged, rebuilding \(count) \(count == 1 ? "page" : "pages")"
            case .cacheDamaged(.rebuildingCache): "cache damaged, rebuilding it"
            case .cacheDamaged(.rebuildingSearchIndex): "cache damaged, rebuilding the search index"
            case .cacheDamaged(.checkingEveryPage): "cache damaged, checking every page again"
            case .stored(let words): words
            }
        }

        private static func or(_ suggestion: String?) -> String {
            EditDistance.didYouMean(suggestion)
        }
    }

    /// What is wrong with a link, whose `url` is as the page has it.
    public enum LinkProblem: Hashable, Sendable {
        /// It leads out of `Content/`.
        case outside(url: String)
        /// No page has its path; `suggestion` is the URL most likely meant.
        case missingPage(url: String, suggestion: String?)
        /// No file has its path.
        case missingFile(url: String, suggestion: String?)
        /// Its page has no section of its fragment.
        case missingSection(url: String, suggestion: String?)
        /// It leads to a page left out as a draft.
        case draftPage(url: String)
    }

    /// What a build does about damage found in its cache.
    public enum CacheRepair: Hashable, Sendable {
        /// It builds this many pages again from their sources.
        case rebuildingPages(Int)
        /// It makes the cache's records again (their pages were not known).
        case rebuildingCache
        /// It makes the search index from every page's terms.
        case rebuildingSearchIndex
        /// It looks at each page, without the stamp or the record of the output's folders.
        case checkingEveryPage
    }
}
