import Basics
import FoundationEssentials

/// `foldmark init`: a new site that builds at once and shows what a page can do.
public enum SiteInitializer {
    static let files: [(String, String)] = [
        (
            "foldmark.yml",
            """
            # foldmark site settings. Every key is optional.
            title: My documentation
            # description: One sentence about the site, for search engines.
            # language: en            # the lang of every page
            # base_url: https://example.org/docs/   # enables sitemap.xml and canonical links
            # edit_url: https://github.com/you/docs/edit/main/Content/   # an "Edit this page" link
            # collapsed: false        # true: sections start closed unless marked {.open}
            # toc_depth: 3            # deepest heading level in the table of contents
            # unsafe: false           # true: let raw HTML in Markdown through
            # search: true            # false: no search; headings: index titles and headings only

            """
        ),
        (
            "Content/index.md",
            """
            ---
            title: Welcome
            description: The first page of a new foldmark site.
            order: 1
            ---
            This paragraph comes before the first heading, so it is always visible.

            # Welcome

            Every heading starts a section that readers can fold and unfold.

            ## Writing pages

            Add Markdown files under `Content/`; `Content/guide.md` becomes `guide.html`.
            Link to other pages by their Markdown name: [this page](index.md).

            ### Details {.collapsed}

            A heading that ends with `{.collapsed}` starts closed. `{#my-id}` gives a section
            the id that links use: [see the ids section](#ids).

            ## Section ids {#ids}

            Without an attribute block, a section's id is made from its heading text.

            """
        ),
    ]

    /// Writes the starter files into `folder`. A folder that already has files is refused
    /// unless `force` is set; even then no existing file is overwritten.
    public static func create(at folder: URL, force: Bool) throws(SiteError) -> [String] {
        let fileManager = FileManager.default
        let existing = (try? fileManager.contentsOfDirectory(atPath: folder.path)) ?? []
        if !existing.isEmpty && !force {
            throw SiteError(file: folder.path, .output(.folderNotEmpty))
        }
        var created: [String] = []
        for (path, text) in files {
            let url = folder.appending(path: path)
            if fileManager.fileExists(atPath: url.path) { continue }
            do {
                try fileManager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(text.utf8).write(to: url, options: .withoutOverwriting)
            } catch {
                throw SiteError(file: url.path, cannot: .write, error)
            }
            created.append(path)
        }
        return created
    }
}
