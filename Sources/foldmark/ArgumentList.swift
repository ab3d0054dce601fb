/// The arguments of one command, read front to back: options, the values that follow
/// them, and at most one site folder. Shared by `build`, `check` and `serve`, so that
/// they report a missing value, an unknown option or a second folder alike.
struct ArgumentList {
    private let arguments: [String]
    private var index = 0
    /// The site folder, once one was given.
    private(set) var site: String?

    init(_ arguments: [String]) {
        self.arguments = arguments
    }

    /// The next argument, or `nil` after the last.
    mutating func next() -> String? {
        guard index < arguments.count else { return nil }
        defer { index += 1 }
        return arguments[index]
    }

    /// The argument after `option`, which needs one.
    mutating func value(for option: String) throws(UsageError) -> String {
        guard let value = next() else { throw UsageError("\(option) needs a value") }
        return value
    }

    /// An argument no option claimed: the site folder, or an error for an unknown option
    /// or a second folder.
    mutating func takeSite(_ argument: String) throws(UsageError) {
        if argument.hasPrefix("-") && argument != "-" { throw UsageError("unknown option '\(argument)'") }
        if let site { throw UsageError("one site folder only, got '\(site)' and '\(argument)'") }
        site = argument
    }
}
