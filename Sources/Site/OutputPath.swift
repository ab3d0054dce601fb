import Foundation

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

extension OutputPath {
    /// The relative path from a page in folder `from` (`""` or `a/b/`) to the output file
    /// `to`. Give both percent-encoded (``percentEncoded(_:)``) to get a URL.
    static func relative(from: String, to: String) -> String {
        // Walks the UTF-8 bytes once: this runs for every link of every page's navigation.
        let slash = UInt8(ascii: "/")
        let fromBytes = from.utf8
        let toBytes = to.utf8
        var i = fromBytes.startIndex
        var j = toBytes.startIndex
        var commonFrom = i
        var commonTo = j
        while i != fromBytes.endIndex, j != toBytes.endIndex, fromBytes[i] == toBytes[j] {
            let isSlash = fromBytes[i] == slash
            i = fromBytes.index(after: i)
            j = toBytes.index(after: j)
            if isSlash {
                commonFrom = i
                commonTo = j
            }
        }
        var ups = 0
        for byte in fromBytes[commonFrom...] where byte == slash { ups += 1 }
        return String(repeating: "../", count: ups) + to[commonTo...]
    }

    /// Escapes what may not appear raw in a URL path (spaces, `#`, `?`, `%`, non-ASCII
    /// stays as UTF-8 percent escapes), keeping `/`.
    static func percentEncoded(_ path: String) -> String {
        path.addingPercentEncoding(withAllowedCharacters: pathAllowed) ?? path
    }

    private static let pathAllowed: CharacterSet = {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "?#%;")
        return allowed
    }()
}
