import Foundation

/// A site large enough for a build of it to be stopped midway, and what a stopped build
/// must not leave behind.
public enum InterruptibleSite {
    /// A site of `pages` pages with a few sections each, in ten folders.
    public static func files(pages: Int) -> [String: String] {
        var files = ["Content/index.md": "# Home\n\nThe start.\n"]
        let body = (1...8).map { "## Part \($0)\n\nA paragraph of part \($0), with [a link](#part-1).\n\n" }.joined()
        for page in 0..<pages {
            files["Content/folder-\(page % 10)/page-\(page).md"] = "# Page \(page)\n\nIts first words.\n\n" + body
        }
        return files
    }

    /// The staging folders of builds into `output`, which lie beside it.
    public static func stagingFolders(beside output: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: output.deletingLastPathComponent().path).filter {
            $0.contains("foldmark-staging")
        }
    }
}
