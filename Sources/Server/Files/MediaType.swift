/// The `Content-Type` of a served file, from its extension.
enum MediaType {
    static let html = "text/html; charset=utf-8"
    static let fallback = "application/octet-stream"

    private static let byExtension: [String: String] = [
        "html": html, "htm": html, "xhtml": "application/xhtml+xml",
        "css": "text/css; charset=utf-8",
        "js": "text/javascript; charset=utf-8", "mjs": "text/javascript; charset=utf-8",
        "json": "application/json", "map": "application/json", "webmanifest": "application/manifest+json",
        "xml": "application/xml", "rss": "application/rss+xml", "atom": "application/atom+xml",
        "txt": "text/plain; charset=utf-8", "md": "text/plain; charset=utf-8", "csv": "text/csv; charset=utf-8",
        "svg": "image/svg+xml", "png": "image/png", "jpg": "image/jpeg", "jpeg": "image/jpeg", "gif": "image/gif",
        "webp": "image/webp", "avif": "image/avif", "ico": "image/x-icon", "bmp": "image/bmp",
        "woff": "font/woff", "woff2": "font/woff2", "ttf": "font/ttf", "otf": "font/otf",
        "eot": "application/vnd.ms-fontobject",
        "pdf": "application/pdf", "zip": "application/zip", "gz": "application/gzip", "wasm": "application/wasm",
        "mp4": "video/mp4", "webm": "video/webm", "mp3": "audio/mpeg", "ogg": "audio/ogg", "wav": "audio/wav",
    ]

    /// The type for a file name such as `logo.PNG`; unknown extensions are sent as bytes.
    static func forFile(named name: String) -> String {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return fallback }
        return byExtension[name[name.index(after: dot)...].lowercased()] ?? fallback
    }

    static func isHTML(_ type: String) -> Bool {
        type == html
    }
}
