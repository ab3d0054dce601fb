/// Where a source file of `Content/` lands in the output folder.
enum OutputPath {
    static let markdownExtensions: Set<String> = ["md", "markdown"]

    static func isMarkdown(_ relativePath: String) -> Bool {
        guard let dot = relativePath.lastIndex(of: "."), !relativePath[dot...].contains("/") else { return false }
        return markdownExtensions.contains(relativePath[relativePath.index(after: dot)...].lowercased())
    }

    /// `guide/setup.md` → `guide/setup.html`; any other file keeps its path.
    static func forSource(_ relativePath: String) -> String {
        guard isMarkdown(relativePath), let dot = relativePath.lastIndex(of: ".") else { return relativePath }
        return relativePath[..<dot] + ".html"
    }

    /// `""` for a page at the top, `"../"` one folder down, and so on.
    static func rootPath(of relativePath: String) -> String {
        String(repeating: "../", count: relativePath.count(where: { $0 == "/" }))
    }
}
