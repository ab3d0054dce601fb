import Foundation
import Renderer

/// The repository's `Templates/` folder (the default theme), read from disk for tests.
enum RepositoryTheme {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    static func load() throws -> Theme {
        let folder = packageRoot.appending(path: "Templates")
        var files: [String: String] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            files[name] = try String(contentsOf: folder.appending(path: name), encoding: .utf8)
        }
        return Theme(files: files)
    }

    /// The default theme with a bare layout, so golden files show the section markup and
    /// not the CSS and JavaScript, which change for reasons of their own.
    static func bareLayout() throws -> Theme {
        try load().overriding(with: [
            Theme.layoutFile: "<title>{{page.title}}</title>\n<p>{{page.author}}</p>\n<main>\n{{{content}}}</main>\n"
        ])
    }
}
