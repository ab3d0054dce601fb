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
        var list = ArgumentList(arguments)
        func parsePort(_ text: String) throws(UsageError) -> UInt16 {
            guard let port = UInt16(text) else {
                throw UsageError("--port needs a number from 0 to 65535, got '\(text)'")
            }
            return port
        }
        while let argument = list.next() {
            switch argument {
            case "--port", "-p": port = try parsePort(try list.value(for: argument))
            case _ where argument.hasPrefix("--port="): port = try parsePort(String(argument.dropFirst(7)))
            case "--host": host = try list.value(for: argument)
            case _ where argument.hasPrefix("--host="): host = String(argument.dropFirst(7))
            case "--out", "-o": output = try list.value(for: argument)
            case _ where argument.hasPrefix("--out="): output = String(argument.dropFirst(6))
            case "--drafts": includesDrafts = true
            default:
                try list.takeSite(argument)
            }
        }
        site = list.site ?? site
        guard !host.isEmpty else { throw UsageError("--host needs a host name or address") }
    }
}
