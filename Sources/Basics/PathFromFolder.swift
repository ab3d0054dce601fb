/// A path as someone standing in a folder would type it, for messages that name files:
/// terminals and editors' problem matchers open a `file:line:col` relative to the folder
/// the command ran in.
package enum PathFromFolder {
    /// The absolute `path` as seen from the absolute `folder`: the relative path (`.` for
    /// the folder itself) when it is no longer than the absolute one, else the absolute
    /// one. Shorter wins because each `../` of a relative path is a step the reader must
    /// retrace, while the absolute path names the file without them; on a tie the relative
    /// path is kept, as it reads from where the reader stands.
    ///
    /// Both are taken lexically: `.` and empty components are dropped and `..` removes the
    /// component before it. `folder` is the process's working folder as the system gives it,
    /// free of symbolic links, so a `..` taken from it leads to its real parent. A trailing
    /// `/` (a folder in a message) is kept.
    package static func shortest(to path: String, from folder: String) -> String {
        let target = components(of: path)
        let here = components(of: folder)
        let shared = zip(target, here).prefix { $0 == $1 }.count
        let steps = Array(repeating: "..", count: here.count - shared) + target[shared...]
        let relative = steps.isEmpty ? "." : steps.joined(separator: "/") + trailingSlash(path, target)
        let absolute = absolute(path)
        return relative.utf8.count <= absolute.utf8.count ? relative : absolute
    }

    /// The absolute `path` with `.`, `..` and empty components resolved, as
    /// ``shortest(to:from:)`` takes them, and its trailing `/` kept.
    package static func absolute(_ path: String) -> String {
        let target = components(of: path)
        return "/" + target.joined(separator: "/") + trailingSlash(path, target)
    }

    private static func trailingSlash(_ path: String, _ components: [String]) -> String {
        path.hasSuffix("/") && !components.isEmpty ? "/" : ""
    }

    /// The components of the absolute `path`, with `.`, `..` and empty ones resolved.
    static func components(of path: String) -> [String] {
        var result: [String] = []
        for component in path.split(separator: "/", omittingEmptySubsequences: true) {
            switch component {
            case ".": continue
            case "..": _ = result.popLast()
            default: result.append(String(component))
            }
        }
        return result
    }
}
