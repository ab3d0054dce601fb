import Basics

extension CommandDeclaration {
    /// `start` with every option and positional argument among `arguments` (those after the
    /// command's name) set, as the declaration says.
    ///
    /// Problems are usage errors, the first one found: those of options (an unknown one, a
    /// missing or bad value) in argument order, then the number of positional arguments,
    /// which is known only at the end. A value option takes the next argument whatever it
    /// is (`--out --drafts` writes into `--drafts`), as a shell user who quotes a value
    /// expects.
    func parse(_ arguments: [String], into start: Arguments) throws(UsageError) -> Arguments {
        var parsed = start
        var positionals: [String] = []
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            guard isOption(argument) else {
                positionals.append(argument)
                continue
            }
            let (name, inlineValue) = Self.split(argument)
            guard let option = option(named: name) else { throw UsageError(unknownOption(argument) + suggestion(for: name)) }
            switch option.kind {
            case .flag(let set):
                // A flag takes no value: `--drafts=yes` names no option.
                guard inlineValue == nil else { throw UsageError(unknownOption(argument) + suggestion(for: name)) }
                set(&parsed)
            case .value(_, let set):
                guard let value = inlineValue ?? rest.popFirst() else {
                    throw UsageError("\(argument) needs a value")
                }
                try set(&parsed, value)
            }
        }
        guard positional.count.contains(positionals.count) else {
            throw UsageError(positional.wrongCount(positionals))
        }
        for value in positionals { positional.set(&parsed, value) }
        return parsed
    }

    /// ` (did you mean '--out'?)` for `--outt`: the option name nearest to `name`, if one is
    /// near enough (``EditDistance``); empty for none.
    private func suggestion(for name: String) -> String {
        EditDistance.didYouMean(EditDistance.suggestion(for: name, among: options.flatMap(\.names) + ["--help"]))
    }

    /// Whether `argument` is read as an option: it starts with `-`, unless it is `-` and
    /// the command takes that as its positional argument.
    private func isOption(_ argument: String) -> Bool {
        argument.hasPrefix("-") && !(argument == "-" && positional.takesDash)
    }

    /// `--name=value` as the name and the value; any other argument as itself, with no value.
    private static func split(_ argument: String) -> (name: String, value: String?) {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }
}
