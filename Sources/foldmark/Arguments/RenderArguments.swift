/// The arguments of `foldmark render`.
struct RenderArguments: Equatable {
    /// The Markdown file, or `-` for standard input.
    var file = ""

    init(file: String = "") {
        self.file = file
    }

    init(parsing arguments: [String]) throws(UsageError) {
        self = try Self.render.parse(arguments, into: Self())
    }

    /// Every misuse of `render` has one message: it takes one file and no option.
    static let usage = "render takes exactly one Markdown file"

    static let render = CommandDeclaration<Self>(
        name: "render", summary: "write one standalone page to standard output",
        positional: Positional(
            name: "FILE.md", summary: "the Markdown file ('-': standard input)", count: 1...1, takesDash: true,
            wrongCount: { _ in usage }, set: { $0.file = $1 }),
        options: [],
        examples: [
            "foldmark render notes.md > notes.html",
            "echo '# Hello' | foldmark render -",
        ],
        unknownOption: { _ in usage })
}
