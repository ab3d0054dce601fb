import Foundation

/// Where the tests find the specifications' own test suites: in `FOLDMARK_SPEC_DIR`,
/// which `scripts/install-deps.sh` fills from a pinned package (the CommonMark
/// examples), then in `../shared/spec` beside the checkout. A suite found in neither is
/// skipped, with the places looked in as the reason.
public enum SpecData {
    /// The folders looked in, in order.
    public static var folders: [URL] {
        let packageRoot = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let installed = ProcessInfo.processInfo.environment["FOLDMARK_SPEC_DIR"].map {
            URL(fileURLWithPath: $0, isDirectory: true)
        }
        return [installed, packageRoot.appending(path: "../shared/spec").standardizedFileURL].compactMap { $0 }
    }

    /// The first of `folders` that holds `name` (a file or a folder), if any.
    public static func find(_ name: String) -> URL? {
        folders.lazy.map { $0.appending(path: name) }.first { FileManager.default.fileExists(atPath: $0.path) }
    }

    /// Why a suite that needs `name` is skipped.
    public static func absence(of name: String) -> String {
        "\(name) is in none of \(folders.map(\.path).joined(separator: ", ")): skipped"
    }
}
