import Foundation

/// The files under `Content/`, as sorted paths relative to it. Hidden files and folders
/// (names starting with `.`) are skipped, and so are symbolic links, which could point
/// outside the site.
struct SourceTree {
    var pages: [String] = []
    var assets: [String] = []
    var warnings: [SiteError] = []

    init(content: URL) throws(SiteError) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: content.path, isDirectory: &isDirectory), isDirectory.boolValue
        else {
            throw SiteError(file: SiteFolder.contentFolder, message: "no Content/ folder in the site")
        }
        walk(content, relative: "")
        pages.sort()
        assets.sort()
    }

    private mutating func walk(_ folder: URL, relative: String) {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        } catch {
            warnings.append(
                SiteError(file: SiteFolder.contentFolder + "/" + relative, message: "cannot list the folder", severity: .warning))
            return
        }
        for name in names where !name.hasPrefix(".") {
            let url = folder.appending(path: name)
            let path = relative + name
            let attributes = try? FileManager.default.attributesOfItem(atPath: url.path)
            switch attributes?[.type] as? FileAttributeType {
            case .typeDirectory?:
                walk(url, relative: path + "/")
            case .typeRegular?:
                if OutputPath.isMarkdown(path) { pages.append(path) } else { assets.append(path) }
            case .typeSymbolicLink?:
                warnings.append(
                    SiteError(
                        file: SiteFolder.contentFolder + "/" + path, message: "symbolic link not followed", severity: .warning))
            default:
                continue
            }
        }
    }
}
