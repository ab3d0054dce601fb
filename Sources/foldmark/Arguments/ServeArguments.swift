/// The arguments of `foldmark serve`.
struct ServeArguments: Equatable {
    static let defaultPort: UInt16 = 8000
    static let defaultHost = "127.0.0.1"

    var site = "."
    var output: String?
    var host = Self.defaultHost
    var port = Self.defaultPort
    var includesDrafts = false

    init(
        site: String = ".", output: String? = nil, host: String = Self.defaultHost, port: UInt16 = Self.defaultPort,
        includesDrafts: Bool = false
    ) {
        self.site = site
        self.output = output
        self.host = host
        self.port = port
        self.includesDrafts = includesDrafts
    }

    init(parsing arguments: [String]) throws(UsageError) {
        self = try Self.serve.parse(arguments, into: Self())
        // The last one given is the one checked.
        guard !host.isEmpty else { throw UsageError("--host needs a host name or address") }
    }

    static let serve = CommandDeclaration<Self>(
        name: "serve", summary: "build SITE, serve it with live reload, rebuild on every change",
        positional: .siteFolder { $0.site = $1 },
        options: [
            .value("--port", "-p", valueName: "N", summary: "the port to serve on (default: 8000; 0: any free one)") {
                arguments, text throws(UsageError) in
                guard let port = UInt16(text) else {
                    throw UsageError("--port needs a number from 0 to 65535, got '\(text)'")
                }
                arguments.port = port
            },
            .value("--host", valueName: "HOST", summary: "the address to serve on (default: 127.0.0.1)") {
                $0.host = $1
            },
            .value("--out", "-o", valueName: "DIR", summary: "the output folder (default: SITE/_site)") {
                $0.output = $1
            },
            .flag("--drafts", summary: "include pages with 'draft: true' and sections marked {.draft}") {
                $0.includesDrafts = true
            },
        ],
        examples: [
            "foldmark serve                  # http://127.0.0.1:8000/",
            "foldmark serve my-docs -p 8080 --drafts",
            "foldmark serve . --host 0.0.0.0 # reachable from other machines",
        ])
}
