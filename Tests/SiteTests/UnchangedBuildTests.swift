import FoldmarkTestSupport
import Foundation
import Testing

@testable import Site

/// A build that finds the sources, templates and output of the last build unchanged stops
/// once it has listed the sources (see ``BuildStamp``). It must report what a build that
/// goes through every page reports, and must never take a change for none: each test here
/// changes one thing the stamp stands for and expects the change in the output.
@Suite struct UnchangedBuildTests {
    static let stamp = ".foldmark-cache/_site/" + BuildStamp.fileName

    static let files = [
        "foldmark.yml": "title: Docs\n",
        "Content/index.md": "# Home\n\n[Guide](guide.md#install) and [Missing](missing.md).\n",
        "Content/guide.md": "# Guide\n\n## Install\n\nThe body.\n",
        "Content/notes.md": "---\ndraft: true\n---\n# Notes\n",
        "Content/reference/a.md": "# A\n\nText.\n",
        "Content/logo.png": "png",
    ]

    struct Build {
        var build: SiteBuild
        /// The report as `foldmark build --json` prints it.
        var json: [String: Any]

        var succeeded: Bool { build.succeeded }
        var errors: [String] { build.errors }
        /// The report's steps: `["check"]` for a build that found nothing to do.
        var steps: [String] { (json["timings"] as? [String: Any] ?? [:]).keys.sorted() }
        var written: [String] { build.written }
    }

    static func build(_ site: TemporarySite, _ options: BuildOptions = BuildOptions()) async throws -> Build {
        let build = await site.build(options)
        let json = try #require(JSONSerialization.jsonObject(with: Data(build.report.json.utf8)) as? [String: Any])
        return Build(build: build, json: json)
    }

    /// The report without its times, as text to compare.
    static func facts(_ build: Build) throws -> String {
        var json = build.json
        json["seconds"] = nil
        json["timings"] = nil
        return String(decoding: try JSONSerialization.data(withJSONObject: json, options: .sortedKeys), as: UTF8.self)
    }

    @Test func nothingChangedReportsWhatAFullPassReports() async throws {
        let site = try TemporarySite(files: Self.files)
        #expect(try await Self.build(site).succeeded)
        let quick = try await Self.build(site)
        #expect(quick.succeeded)
        #expect(quick.steps == ["check"])
        #expect(quick.written == [])
        // Without the stamp the build goes through every page (and writes a stamp again).
        try FileManager.default.removeItem(at: site.root.appending(path: Self.stamp))
        let full = try await Self.build(site)
        #expect(full.steps.contains("layout"))
        #expect(try Self.facts(quick) == Self.facts(full))
        let warnings = try #require(quick.json["warnings"] as? [[String: Any]])
        #expect(warnings.count == 1)  // the missing page
        #expect(quick.json["drafts"] as? Int == 1)
        #expect(site.exists(Self.stamp))
    }

    @Test func editedPageIsBuiltAgain() async throws {
        let site = try TemporarySite(files: Self.files)
        _ = try await Self.build(site)
        // The same size, written at once: only its bytes tell.
        try site.write("Content/guide.md", "# Guide\n\n## Install\n\nThe text.\n")
        let build = try await Self.build(site)
        #expect(build.steps != ["check"])
        #expect(build.written.contains("guide.html"))
        #expect(try site.read("_site/guide.html").contains("The text."))
        #expect(try await Self.build(site).steps == ["check"])
    }

    /// Pages settled when the stamp was made are known by their identity, which an edit
    /// changes even when it keeps the size and puts the modification time back.
    @Test func editedSettledPageIsBuiltAgain() async throws {
        let site = try TemporarySite(files: Self.files)
        try await OutputFoldersTests.waitUntilSettled()
        _ = try await Self.build(site)
        let stamp = try #require(BuildStamp(reading: site.root.appending(path: Self.stamp)))
        #expect(stamp.unsettled.isEmpty)
        let path = site.root.appending(path: "Content/guide.md").path
        let modified = try #require(try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date)
        try site.write("Content/guide.md", "# Guide\n\n## Install\n\nThe text.\n")
        try FileManager.default.setAttributes([.modificationDate: modified], ofItemAtPath: path)
        #expect(try await Self.build(site).written.contains("guide.html"))
        #expect(try site.read("_site/guide.html").contains("The text."))
    }

    @Test func deletedOutputIsMadeAgain() async throws {
        let site = try TemporarySite(files: Self.files)
        _ = try await Self.build(site)
        try FileManager.default.removeItem(at: site.root.appending(path: "_site/reference/a.html"))
        #expect(try await Self.build(site).written == ["reference/a.html"])
        try FileManager.default.removeItem(at: site.root.appending(path: "_site/search/index.js"))
        #expect(try await Self.build(site).written == ["search/index.js"])
    }

    @Test func changedAssetIsCopiedAgain() async throws {
        let site = try TemporarySite(files: Self.files)
        _ = try await Self.build(site)
        try site.write("Content/logo.png", "PNG")
        #expect(try await Self.build(site).written == ["logo.png"])
        #expect(try site.read("_site/logo.png") == "PNG")
    }

    @Test func changedTemplateOrConfigurationIsBuiltAgain() async throws {
        let site = try TemporarySite(files: Self.files)
        _ = try await Self.build(site)
        try site.write("foldmark.yml", "title: Handbook\n")
        #expect(try await Self.build(site).steps != ["check"])
        #expect(try site.read("_site/guide.html").contains("Handbook"))
        #expect(try await Self.build(site).steps == ["check"])
        #expect(try await Self.build(site, BuildOptions(includesDrafts: true)).written.contains("notes.html"))
    }

    /// A build by a foldmark that keeps no stamp changes the output without removing the
    /// stamp: the cache it saves tells. Played here by putting the stamp of the first
    /// build back after a second, and the page's first text too.
    @Test func buildThatKeptNoStampIsNoticed() async throws {
        let site = try TemporarySite(files: Self.files)
        _ = try await Self.build(site)
        let first = try site.read(Self.stamp)
        try site.write("Content/guide.md", "# Guide\n\n## Install\n\nThe text.\n")
        #expect(try await Self.build(site).written.contains("guide.html"))
        try site.write("Content/guide.md", Self.files["Content/guide.md"]!)
        try site.write(Self.stamp, first)
        let build = try await Self.build(site)
        #expect(build.steps != ["check"])
        #expect(build.written.contains("guide.html"))
        #expect(try site.read("_site/guide.html").contains("The body."))
    }

    @Test func changedManifestIsNoticed() async throws {
        let site = try TemporarySite(files: Self.files)
        _ = try await Self.build(site)
        let file = ".foldmark-cache/_site/" + Manifest.fileName
        let manifest = try site.read(file)
        try site.write(file, manifest.replacingOccurrences(of: "guide.html\n", with: ""))
        #expect(try await Self.build(site).steps != ["check"])
    }

    /// Under `--strict` the pages' warnings are errors, also when nothing changed.
    @Test func strictBuildFailsOnTheWarningsItWouldReport() async throws {
        let site = try TemporarySite(files: Self.files)
        _ = try await Self.build(site)
        let strict = try await Self.build(site, BuildOptions(isStrict: true))
        #expect(!strict.succeeded)
        #expect(strict.errors.contains { $0.hasPrefix("Content/index.md:3:") })
        #expect(strict.errors.contains { $0.hasSuffix("error: link to missing page 'missing.md'") })
    }

    @Test func stampReadsBackAsWritten() throws {
        let site = try TemporarySite(files: [:])
        let file = site.root.appending(path: "stamp")
        var stamp = BuildStamp(
            key: "k", sources: 12, unsettled: [.init(index: 3, source: "a b.md", hash: "00ff")], manifest: 34,
            pages: 5, drafts: 1, cached: 4,
            warnings: [
                SiteWarning(file: "Content/a b.md", line: 2, column: 7, .stored("link: 'x'")),
                SiteWarning(file: "Content/c.md", .stored("no place")),
            ])
        stamp.cacheFiles = 56
        stamp.write(to: file)
        #expect(BuildStamp(reading: file) == stamp)
        // A text that would break a line is not written, and the stamp that was is removed.
        stamp.warnings[0].reason = .stored("two\tparts")
        stamp.write(to: file)
        #expect(!FileManager.default.fileExists(atPath: file.path))
        try site.write("stamp", BuildStamp.version + "\tk\ncounts\t1\t2\n")
        #expect(BuildStamp(reading: file) == nil)
    }
}
