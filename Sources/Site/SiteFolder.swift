import Basics
import FoundationEssentials
import Renderer
import Sections

#if canImport(Glibc)
    import Glibc
#endif

/// A site folder: `Content/` with the Markdown pages and assets, an optional `Templates/`
/// that overrides the default theme file by file, and an optional `foldmark.yml`.
public struct SiteFolder: Sendable {
    public static let contentFolder = "Content"
    public static let templatesFolder = "Templates"

    public var root: URL
    public var config: SiteConfig
    public var theme: Theme
    /// Problems that do not stop a build, e.g. unknown configuration keys.
    public var warnings: [SiteWarning]

    public var content: URL { root.appending(path: Self.contentFolder, directoryHint: .isDirectory) }

    /// Reads the configuration and the theme of the site at `root`.
    public init(at root: URL) throws(SiteError) {
        self.root = root.standardizedFileURL
        try Self.requireFolder(self.root.path)
        var warnings: [SiteWarning] = []
        let configURL = self.root.appending(path: SiteConfig.fileName)
        if FileManager.default.fileExists(atPath: configURL.path) {
            let text = try Self.readText(configURL, name: SiteConfig.fileName, warnings: &warnings)
            config = try SiteConfig(yaml: text, file: SiteConfig.fileName, warnings: &warnings)
        } else {
            config = SiteConfig()
        }
        theme = try Self.theme(overriddenBy: self.root.appending(path: Self.templatesFolder), warnings: &warnings)
        self.warnings = warnings
    }

    /// Throws unless a folder is at `path`, the site's: without one, `foldmark init` makes
    /// the site, which the error says when nothing is there. (`foldmark serve` asks before
    /// it starts: a site it cannot build yet is served with its errors, a missing one not.)
    public static func requireFolder(_ path: String) throws(SiteError) {
        guard !FileIO.isFolder(path) else { return }
        guard !FileIO.exists(path) else { throw SiteError(file: ".", cannot: .listFolder, code: ENOTDIR) }
        let code = errno
        guard code == ENOENT else { throw SiteError(file: ".", cannot: .listFolder, code: code) }
        throw SiteError(file: ".", .sources(.noSiteFolder(site: ".")))
    }

    /// The site that holds the file at `file`, and the file's path under its `Content/`:
    /// the folder above the nearest folder named `Content` among the file's own folders,
    /// or `nil` when none is named so (a file that belongs to no site).
    public static func site(holding file: URL) -> (root: URL, source: String)? {
        let components = file.standardizedFileURL.pathComponents
        // Not the file's own name: a file called `Content` is no folder of a site.
        guard let index = components.dropLast().lastIndex(of: contentFolder) else { return nil }
        var root = URL(fileURLWithPath: "/", isDirectory: true)
        for component in components[1..<index] { root.append(path: component, directoryHint: .isDirectory) }
        return (root, components[(index + 1)...].joined(separator: "/"))
    }

    /// The built-in theme, with the files of `folder` (if it exists) in place of the defaults.
    ///
    /// A symbolic link is not followed, as in `Content/`: a template linked to a file
    /// outside the site (in a contributor's pull request, say) would publish that file's
    /// text. Each one skipped is a warning.
    public static func theme(overriddenBy folder: URL) throws(SiteError) -> Theme {
        var warnings: [SiteWarning] = []
        return try theme(overriddenBy: folder, warnings: &warnings)
    }

    static func theme(overriddenBy folder: URL, warnings: inout [SiteWarning]) throws(SiteError) -> Theme {
        var overrides: [String: String] = [:]
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        for name in names.sorted() where !name.hasPrefix(".") {
            let url = folder.appending(path: name)
            let file = templatesFolder + "/" + name
            guard FileIO.isRegularFileWithoutFollowing(url.path) else {
                if FileIO.isSymbolicLink(url.path) {
                    warnings.append(SiteWarning(file: file, .symbolicLink))
                }
                continue
            }
            overrides[name] = try readText(url, name: file, warnings: &warnings)
        }
        return Theme(files: DefaultTemplates.files).overriding(with: overrides)
    }

    /// A renderer for this site's theme; its templates are compiled here, once.
    public func makeRenderer() throws(SiteError) -> PageRenderer {
        do {
            return try PageRenderer(theme: theme)
        } catch {
            throw SiteError(themeFolder: Self.templatesFolder + "/", error)
        }
    }

    /// The file's text; problems with its bytes (``SourceText``) are added to `warnings`.
    static func readText(_ url: URL, name: String, warnings: inout [SiteWarning]) throws(SiteError) -> String {
        switch FileIO.read(url.path) {
        case .success(let data):
            let source = SourceText(decoding: data)
            warnings += source.warnings(file: name)
            return source.text
        case .failure(let failure):
            throw SiteError(file: name, cannot: .readFile, code: failure.code)
        }
    }

    /// UTF-8 text without a leading byte order mark; invalid bytes become U+FFFD.
    /// ``SourceText`` also says where they were.
    public static func decode(_ data: Data) -> String {
        SourceText(decoding: data).text
    }
}
