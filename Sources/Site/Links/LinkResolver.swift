import Basics
import FoundationEssentials
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
    private var pages = NameSet()
    /// Every folder under `Content/` (with `/` at the end), and `""` for the root.
    private var folders = NameSet()
    /// Other files under `Content/`.
    private var assets = NameSet()
    /// The paths of each set by their numbers there, for the targets found.
    private var pageNames: [String] = []
    private var folderNames: [String] = []
    private var assetNames: [String] = []

    /// Kept as ``NameSet``s, which a lookup hashes as bytes: with `Set<String>`, hashing
    /// and comparing the path of every link was several times dearer, and filling the
    /// sets held up the start of every build.
    init(pages: some Sequence<String>, folders: some Sequence<String>, assets: some Sequence<String>) {
        for page in pages { Self.add(page, to: &self.pages, names: &pageNames) }
        for folder in folders { Self.add(folder, to: &self.folders, names: &folderNames) }
        for asset in assets { Self.add(asset, to: &self.assets, names: &assetNames) }
    }

    private static func add(_ path: String, to set: inout NameSet, names: inout [String]) {
        if path.withUTF8Bytes({ set.insert($0) }) == names.count { names.append(path) }
    }

    /// Every page, folder and file under `Content/` (folders without their `/`, the root
    /// left out), for suggestions when a link leads nowhere.
    var allPaths: [String] {
        pageNames + assetNames + folderNames.compactMap { $0.isEmpty ? nil : String($0.dropLast()) }
    }

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
        // The path is resolved on bytes, in a buffer on the stack, and looked up there:
        // a target found is the set's own string, and only a missing one makes a string.
        return Self.decodingPercents(parts.path).withUTF8Bytes { path in
            source.withUTF8Bytes { source in
                let folder = path.first == UInt8(ascii: "/") ? 0 : OutputPath.folderLength(source)
                let count = folder + path.count
                // Room for `markdown` in place of `html`, or a `/` after a folder.
                return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: count + 5) { buffer in
                    let out = buffer.baseAddress!
                    if folder > 0 { out.update(from: source.baseAddress!, count: folder) }
                    if let base = path.baseAddress { (out + folder).update(from: base, count: path.count) }
                    guard let length = Self.normalize(out, count: count) else { return .outside }
                    return target(resolved: out, length: length, fragment: parts.fragment)
                }
            }
        }
    }

    /// What the resolved path `out[..<length]` names; `out` has room for 5 more bytes.
    private func target(resolved out: UnsafeMutablePointer<UInt8>, length: Int, fragment: String?) -> Target {
        let resolved = UnsafeBufferPointer(start: out, count: length)
        if let page = pages.number(of: resolved) { return .page(source: pageNames[page], fragment: fragment) }
        let html = ".html".utf8
        if length >= 5, UnsafeBufferPointer(rebasing: resolved[(length - 5)...]).elementsEqual(html) {
            for ext in ["md", "markdown"] {
                var ext = ext
                let page = ext.withUTF8 { ext in
                    (out + length - 4).update(from: ext.baseAddress!, count: ext.count)
                    return pages.number(of: UnsafeBufferPointer(start: out, count: length - 4 + ext.count))
                }
                if let page { return .page(source: pageNames[page], fragment: fragment) }
            }
            // Back to the `.html` the lookups wrote over.
            for (offset, byte) in html.enumerated() { out[length - 5 + offset] = byte }
        }
        let isFolderPath = length == 0 || out[length - 1] == UInt8(ascii: "/")
        if !isFolderPath { out[length] = UInt8(ascii: "/") }
        if let folder = folders.number(of: UnsafeBufferPointer(start: out, count: isFolderPath ? length : length + 1)) {
            return .folder(folderNames[folder])
        }
        if let asset = assets.number(of: resolved) { return .asset(assetNames[asset]) }
        return .missing(String(decoding: resolved, as: UTF8.self))
    }

    /// The destination the page should use instead of `url`.
    func rewrite(_ url: String, from source: String) -> String {
        // A URL has a scheme exactly when the path split off it has: nothing to split.
        if Self.isExternal(url) { return url }
        let parts = Self.split(url)  // once: rewriting runs for every link of every page
        let target = target(of: parts, from: source)
        if target == .external { return url }
        // The new destination is put together on bytes, in one string: the path (up to its
        // extension for a page, with `index.html` after it for a folder, made relative to
        // the page when it starts at the root), then what followed it in the URL.
        var ending: StaticString = ""
        var cut: Int?
        switch target {
        case .page(let page, _) where !parts.path.isEmpty:
            if OutputPath.isMarkdown(page), let dot = parts.path.utf8LastOffset(of: UInt8(ascii: ".")) {
                cut = dot
                ending = ".html"
            }
        case .folder:
            ending = parts.path.utf8.last == UInt8(ascii: "/") ? "index.html" : "/index.html"
        default:
            break
        }
        return parts.path.withUTF8Bytes { path in
            parts.suffix.withUTF8Bytes { suffix in
                var body = UnsafeBufferPointer(rebasing: path[..<(cut ?? path.count)])
                var ups = 0  // `../` before the path
                if body.first == UInt8(ascii: "/") {
                    body = UnsafeBufferPointer(rebasing: body.dropFirst())
                    ups = OutputPath.depth(of: source)
                }
                // `/x:y.md` on a top-level page would become `x:y.html`, which is a URL with
                // the scheme `x:` (say `javascript:`); `./` keeps it a path. (After `../`, or
                // a `/` before the colon, it is a path already; `ending` has no colon.)
                var dotSlash = false
                if ups == 0, let colon = body.firstIndex(of: UInt8(ascii: ":")) {
                    dotSlash = !body[..<colon].contains(UInt8(ascii: "/"))
                }
                func bytes(_ text: StaticString) -> UnsafeBufferPointer<UInt8> {
                    UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount)
                }
                let count = (dotSlash ? 2 : 0) + 3 * ups + body.count + ending.utf8CodeUnitCount + suffix.count
                return String(unsafeUninitializedCapacity: count) { out in
                    var length = 0
                    func put(_ bytes: UnsafeBufferPointer<UInt8>) {
                        _ = UnsafeMutableBufferPointer(rebasing: out[length...]).initialize(from: bytes)
                        length += bytes.count
                    }
                    if dotSlash { put(bytes("./")) }
                    for _ in 0..<ups { put(bytes("../")) }
                    put(body)
                    put(bytes(ending))
                    put(suffix)
                    return length
                }
            }
        }
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
            guard let base = bytes.baseAddress else { return (url, nil, "") }
            var end: Int?
            var hash: Int?
            // Eight bytes at a time (see ``ByteChunk``); the zeros after the end match nothing.
            var index = 0
            while index < bytes.count {
                let chunk = ByteChunk(base, at: index, end: bytes.count)
                if chunk.nonASCII != 0 { return nil }
                let hashes = chunk.bytes(equalTo: UInt8(ascii: "#"))
                if hash == nil && hashes != 0 { hash = index + ByteChunk.count(before: hashes) }
                let stops = hashes | chunk.bytes(equalTo: UInt8(ascii: "?"))
                if end == nil && stops != 0 { end = index + ByteChunk.count(before: stops) }
                index += 8
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
        text.utf8Contains(UInt8(ascii: "%")) ? PercentEncoding.decoded(text) ?? text : text
    }

    /// Resolves `.` and `..`; `nil` if the path climbs out of `Content/`. Keeps a trailing `/`.
    static func normalize(_ path: String) -> String? {
        var path = path
        return path.withUTF8 { bytes in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: bytes.count) { buffer in
                guard let base = bytes.baseAddress else { return "" }
                buffer.baseAddress!.update(from: base, count: bytes.count)
                return normalize(buffer.baseAddress!, count: bytes.count).map {
                    String(decoding: UnsafeBufferPointer(rebasing: buffer[..<$0]), as: UTF8.self)
                }
            }
        }
    }

    /// ``normalize(_:)`` of the path `bytes[..<count]`, in place: the length of the result,
    /// which is never longer, or `nil` if the path climbs out. `.` and `..` are ASCII, so
    /// bytes decide.
    static func normalize(_ bytes: UnsafeMutablePointer<UInt8>, count: Int) -> Int? {
        // Most paths need no work: no `.` or `..` segment, no doubled or leading slash.
        var previous = UInt8(ascii: "/")
        var plain = true
        for index in 0..<count {
            let byte = bytes[index]
            if previous == UInt8(ascii: "/") && (byte == UInt8(ascii: "/") || byte == UInt8(ascii: ".")) {
                plain = false
                break
            }
            previous = byte
        }
        if plain { return count }
        // The kept segments are written one after the other from the start, which never
        // passes the segment being read (each kept one takes as many bytes as it read, its
        // `/` included); `..` steps back over the last one.
        let keepsSlash = count > 0 && bytes[count - 1] == UInt8(ascii: "/")
        var length = 0
        var start = 0
        for end in 0...count where end == count || bytes[end] == UInt8(ascii: "/") {
            defer { start = end + 1 }
            switch end - start {
            case 0: continue
            case 1 where bytes[start] == UInt8(ascii: "."): continue
            case 2 where bytes[start] == UInt8(ascii: ".") && bytes[start + 1] == UInt8(ascii: "."):
                guard length > 0 else { return nil }
                // Back to the `/` before the last segment, or to the start.
                repeat { length -= 1 } while length > 0 && bytes[length] != UInt8(ascii: "/")
            default:
                if length > 0 {
                    bytes[length] = UInt8(ascii: "/")
                    length += 1
                }
                for index in start..<end {
                    bytes[length] = bytes[index]
                    length += 1
                }
            }
        }
        if keepsSlash && length > 0 {
            bytes[length] = UInt8(ascii: "/")
            length += 1
        }
        return length
    }
}
