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

    /// `allowsOutput` is false for `check`, which keeps no output.
    init(parsing arguments: [String], allowsOutput: Bool = true) throws(UsageError) {
        var list = ArgumentList(arguments)
        while let argument = list.next() {
            switch argument {
            case "--out" where allowsOutput, "-o" where allowsOutput: output = try list.value(for: argument)
            case _ where argument.hasPrefix("--out=") && allowsOutput: output = String(argument.dropFirst(6))
            case "--base-url": baseURL = try list.value(for: argument)
            case _ where argument.hasPrefix("--base-url="): baseURL = String(argument.dropFirst(11))
            case "--drafts": includesDrafts = true
            case "--strict": isStrict = true
            case "--json": printsJSON = true
            case "--quiet", "-q": isQuiet = true
            case "--jobs", "-j":
                let count = try list.value(for: argument)
                guard let number = Int(count), number > 0 else { throw UsageError("--jobs needs a positive number") }
                jobs = number
            default:
                try list.takeSite(argument)
            }
        }
        site = list.site ?? site
        if let baseURL, !baseURL.isEmpty, !SiteConfig.isWebURL(baseURL) {
            throw UsageError("--base-url must start with http:// or https://, got '\(baseURL)'")
        }
    }
}
