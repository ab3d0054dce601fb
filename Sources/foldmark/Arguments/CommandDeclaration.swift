/// What one command of `foldmark` takes, declared once: its name, a one-line summary, its
/// options and its positional argument, each with a one-line summary. Parsing (see
/// `CommandDeclaration+Parsing.swift`) and its usage errors come from it, and so can a
/// command's help: the declaration holds every name, value name and summary that help
/// shows, so that help and parsing cannot disagree.
///
/// `Arguments` is the command's parsed form (``BuildArguments``, …): each option and the
/// positional argument say how they set it, so a value is checked and converted where it
/// is read, in argument order, and a command's type never sees a string it must parse again.
struct CommandDeclaration<Arguments>: Sendable {
    /// As typed after `foldmark`: `build`.
    var name: String
    /// One line for help: what the command does.
    var summary: String
    var positional: Positional<Arguments>
    var options: [Option<Arguments>]
    /// Two or three command lines for help, each with what it does.
    var examples: [String] = []
    /// The message for an argument that starts with `-` and names no option (the whole
    /// argument, as typed, is given): "unknown option '…'" unless the command says otherwise.
    var unknownOption: @Sendable (String) -> String = { "unknown option '\($0)'" }

    /// The option one of whose names is `name` (`--out` or `-o`).
    func option(named name: String) -> Option<Arguments>? {
        options.first { $0.names.contains(name) }
    }
}

/// One option of a command: a flag, or an option that takes a value.
struct Option<Arguments>: Sendable {
    enum Kind: Sendable {
        /// Present or not: `--drafts`. Giving it twice is giving it once.
        case flag(@Sendable (inout Arguments) -> Void)
        /// Takes the next argument, or what follows `=` in `--name=value`, as its value, whose
        /// name help shows (`DIR`). Given twice, the last value is the one kept; each is
        /// checked as it is read, and a bad one is a usage error.
        case value(name: String, @Sendable (inout Arguments, String) throws(UsageError) -> Void)
    }

    /// The long name first (`--out`), then any short one (`-o`). Only a long name takes
    /// its value after `=`: `-o=x` is an unknown option, as a short option's value is the
    /// next argument.
    var names: [String]
    var kind: Kind
    /// One line for help.
    var summary: String

    var name: String { names[0] }

    /// The name help shows for its value (`DIR`); `nil` for a flag.
    var valueName: String? {
        guard case .value(let name, _) = kind else { return nil }
        return name
    }

    static func flag(
        _ names: String..., summary: String, _ set: @escaping @Sendable (inout Arguments) -> Void
    ) -> Self {
        Self(names: names, kind: .flag(set), summary: summary)
    }

    static func value(
        _ names: String..., valueName: String, summary: String,
        _ set: @escaping @Sendable (inout Arguments, String) throws(UsageError) -> Void
    ) -> Self {
        Self(names: names, kind: .value(name: valueName, set), summary: summary)
    }
}

/// The arguments of a command that are not options: a site folder, a file.
struct Positional<Arguments>: Sendable {
    /// As help shows it: `SITE`, `FILE.md`.
    var name: String
    /// One line for help.
    var summary: String
    /// How many the command takes.
    var count: ClosedRange<Int>
    /// Whether `-` is such an argument (standard input, or a folder of that name) rather
    /// than an unknown option.
    var takesDash: Bool
    /// The message when the command is given a number of them outside ``count``: all those
    /// given are passed.
    var wrongCount: @Sendable ([String]) -> String
    /// Sets each one given, in order, once their number is right.
    var set: @Sendable (inout Arguments, String) -> Void
}

extension Positional {
    /// The site folder of `build`, `check` and `serve`: the current folder unless given.
    static func siteFolder(_ set: @escaping @Sendable (inout Arguments, String) -> Void) -> Self {
        Self(
            name: "SITE", summary: "the site folder (default: the current folder)", count: 0...1, takesDash: true,
            wrongCount: { "one site folder only, got '\($0[0])' and '\($0[1])'" }, set: set)
    }
}
