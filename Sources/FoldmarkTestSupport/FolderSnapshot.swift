import Foundation

/// Every file of a folder and its bytes, to show that a build left an output folder as it was.
public enum FolderSnapshot {
    /// Every file under `folder` and its bytes.
    public static func files(in folder: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        let paths = FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String } ?? []
        for path in paths {
            var isDirectory: ObjCBool = false
            let url = folder.appending(path: path)
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue
            else {
                continue
            }
            files[path] = try Data(contentsOf: url)
        }
        return files
    }
}
