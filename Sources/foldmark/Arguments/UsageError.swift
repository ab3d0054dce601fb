/// A command line that foldmark cannot understand: exit status 2.
struct UsageError: Error, Equatable {
    var message: String
    init(_ message: String) { self.message = message }
}
