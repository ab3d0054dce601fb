/// How a site is built, from the command line and `foldmark.yml`.
public struct BuildOptions: Sendable, Hashable {
    /// Whether pages with `draft: true` and sections with `{.draft}` are built.
    public var includesDrafts: Bool
    /// Whether warnings (such as broken links) fail the build.
    public var isStrict: Bool
    /// Overrides `base_url` of `foldmark.yml`.
    public var baseURL: String?
    /// How many pages are built at once; `nil` for one per core. The output is the same
    /// for every value.
    public var jobs: Int?

    public init(includesDrafts: Bool = false, isStrict: Bool = false, baseURL: String? = nil, jobs: Int? = nil) {
        self.includesDrafts = includesDrafts
        self.isStrict = isStrict
        self.baseURL = baseURL
        self.jobs = jobs
    }
}
