import Foundation
import Sections

/// Rewrites links between pages and checks where they lead.
///
/// A relative link to `guide.md` becomes `guide.html`; one to a folder becomes its
/// `index.html`; a link that starts with `/` is taken from the `Content/` root and made
/// relative, so the site works from `file://` and under any sub-path. Links with a scheme
/// (`https:`, `mailto:`) are left alone. Rewriting needs only the list of files, so it
/// happens while pages are parsed; checking needs every page's section ids, so it runs
/// after all pages are read.
struct LinkResolver: Sendable {
    /// Markdown sources relative to `Content/`.
    var pages: Set<String>
    /// Every folder under `Content/` (with `/` at the end), and `""` for the root.
    var folders: Set<String>
    /// Other files under `Content/`.
    var assets: Set<String>

    enum Target: Equatable {
        case external
        case page(source: String, fragment: String?)
        case folder(String)
        case asset(String)
        case sameDocument(fragment: String)
        case missing(String)
        case outside
    }

    /// What `url`, written in the page at `source`, points at.
    func target(of url: String, from source: String) -> Target {
        target(of: Self.split(url), from: source)
    }

    /// ``target(of:from:)`` for a destination already split by ``split(_:)``.
    private func target(of parts: (path: String, fragment: String?, suffix: String), from source: String) -> Target {
        if Self.isExternal(parts.path) { return .external }
        if parts.path.isEmpty {
            return parts.fragment.map { .sameDocument(fragment: $0) } ?? .page(source: source, fragment: nil)
        }
        let decoded = Self.decodingPercents(parts.path)
        let base = decoded.utf8.first == UInt8(ascii: "/") ? "" : OutputPath.folder(of: source)
        guard let resolved = Self.normalize(base + decoded) else { return .outside }
        if pages.contains(resolved) { return .page(source: resolved, fragment: parts.fragment) }
        if resolved.utf8.count >= 5, resolved.utf8.suffix(5).elementsEqual(".html".utf8) {
            let stem = String(Substring(resolved.utf8.dropLast(4)))
            for ext in ["md", "markdown"] where pages.contains(stem + ext) {
                return .page(source: stem + ext, fragment: parts.fragment)
            }
        }
        let asFolder = resolved.isEmpty || resolved.utf8.last == UInt8(ascii: "/") ? resolved : resolved + "/"
        if folders.contains(asFolder) { return .folder(asFolder) }
        if assets.contains(resolved) { return .asset(resolved) }
        return .missing(resolved)
    }

    /// The destination the page should use instead of `url`.
    func rewrite(_ url: String, from source: String) -> String {
        let parts = Self.split(url)  // once: rewriting runs for every link of every page
        let target = target(of: parts, from: source)
        if target == .external { return url }
        var path = parts.path
        switch target {
        case .page(let page, _) where !parts.path.isEmpty:
            if OutputPath.isMarkdown(page), let dot = path.utf8LastOffset(of: UInt8(ascii: ".")) {
                path = String(utf8Prefix: dot, of: path, then: ".html")
            }
        case .folder:
            path += path.utf8.last == UInt8(ascii: "/") ? "index.html" : "/index.html"
        default:
            break
        }
        if path.utf8.first == UInt8(ascii: "/") {
            path = OutputPath.rootPath(of: source) + path.dropFirst()
        }
        // `/x:y.md` on a top-level page would become `x:y.html`, which is a URL with the
        // scheme `x:` (say `javascript:`); `./` keeps it a path.
        if path.utf8Contains(UInt8(ascii: ":")), let colon = path.firstIndex(of: ":"), !path[..<colon].contains("/") {
            path = "./" + path
        }
        return path + parts.suffix
    }

    static func isExternal(_ path: String) -> Bool {
        // ASCII decides on bytes: a scheme is a letter, then letters, digits, `+`, `-` or
        // `.` up to the colon. Anything else before a colon means no scheme.
        let ascii: Bool? = path.withUTF8Bytes { bytes in
            if bytes.count >= 2 && bytes[0] == UInt8(ascii: "/") && bytes[1] == UInt8(ascii: "/") { return true }
            var isFirst = true
            for byte in bytes {
                switch byte {
                case UInt8(ascii: ":"):
                    return !isFirst
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"):
                    isFirst = false
                case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."):
                    if isFirst { return false }
                case 0x80...:
                    return nil  // Unicode letters and digits count too
                default:
                    return false
                }
            }
            return false
        }
        return ascii ?? isExternalScheme(path)
    }

    /// ``isExternal(_:)`` by `Character`s, for paths that are not plain ASCII.
    private static func isExternalScheme(_ path: String) -> Bool {
        guard let colon = path.firstIndex(of: ":") else { return false }
        let scheme = path[..<colon]
        return !scheme.isEmpty && scheme.first!.isLetter
            && scheme.allSatisfy { $0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == "." }
    }

    /// Splits `a/b.md?x=1#frag` into the path, the fragment, and everything after the path.
    static func split(_ url: String) -> (path: String, fragment: String?, suffix: String) {
        // In ASCII, bytes are `Character`s: find `?` and `#` on the bytes, in one pass that
        // also tells whether the URL is ASCII, and cut the parts from them.
        let ascii: (path: String, fragment: String?, suffix: String)? = url.withUTF8Bytes { bytes in
            var end: Int?
            var hash: Int?
            for index in bytes.indices {
                let byte = bytes[index]
                if byte >= 0x80 { return nil }
                if byte == UInt8(ascii: "#") && hash == nil {
                    hash = index
                    if end == nil { end = index }
                } else if byte == UInt8(ascii: "?") && end == nil {
                    end = index
                }
            }
            guard let end else { return (url, nil, "") }
            func text(_ range: Range<Int>) -> String {
                String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
            }
            return (text(0..<end), hash.map { text(($0 + 1)..<bytes.count) }, text(end..<bytes.count))
        }
        if let ascii { return (ascii.path, ascii.fragment.map(decodingPercents), ascii.suffix) }
        let end = url.firstIndex(where: { $0 == "?" || $0 == "#" })
        let fragment = url.firstIndex(of: "#").map { String(url[url.index(after: $0)...]) }
        let pathEnd = end ?? url.endIndex
        return (String(url[..<pathEnd]), fragment.map(decodingPercents), String(url[pathEnd...]))
    }

    /// `text` with its percent escapes decoded, if it has any and they are valid.
    private static func decodingPercents(_ text: String) -> String {
        text.utf8Contains(UInt8(ascii: "%")) ? text.removingPercentEncoding ?? text : text
    }

    /// Resolves `.` and `..`; `nil` if the path climbs out of `Content/`. Keeps a trailing `/`.
    static func normalize(_ path: String) -> String? {
        // Most paths need no work: no `.` or `..` segment, no doubled or leading slash.
        let plain = path.withUTF8Bytes { bytes in
            var previous: UInt8 = UInt8(ascii: "/")
            for byte in bytes {
                if previous == UInt8(ascii: "/") && (byte == UInt8(ascii: "/") || byte == UInt8(ascii: ".")) {
                    return false
                }
                previous = byte
            }
            return true
        }
        if plain { return path }
        // The kept segments are written one after the other into the result's own storage,
        // which is never longer than the path; `..` steps back over the last one. `.` and
        // `..` are ASCII, so bytes decide.
        var path = path
        var climbsOut = false
        let normalized = path.withUTF8 { bytes in
            String(unsafeUninitializedCapacity: bytes.count) { out in
                var count = 0
                var start = 0
                for end in 0...bytes.count where end == bytes.count || bytes[end] == UInt8(ascii: "/") {
                    defer { start = end + 1 }
                    switch end - start {
                    case 0: continue
                    case 1 where bytes[start] == UInt8(ascii: "."): continue
                    case 2 where bytes[start] == UInt8(ascii: ".") && bytes[start + 1] == UInt8(ascii: "."):
                        guard count > 0 else {
                            climbsOut = true
                            return 0
                        }
                        // Back to the `/` before the last segment, or to the start.
                        repeat { count -= 1 } while count > 0 && out[count] != UInt8(ascii: "/")
                    default:
                        if count > 0 {
                            out[count] = UInt8(ascii: "/")
                            count += 1
                        }
                        for index in start..<end {
                            out[count] = bytes[index]
                            count += 1
                        }
                    }
                }
                if bytes.last == UInt8(ascii: "/") && count > 0 {
                    out[count] = UInt8(ascii: "/")
                    count += 1
                }
                return count
            }
        }
        return climbsOut ? nil : normalized
    }
}
