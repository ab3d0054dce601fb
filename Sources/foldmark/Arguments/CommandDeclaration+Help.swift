/// A command's help, with the declaration's type left behind, so that `foldmark help`
/// can list every command and show any one of them.
struct CommandHelp: Sendable {
    var name: String
    var summary: String
    /// What `foldmark help NAME` and `foldmark NAME --help` print.
    var text: String
}

extension CommandDeclaration {
    /// The synopsis: `foldmark build [SITE] [--out DIR] …`, every option in declaration order.
    var usageLine: String {
        let positionalPart = positional.count.lowerBound == 0 ? "[\(positional.name)]" : positional.name
        let optionParts = options.map { "[\(Self.label(of: $0, withShortName: false))]" }
        return (["foldmark", name, positionalPart] + optionParts).joined(separator: " ")
    }

    /// Usage, the positional argument, every option with its summary (and `--help`, which
    /// every command takes), and the examples, each part from the declaration.
    var help: CommandHelp {
        let optionRows = options.map { (Self.label(of: $0, withShortName: true), $0.summary) }
        let rows = [(positional.name, positional.summary)] + optionRows + [("--help, -h", "print this help")]
        let width = rows.map(\.0.count).max() ?? 0
        func table(_ rows: ArraySlice<(String, String)>) -> [String] {
            rows.map { "  " + $0.0 + String(repeating: " ", count: width + 3 - $0.0.count) + $0.1 }
        }
        var lines = ["foldmark \(name): \(summary)", "", "USAGE:", "  " + usageLine, "", "ARGUMENTS:"]
        lines += table(rows[..<1])
        lines += ["", "OPTIONS:"] + table(rows[1...])
        if !examples.isEmpty { lines += ["", "EXAMPLES:"] + examples.map { "  " + $0 } }
        return CommandHelp(name: name, summary: summary, text: lines.joined(separator: "\n"))
    }

    /// `--out DIR`, or `--out, -o DIR` with the short name.
    private static func label(of option: Option<Arguments>, withShortName: Bool) -> String {
        let names = withShortName ? option.names.joined(separator: ", ") : option.name
        guard let valueName = option.valueName else { return names }
        return "\(names) \(valueName)"
    }
}
