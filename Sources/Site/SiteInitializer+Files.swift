extension SiteInitializer {
    /// `foldmark.yml`: every key that ``SiteConfig`` reads, commented out with its default
    /// value (or an example, for a key with none), so that the site builds as with no file.
    static let configuration = """
        # The settings of this site. Every key is optional: each line below shows one,
        # commented out, with its default value (or an example, for a key that has none),
        # so this file changes nothing yet. Remove the "# " before a key to set it.

        # title: My documentation   # the site's name, in the header and every page's title (no default)
        # description: About the site   # one sentence about the whole site (no default)
        # language: en              # the lang of every page, for screen readers and hyphenation
        # base_url: https://example.org/docs/   # where the site is published: canonical links, sitemap.xml (no default)
        # edit_url: https://github.com/you/docs/edit/main/Content/   # an "Edit this page" link (no default)
        # collapsed: false          # true: every section starts closed unless marked {.open}
        # fold_from_level: 3        # sections of this heading level and deeper start closed (no default)
        # fold_longer_than: 300     # sections of more words than this start closed (no default)
        # remember_folds: true      # pages remember, in the reader's browser, the sections opened
        # toc_depth: 3              # the deepest heading level in each page's table of contents (0: none)
        # unsafe: false             # true: let raw HTML in the Markdown through to the pages
        # search: true              # false: no search box; headings: index titles and headings only

        """

    /// `Content/index.md`: the home page, which says how to preview, build and check the
    /// site and where to read more, in sections that show what a page can do.
    static let homePage = """
        ---
        title: Welcome
        description: The first page of a new foldmark site.
        ---
        # Welcome

        This is `Content/index.md`, the home page of your new site. The text before the
        first section is always shown; each heading below starts a section that readers
        can fold and unfold.

        ## Preview

        Run `foldmark serve` in the site's folder and open <http://127.0.0.1:8000/>. The
        page reloads by itself each time you save a file under `Content/`.

        ## Build

        `foldmark build` writes the site into `_site/`: one HTML page for each Markdown
        file, which works from disk and on any web server. The `.gitignore` beside
        `Content/` keeps `_site/` and the build cache out of your repository.

        ## Check {#check}

        `foldmark check --strict` builds the site into a temporary folder and fails on
        any warning, such as a link to a page that does not exist. Run it before you
        publish, and in CI.

        ## Write pages

        Add Markdown files under `Content/`: `Content/guide.md` becomes `guide.html`.
        Link to another page by its Markdown name, as [this page](index.md), and to a
        section by its id, as [Check](#check).

        ### Details {.collapsed}

        A heading that ends with `{.collapsed}` starts closed, as this one does, and
        `{#my-id}` gives a section the id that links use. The site's settings are in
        `foldmark.yml`, each explained on its line.

        ## Read more

        `foldmark help` lists the commands, and `foldmark help serve` (or any other
        command) explains its options. foldmark's own documentation is a foldmark site:
        the `Content/` folder of its repository, starting with "Getting started".

        """
}
