import Site

/// The arguments of `foldmark build` and `foldmark check`.
struct BuildArguments: Equatable {
    var site = "."
    var output: String?
    var baseURL: String?
    var includesDrafts = false
    var isStrict = false
    var printsJSON = false
    var isQuiet = false
    var jobs: Int?

    init(
        site: String = ".", output: String? = nil, baseURL: String? = nil, includesDrafts: Bool = false,
        isStrict: Bool = false, printsJSON: Bool = false, isQuiet: Bool = false, jobs: Int? = nil
    ) {
        self.site = site
        self.output = output
        self.baseURL = baseURL
        self.includesDrafts = includesDrafts
        self.isStrict = isStrict
        self.printsJSON = printsJSON
        self.isQuiet = isQuiet
        self.jobs = jobs
    }

    /// `command` is ``build`` or ``check``.
    init(parsing arguments: [String], as command: CommandDeclaration<Self> = Self.build) throws(UsageError) {
        self = try command.parse(arguments, into: Self())
        // The last one given is the one checked.
        if let baseURL, !baseURL.isEmpty, !SiteConfig.isWebURL(baseURL) {
            throw UsageError("--base-url must start with http:// or https://, got '\(baseURL)'")
        }
    }

    static let build = CommandDeclaration<Self>(
        name: "build", summary: "build SITE/Content into SITE/_site",
        positional: siteFolder,
        options: [
            .value("--out", "-o", valueName: "DIR", summary: "the output folder (default: SITE/_site)") {
                $0.output = $1
            }
        ] + checkOptions,
        examples: [
            "foldmark build my-docs                    # into my-docs/_site",
            "foldmark build . --out public --drafts    # another folder, drafts included",
            "foldmark build . --base-url https://example.org/docs/",
        ])

    /// `check` builds into a temporary folder and keeps nothing: it takes every option of
    /// `build` but `--out`.
    static let check = CommandDeclaration<Self>(
        name: "check", summary: "build into a temporary folder, report problems, keep nothing",
        positional: siteFolder, options: checkOptions,
        examples: [
            "foldmark check                  # the site in the current folder",
            "foldmark check my-docs --strict # exit 1 on any warning, as in CI",
            "foldmark check . --json         # the report as JSON",
        ])

    private static let checkOptions: [Option<Self>] = [
        .value(
            "--base-url", valueName: "URL",
            summary: "where the site is published: canonical links, sitemap.xml, 404.html"
        ) { $0.baseURL = $1 },
        .flag("--drafts", summary: "include pages with 'draft: true' and sections marked {.draft}") {
            $0.includesDrafts = true
        },
        .flag("--strict", summary: "treat warnings (such as broken links) as errors") { $0.isStrict = true },
        .flag("--json", summary: "print the build report as JSON on standard output") { $0.printsJSON = true },
        .flag("--quiet", "-q", summary: "print nothing but errors") { $0.isQuiet = true },
        .value("--jobs", "-j", valueName: "N", summary: "build N pages at once (default: one per core)") {
            arguments, count throws(UsageError) in
            guard let number = Int(count), number > 0 else { throw UsageError("--jobs needs a positive number") }
            arguments.jobs = number
        },
    ]

    private static let siteFolder = Positional<Self>.siteFolder { $0.site = $1 }
}
