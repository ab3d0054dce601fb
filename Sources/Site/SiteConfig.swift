import FoundationEssentials
import Sections

/// The settings of `foldmark.yml`, all optional.
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
    public init(yaml: String, file: String, warnings: inout [SiteError]) throws(SiteError) {
        let root: YAMLValue?
        do {
            root = try YAMLValue(parsing: yaml)
        } catch {
            // The loader's message speaks of front matter; this file is the configuration.
            guard case .malformedYAML(let problem) = error.reason else { throw SiteError(file: file, error) }
            throw SiteError(file: file, line: error.line, column: error.column, message: "malformed YAML: \(problem)")
        }
        var pairs: [YAMLValue.Pair] = []
        switch root {
        case nil: break
        case .mapping(let entries)?: pairs = entries
        case let value? where value.isNull: break
        default: throw SiteError(file: file, line: 1, message: "the configuration must be a mapping of keys to values")
        }
        self.init()
        func value(_ key: String) -> YAMLValue? {
            pairs.last(where: { $0.key == key }).map(\.value).flatMap { $0.isNull ? nil : $0 }
        }
        func line(_ key: String) -> Int? {
            pairs.last(where: { $0.key == key })?.line
        }
        func text(_ key: String) throws(SiteError) -> String? {
            guard let value = value(key) else { return nil }
            guard let string = value.string else {
                throw SiteError(file: file, line: line(key), message: "'\(key)' must be text")
            }
            return string
        }
        func flag(_ key: String) throws(SiteError) -> Bool? {
            guard let value = value(key) else { return nil }
            guard let bool = value.bool else {
                throw SiteError(file: file, line: line(key), message: "'\(key)' must be true or false")
            }
            return bool
        }
        title = try text("title") ?? ""
        description = try text("description")
        language = try text("language") ?? "en"
        allowsRawHTML = try flag("unsafe") ?? false
        baseURL = try text("base_url")
        if let baseURL, !baseURL.isEmpty, !Self.isWebURL(baseURL) {
            throw SiteError(
                file: file, line: line("base_url"), message: "'base_url' must start with http:// or https://")
        }
        editURL = try text("edit_url")
        if let editURL, !Self.isWebURL(editURL) {
            throw SiteError(
                file: file, line: line("edit_url"), message: "'edit_url' must start with http:// or https://")
        }
        if let depth = value("toc_depth") {
            guard let number = depth.number, let level = Int(exactly: number), (0...6).contains(level) else {
                throw SiteError(
                    file: file, line: line("toc_depth"), message: "'toc_depth' must be a number from 0 to 6")
            }
            tocDepth = level
        }
        func count(_ key: String, _ range: ClosedRange<Int>, _ expected: String) throws(SiteError) -> Int? {
            guard let value = value(key) else { return nil }
            guard let number = value.number, let count = Int(exactly: number), range.contains(count) else {
                throw SiteError(file: file, line: line(key), message: "'\(key)' must be \(expected)")
            }
            return count
        }
        foldRules = FoldRules(
            collapsed: try flag("collapsed") ?? false,
            fromLevel: try count("fold_from_level", 1...6, "a heading level from 1 to 6"),
            longerThan: try count("fold_longer_than", 0...Int(Int32.max), "a number of words (0 or more)"))
        remembersFolds = try flag("remember_folds") ?? true
        if let value = value("search") {
            if let bool = value.bool {
                search = bool ? .full : .off
            } else if value.string == "headings" {
                search = .headings
            } else {
                throw SiteError(file: file, line: line("search"), message: "'search' must be true, false or headings")
            }
        }
        for pair in pairs where !Self.knownKeys.contains(pair.key) {
            warnings.append(
                SiteError(file: file, line: pair.line, message: "unknown key '\(pair.key)'", severity: .warning))
        }
    }

    /// Whether `url` is an `http:` or `https:` URL: the base URL becomes links (in
    /// `404.html`), so it must not be a `javascript:` one.
    public static func isWebURL(_ url: String) -> Bool {
        let lowercased = url.lowercased()
        return lowercased.hasPrefix("http://") || lowercased.hasPrefix("https://")
    }

    /// How the site's pages are parsed in a layout whose own elements have the ids
    /// `layoutIDs` (``PageRenderer/layoutIDs``): a generated slug steps around them, and a
    /// `{#id}` may not take one.
    func parseOptions(reserving layoutIDs: Set<String>, includesDrafts: Bool = false) -> ParseOptions {
        ParseOptions(
            allowsRawHTML: allowsRawHTML, foldRules: foldRules, includesDrafts: includesDrafts, reservedIDs: layoutIDs)
    }
}
