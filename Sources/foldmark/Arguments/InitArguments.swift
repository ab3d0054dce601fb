/// The arguments of `foldmark init`.
struct InitArguments: Equatable {
    var folder = ""
    /// Whether a folder that is not empty gets the files it lacks.
    var force = false

    init(folder: String = "", force: Bool = false) {
        self.folder = folder
        self.force = force
    }

    init(parsing arguments: [String]) throws(UsageError) {
        self = try Self.initialize.parse(arguments, into: Self())
    }

    static let initialize = CommandDeclaration<Self>(
        name: "init", summary: "create a new site in DIR (an empty or new folder)",
        // `-` is no folder here: it would read as standard input, which `init` has no use for.
        positional: Positional(
            name: "DIR", summary: "the folder of the new site, made if it does not exist", count: 1...1,
            takesDash: false, wrongCount: { _ in "init takes one folder" }, set: { $0.folder = $1 }),
        options: [
            .flag("--force", summary: "add the missing files to a folder that is not empty") { $0.force = true }
        ],
        examples: [
            "foldmark init my-docs           # then: foldmark serve my-docs",
            "foldmark init . --force         # add what is missing to the current folder",
        ])
}
