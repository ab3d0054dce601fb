import Foundation
import FoldmarkTestSupport
import Testing

@testable import Site
@testable import foldmark

/// What foldmark says when the system refuses: each message names the path and gives the
/// system's reason, and a full disk is one error, not one per file.
@Suite struct SystemReasonTests {
    static let failed = "Build failed with 1 error; the output folder was not changed.\n"

    @Test func pageWhoseNameIsTooLongGivesTheSystemsReason() async throws {
        let name = String(repeating: "x", count: 252) + ".md"  // its page's name: 257 bytes
        let site = try TemporarySite(files: ["Content/index.md": "# Home\n", "Content/" + name: "# Long\n"])
        let run = await ToolRun.run(["build", site.root.path])
        #expect(run.status == 1)
        #expect(run.errors == "Content/\(name): error: cannot write its page: File name too long\n" + Self.failed)
    }

    @Test func symbolicLinkInTemplatesIsNotFollowed() async throws {
        let site = try TemporarySite(files: ["Content/index.md": "# Home\n", "secret.txt": "SECRET OUTSIDE"])
        let templates = site.root.appending(path: "Templates")
        try FileManager.default.createDirectory(at: templates, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            at: templates.appending(path: "page.html"), withDestinationURL: site.root.appending(path: "secret.txt"))
        let run = await ToolRun.run(["build", site.root.path])
        #expect(run.status == 0)
        #expect(run.errors.contains("Templates/page.html: warning: symbolic link not followed\n"), "\(run.errors)")
        #expect(try site.read("_site/index.html").contains("<main"))
        #expect(try !site.read("_site/index.html").contains("SECRET OUTSIDE"))
    }

    @Test func assetGoneBeforePublishingIsAReadErrorOfItsSource() throws {
        let site = try TemporarySite(files: ["Content/index.md": "# Home\n", "staging/x": "", "out/.foldmark-lock": ""])
        let publisher = Publisher(
            output: site.root.appending(path: "out"), staging: site.root.appending(path: "staging"),
            content: site.root.appending(path: "Content"))
        #expect {
            _ = try publisher.publish(staged: [], outputs: [], assets: ["gone.png"])
        } throws: { error in
            guard case .unreadableAsset(let path, let code)? = error as? Publisher.Refusal else { return false }
            return path == "gone.png" && code == ENOENT
        }
    }

    @Test(.enabled(if: ToolProcess.canRunUnprivileged, "running as root without setpriv: every file is readable"))
    func unreadableAssetIsAReadErrorNotAWriteError() async throws {
        let site = try TemporarySite(files: ["Content/index.md": "# Home\n", "Content/a.png": "png"])
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: site.root.path)
        let out = site.root.appending(path: "out")
        let asset = site.root.appending(path: "Content/a.png").path
        try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: asset)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: asset) }
        let run = try ToolProcess.run(["build", site.root.path, "--out", out.path], unprivileged: true)
        #expect(run.status == 1)
        #expect(run.errors == "Content/a.png: error: cannot read the file: Permission denied\n" + Self.failed)
    }

    @Test func diskFailuresOfOneReasonAreOneError() {
        let full = (0..<500).map { SiteError(file: "Content/p\($0).md", cannot: "write its page", code: ENOSPC) }
        let other = SiteError(file: "Content/q.md", line: 3, message: "duplicate section id 'a'")
        let collapsed = SiteError.collapsingDiskFailures([full[0], other] + full.dropFirst())
        #expect(collapsed.map(\.description) == [
            "Content/p0.md: error: cannot write its page: No space left on device (and 499 more files for the same reason)",
            "Content/q.md:3: error: duplicate section id 'a'",
        ])
        // Other reasons are each their own.
        let names = (0..<3).map { SiteError(file: "Content/n\($0).md", cannot: "write its page", code: ENAMETOOLONG) }
        #expect(SiteError.collapsingDiskFailures(names) == names)
    }

    /// A first build onto a 1 MiB tmpfs of pages that need many: every page after the
    /// disk filled fails, and foldmark says so once.
    @Test(.enabled(if: ToolProcess.isRoot, "mounting a small tmpfs needs root"))
    func fullDiskOnAFirstBuildIsOneError() async throws {
        try await BadInput.withTmpfs(size: "1m", test: "fullDiskOnAFirstBuildIsOneError") { mount in
            var files: [String: String] = [:]
            // Several megabytes of content, more than a pack's buffer for each core: writes
            // fail in the middle of the pass, page after page, not only at its end.
            for number in 0..<400 {
                files["Content/p\(number).md"] = "# Page \(number)\n\n" + String(repeating: "Words of text. ", count: 1500)
            }
            let site = try TemporarySite(files: files)
            let run = await ToolRun.run(["build", site.root.path, "--out", mount.appending(path: "site").path])
            #expect(run.status == 1)
            let lines = run.errors.split(separator: "\n")
            #expect(lines.count == 2, "\(run.errors.prefix(2000))")
            #expect(lines.first?.contains(": No space left on device (and ") == true, "\(run.errors.prefix(2000))")
            #expect(lines.first?.hasSuffix(" more files for the same reason)") == true, "\(run.errors.prefix(2000))")
        }
    }
}
