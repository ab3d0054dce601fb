import FoldmarkTestSupport
import Foundation
import Testing

/// `foldmark` run in a process of its own from a folder other than the site's: every file
/// its messages name opens from that folder (`mydocs/Content/guide/bad.md:3`), or is
/// absolute when the path from there would be longer.
@Suite(.enabled(if: ToolProcess.executable != nil, "no foldmark executable beside the tests"))
struct MessagePathTests {
    /// A site in `mydocs/` of a temporary folder, with a warning in a page, another in
    /// `foldmark.yml`, and an error; `other/deep/` and `empty/` stand beside it.
    static func folders() throws -> TemporarySite {
        try TemporarySite(files: [
            "mydocs/foldmark.yml": "title: T\ntitel: x\n",
            "mydocs/Content/index.md": "# Home\n",
            "mydocs/Content/guide/odd.md": "# Odd\n\nA \u{0} byte\n",
            "mydocs/Content/guide/bad.md": "---\ntitle: A\ncollapsed: maybe\n---\n# Bad\n",
            "other/deep/.keep": "",
            "empty/.keep": "",
        ])
    }

    /// The messages of the build of `mydocs`, which name its `foldmark.yml` as `config` and
    /// its pages after `pages` (the path of `Content/` with a trailing `/`, or nothing).
    static func messages(config: String, pages: String) -> String {
        """
        \(pages)guide/odd.md:3:3: warning: NUL byte at byte offset 9, replaced with U+FFFD
        \(config):2: warning: unknown key 'titel' (did you mean 'title'?)
        \(pages)guide/bad.md:3: error: front matter 'collapsed' must be true or false
        Build failed with 1 error; the output folder was not changed.

        """
    }

    /// foldmark run with `arguments` from the folder `folder` of `folders` (which the call
    /// keeps until foldmark ends).
    static func run(_ arguments: [String], from folder: String, of folders: TemporarySite) throws -> ToolProcess {
        try ToolProcess.run(arguments, in: folders.root.appending(path: folder))
    }

    /// The site given from its parent folder, from a sibling folder and from its own
    /// `Content/`: `site` as typed in `folder`, and the paths of its `foldmark.yml` and
    /// pages from there.
    @Test(arguments: [
        ("mydocs", "", "mydocs/foldmark.yml", "mydocs/Content/"),
        ("../mydocs", "other", "../mydocs/foldmark.yml", "../mydocs/Content/"),
        ("..", "mydocs/Content", "../foldmark.yml", ""),
    ])
    func siteGivenFromAnotherFolder(site: String, folder: String, config: String, pages: String) throws {
        let folders = try Self.folders()
        let run = try Self.run(["build", site], from: folder, of: folders)
        #expect(run.status == 1)
        #expect(run.errors == Self.messages(config: config, pages: pages))
    }

    /// From a folder three levels into another temporary folder, the path from there would
    /// climb out through four `../`: the absolute path is shorter.
    @Test func absoluteSiteFromAFarFolder() throws {
        let folders = try Self.folders()
        let far = try TemporarySite(files: ["a/b/c/.keep": ""])
        let site = folders.root.resolvingSymlinksInPath().appending(path: "mydocs").path
        let run = try Self.run(["build", site], from: "a/b/c", of: far)
        #expect(run.status == 1)
        #expect(run.errors == Self.messages(config: site + "/foldmark.yml", pages: site + "/Content/"))
        withExtendedLifetime(folders) {}
    }

    /// `check --json` names the files as the messages do.
    @Test func checkJSONNamesFilesFromTheCurrentFolder() throws {
        let folders = try Self.folders()
        let run = try Self.run(["check", "mydocs", "--json"], from: "", of: folders)
        #expect(run.status == 1)
        #expect(run.output.contains(#""file": "mydocs/Content/guide/bad.md""#), "\(run.output)")
        #expect(run.output.contains(#""file": "mydocs/Content/guide/odd.md""#), "\(run.output)")
    }

    /// A site folder without `Content/` (given from its parent, from a folder beside it,
    /// or as the current folder), and one that does not exist: the message names the
    /// folder from where foldmark ran, and the command that starts a site there.
    @Test(arguments: [
        ("empty", "", "empty: error: no Content/ folder in empty (run 'foldmark init empty' to start a site there)"),
        (
            "../../empty", "other/deep",
            "../../empty: error: no Content/ folder in ../../empty (run 'foldmark init ../../empty' to start a "
                + "site there)"
        ),
        (
            ".", "empty",
            ".: error: no Content/ folder in the current folder (run 'foldmark init .' to start a site here)"
        ),
        ("nope", "", "nope: error: no such folder (run 'foldmark init nope' to start a site there)"),
    ])
    func missingSiteOrContentNamesTheFolder(site: String, folder: String, message: String) throws {
        let folders = try Self.folders()
        let run = try Self.run(["build", site], from: folder, of: folders)
        #expect(run.status == 1)
        #expect(run.errors == message + "\nBuild failed with 1 error; the output folder was not changed.\n")
        #expect(!FileManager.default.fileExists(atPath: folders.root.appending(path: "nope").path))
    }

    /// `render` names the site's `foldmark.yml`, which it reads for a page of the site, from
    /// the current folder too.
    @Test func renderNamesTheSitesConfigurationFromTheCurrentFolder() throws {
        let folders = try TemporarySite(files: [
            "mydocs/foldmark.yml": "toc_depth: 9\n", "mydocs/Content/a.md": "# A\n",
        ])
        let run = try Self.run(["render", "mydocs/Content/a.md"], from: "", of: folders)
        #expect(run.status == 1)
        #expect(run.errors == "mydocs/foldmark.yml:1: error: 'toc_depth' must be a number from 0 to 6\n")
    }

    @Test func initNamesTheFolderFromTheCurrentFolder() throws {
        let folders = try Self.folders()
        let run = try Self.run(["init", "mydocs"], from: "", of: folders)
        #expect(run.status == 1)
        #expect(run.errors == "mydocs: error: the folder is not empty (use --force to add the missing files)\n")
    }
}
