import FoldmarkTestSupport
import Foundation
import Testing

@testable import Site

/// What a build says when the system refuses: each message names the path and gives the
/// system's reason, and a full disk is one error, not one per file.
@Suite struct SystemReasonTests {
    @Test func pageWhoseNameIsTooLongGivesTheSystemsReason() async throws {
        let name = String(repeating: "x", count: 252) + ".md"  // its page's name: 257 bytes
        let site = try TemporarySite(files: ["Content/index.md": "# Home\n", "Content/" + name: "# Long\n"])
        let build = await site.build()
        #expect(!build.succeeded)
        #expect(build.errors == ["Content/\(name): error: cannot write its page: File name too long"])
    }

    @Test func symbolicLinkInTemplatesIsNotFollowed() async throws {
        let site = try TemporarySite(files: ["Content/index.md": "# Home\n", "secret.txt": "SECRET OUTSIDE"])
        let templates = site.root.appending(path: "Templates")
        try FileManager.default.createDirectory(at: templates, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            at: templates.appending(path: "page.html"), withDestinationURL: site.root.appending(path: "secret.txt"))
        let build = await site.build()
        #expect(build.succeeded)
        let warning = "Templates/page.html: warning: symbolic link not followed"
        #expect(build.warnings.contains(warning), "\(build.warnings)")
        #expect(try site.read("_site/index.html").contains("<main"))
        #expect(try !site.read("_site/index.html").contains("SECRET OUTSIDE"))
    }

    @Test func assetGoneBeforePublishingIsAReadErrorOfItsSource() throws {
        let site = try TemporarySite(files: ["Content/index.md": "# Home\n", "staging/x": "", "out/.keep": ""])
        let publisher = Publisher(
            output: site.root.appending(path: "out"), staging: site.root.appending(path: "staging"),
            content: site.root.appending(path: "Content"))
        #expect {
            _ = try publisher.publish(staged: [], outputs: [], assets: ["gone.png"])
        } throws: { error in
            guard let error = error as? SiteError, case .fileSystem(.readFile, .code(let code)?) = error.reason
            else { return false }
            return error.file == "Content/gone.png" && code == ENOENT
        }
    }

    @Test func diskFailuresOfOneReasonAreOneError() {
        let full = (0..<500).map { SiteError(file: "Content/p\($0).md", cannot: .writePage, code: ENOSPC) }
        let other = SiteError(file: "Content/q.md", line: 3, .sections(.duplicateID("a", firstLine: 1)))
        let collapsed = SiteError.collapsingDiskFailures([full[0], other] + full.dropFirst())
        #expect(
            collapsed.map(\.description) == [
                "Content/p0.md: error: cannot write its page: No space left on device (and 499 more files for the same reason)",
                "Content/q.md:3: error: duplicate section id 'a' (first used on line 1)",
            ])
        // Other reasons are each their own.
        let names = (0..<3).map { SiteError(file: "Content/n\($0).md", cannot: .writePage, code: ENAMETOOLONG) }
        #expect(SiteError.collapsingDiskFailures(names) == names)
    }

    /// A first build onto a 1 MiB tmpfs of pages that need many: every page after the
    /// disk filled fails, and foldmark says so once.
    @Test(.enabled(if: ToolProcess.isRoot, "mounting a small tmpfs needs root"))
    func fullDiskOnAFirstBuildIsOneError() async throws {
        try await Tmpfs.withMount(size: "1m", test: "fullDiskOnAFirstBuildIsOneError") { mount in
            var files: [String: String] = [:]
            // Several megabytes of content, more than a pack's buffer for each core: writes
            // fail in the middle of the pass, page after page, not only at its end.
            for number in 0..<400 {
                files["Content/p\(number).md"] =
                    "# Page \(number)\n\n" + String(repeating: "Words of text. ", count: 1500)
            }
            let site = try TemporarySite(files: files)
            let build = await site.build(output: mount.appending(path: "site"))
            #expect(!build.succeeded)
            let errors = build.errors
            #expect(errors.count == 1, "\(errors.prefix(20))")
            #expect(errors.first?.contains(": No space left on device (and ") == true, "\(errors.prefix(20))")
            #expect(errors.first?.hasSuffix(" more files for the same reason)") == true, "\(errors.prefix(20))")
        }
    }
}
