import Basics
import FoundationEssentials
import Sections

/// The settings of `foldmark.yml`, all optional. Pages take them through ``PageSettings``,
/// which merges them with the command line's ``BuildOptions``.
public struct SiteConfig: Sendable, Hashable {
    public static let fileName = "foldmark.yml"
    static let knownKeys: Set<String> = [
        "title", "description", "language", "unsafe", "collapsed", "base_url", "toc_depth",
        "fold_from_level", "fold_longer_than", "remember_folds", "search", "edit_url",
    ]

    public var title: String
    public var description: String?
    /// The `lang` of every page.
    public var language: String
    /// Whether raw HTML in Markdown reaches the page.
    public var allowsRawHTML: Bool
    /// Which sections start closed when neither heading nor page says (`collapsed`,
    /// `fold_from_level`, `fold_longer_than`).
    public var foldRules: FoldRules
    /// Where the site will be published: pages still link relatively, but the canonical
    /// link, `sitemap.xml` and `404.html` use it.
    public var baseURL: String?
    /// Where a page's source can be edited, with the source's path under `Content/` after
    /// it (`edit_url`): each page links there ("Edit this page").
    public var editURL: String?
    /// Sections of this level or higher appear in the table of contents.
    public var tocDepth: Int
    /// Whether pages remember which sections a reader opened (in the browser's storage).
    public var remembersFolds: Bool
    /// What the site's search index holds (`search`): every word, only the titles and
    /// headings, or nothing (no index and no search box).
    public var search: SearchIndexing

    /// What a site's search index holds.
    public enum SearchIndexing: Sendable, Hashable {
        /// No search box and no index (`search: false`).
        case off
        /// The page titles and section headings, not the text under them (`search:
        /// headings`): the index is made from a small part of each page.
        case headings
        /// Titles, headings and text (`search: true`, the default).
        case full

        /// Its part of ``SiteConfig/cacheKey``.
        var cacheKey: String {
            switch self {
            case .off: "no search"
            case .headings: "search headings"
            case .full: "search"
            }
        }
    }

    /// Whether the site has a search box and a search index.
    public var hasSearch: Bool { search != .off }

    public init(
        title: String = "", description: String? = nil, language: String = "en", allowsRawHTML: Bool = false,
        foldRules: FoldRules = FoldRules(), baseURL: String? = nil, editURL: String? = nil, tocDepth: Int = 3,
        remembersFolds: Bool = true, search: SearchIndexing = .full
    ) {
        self.foldRules = foldRules
        self.remembersFolds = remembersFolds
        self.search = search
        self.title = title
        self.description = description
        self.language = language
        self.allowsRawHTML = allowsRawHTML
        self.baseURL = baseURL
        self.editURL = editURL
        self.tocDepth = tocDepth
    }

    /// Every setting, for the build cache's key: written out field by field, since a
    /// description through reflection (`String(describing:)`) cost every build 4.6M
    /// instructions. A new setting must be added here (a test counts the stored properties).
    var cacheKey: String {
        let fold = foldRules
        let fields: [String] = [
            title, description ?? "\u{0}", language, allowsRawHTML ? "raw" : "safe",
            fold.collapsed ? "collapsed" : "open", fold.fromLevel.map(String.init) ?? "-",
            fold.longerThan.map(String.init) ?? "-", baseURL ?? "\u{0}", String(tocDepth),
            remembersFolds ? "remember" : "forget", search.cacheKey, editURL ?? "\u{0}",
        ]
        return fields.joined(separator: "\u{1}")
    }

    /// Reads `foldmark.yml` text; unknown keys are reported in `warnings`.
    ///
    /// - Throws: every repeated key and every setting with a wrong value, the first in the
    ///   file carrying the others (``SiteError/otherProblems``); or malformed YAML.
    public init(yaml: String, file: String, warnings: inout [SiteWarning]) throws(SiteError) {
        var duplicates: [SectionsError] = []
        let root: YAMLValue?
        do {
            root = try YAMLValue.load(yaml, problems: &duplicates)
        } catch {
            // The loader's message speaks of front matter; this file is the configuration.
            guard case .malformedYAML(let problem) = error.reason else { throw SiteError(file: file, error) }
            throw SiteError(file: file, line: error.line, column: error.column, .config(.malformedYAML(problem)))
        }
        var pairs: [YAMLValue.Pair] = []
        switch root {
        case nil: break
        case .mapping(let entries)?: pairs = entries
        case let value? where value.isNull: break
        default: throw SiteError(file: file, line: 1, .config(.notMapping))
        }
        self.init()
        var keys = YAMLMappingReader(pairs)
        title = keys.text("title") ?? ""
        description = keys.text("description")
        language = keys.text("language") ?? "en"
        allowsRawHTML = keys.flag("unsafe") ?? false
        baseURL = keys.text("base_url")
        editURL = keys.text("edit_url")
        tocDepth = keys.integer("toc_depth", in: 0...6, expected: "a number from 0 to 6") ?? tocDepth
        foldRules = FoldRules(
            collapsed: keys.flag("collapsed") ?? false,
            fromLevel: keys.integer("fold_from_level", in: 1...6, expected: "a heading level from 1 to 6"),
            longerThan: keys.integer(
                "fold_longer_than", in: 0...Int(Int32.max), expected: "a number of words (0 or more)"))
        remembersFolds = keys.flag("remember_folds") ?? true
        if let value = keys.value("search") {
            if let bool = value.bool {
                search = bool ? .full : .off
            } else if value.string == "headings" {
                search = .headings
            } else {
                keys.reject("search", expected: "true, false or headings")
            }
        }
        var problems = duplicates.map { SiteError(file: file, $0) }
        for wrong in keys.wrongValues {
            problems.append(
                SiteError(file: file, line: wrong.line, .config(.wrongValue(key: wrong.key, expected: wrong.expected))))
        }
        func notWeb(_ key: String) -> SiteError {
            let line = pairs.last(where: { $0.key == key })?.line
            return SiteError(file: file, line: line, .config(.notWebURL(key: key)))
        }
        if let baseURL, !baseURL.isEmpty, !Self.isWebURL(baseURL) { problems.append(notWeb("base_url")) }
        if let editURL, !Self.isWebURL(editURL) { problems.append(notWeb("edit_url")) }
        if let error = SiteError(combining: problems) { throw error }
        for pair in pairs where !Self.knownKeys.contains(pair.key) {
            let suggestion = EditDistance.suggestion(for: pair.key, among: Self.knownKeys.sorted())
            warnings.append(SiteWarning(file: file, line: pair.line, .unknownKey(pair.key, suggestion: suggestion)))
        }
    }

    /// Whether `url` is an `http:` or `https:` URL: the base URL becomes links (in
    /// `404.html`), so it must not be a `javascript:` one.
    public static func isWebURL(_ url: String) -> Bool {
        let lowercased = url.lowercased()
        return lowercased.hasPrefix("http://") || lowercased.hasPrefix("https://")
    }
}
