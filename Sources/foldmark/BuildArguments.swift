/// The arguments of `foldmark build`.
struct BuildArguments: Equatable {
    var site = "."
    var output: String?
    var includesDrafts = false

    init(site: String = ".", output: String? = nil, includesDrafts: Bool = false) {
        self.site = site
        self.output = output
        self.includesDrafts = includesDrafts
    }

    init(parsing arguments: [String]) throws(UsageError) {
        var sawSite = false
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            switch argument {
            case "--out", "-o":
                index += 1
                guard index < arguments.count else { throw UsageError("--out needs a folder") }
                output = arguments[index]
            case "--drafts":
                includesDrafts = true
            case _ where argument.hasPrefix("--out="):
                output = String(argument.dropFirst("--out=".count))
            case _ where argument.hasPrefix("-"):
                throw UsageError("unknown option '\(argument)' for build")
            default:
                guard !sawSite else { throw UsageError("build takes one site folder, got '\(site)' and '\(argument)'") }
                site = argument
                sawSite = true
            }
            index += 1
        }
    }
}
