import Foundation

/// The files under `Content/`, as sorted paths relative to it. Hidden files and folders
/// (names starting with `.`) are skipped, and so are symbolic links, which could point
/// outside the site or loop.
struct SourceTree {
    var pages: [String] = []
    var assets: [String] = []
    /// Every folder, with a trailing `/`, and `""` for `Content/` itself.
    var folders: [String] = [""]
    var warnings: [SiteError] = []
    /// Sources that would write the same output file, and folders that cannot be listed
    /// (their pages would silently vanish from the site): each is an error.
    var errors: [SiteError] = []

    init(content: URL) throws(SiteError) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: content.path, isDirectory: &isDirectory), isDirectory.boolValue
        else {
            throw SiteError(file: SiteFolder.contentFolder, message: "no Content/ folder in the site")
        }
        walk(content, relative: "")
        pages.sort()
        assets.sort()
        findCollisions()
    }

    private mutating func walk(_ folder: URL, relative: String) {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        } catch {
            // Foundation's error does not carry the reason; the system call does.
            var reason: String?
            if let directory = opendir(folder.path) {
                closedir(directory)
            } else {
                reason = String(cString: strerror(errno))
            }
            errors.append(
                SiteError(
                    file: SiteFolder.contentFolder + "/" + relative,
                    message: "cannot list the folder" + (reason.map { ": " + $0 } ?? "")))
            return
        }
        for name in names where !name.hasPrefix(".") {
            let url = folder.appending(path: name)
            let path = relative + name
            let attributes = try? FileManager.default.attributesOfItem(atPath: url.path)
            switch attributes?[.type] as? FileAttributeType {
            case .typeDirectory?:
                folders.append(path + "/")
                walk(url, relative: path + "/")
            case .typeRegular?:
                if OutputPath.isMarkdown(path) { pages.append(path) } else { assets.append(path) }
            case .typeSymbolicLink?:
                warnings.append(
                    SiteError(
                        file: SiteFolder.contentFolder + "/" + path, message: "symbolic link not followed",
                        severity: .warning))
            default:
                continue
            }
        }
    }

    /// Two sources with one output (`a.md` and `a.markdown`, or `a.md` and an asset
    /// `a.html`) are an error; outputs that differ only in case are a warning, since they
    /// collide on case-insensitive file systems.
    private mutating func findCollisions() {
        var byOutput: [String: String] = [:]
        var byLowercased: [String: String] = [:]
        for source in pages + assets {
            let output = OutputPath.forSource(source)
            if let other = byOutput[output] {
                let pair = [other, source].sorted()
                errors.append(
                    SiteError(
                        file: SiteFolder.contentFolder + "/" + pair[1],
                        message: "writes '\(output)', as does \(SiteFolder.contentFolder)/\(pair[0])"))
                continue
            }
            byOutput[output] = source
            if let other = byLowercased[output.lowercased()] {
                warnings.append(
                    SiteError(
                        file: SiteFolder.contentFolder + "/" + source,
                        message: "output '\(output)' differs only in case from that of \(SiteFolder.contentFolder)/\(other)",
                        severity: .warning))
            }
            byLowercased[output.lowercased()] = source
        }
    }
}
