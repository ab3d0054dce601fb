/// A syntax error in a template or one of its partials, with the 1-based line and column
/// of the tag that caused it.
public struct TemplateError: Error, Sendable, Hashable, CustomStringConvertible {
    public var message: String
    /// 1-based line in the template (or partial) where the problem is.
    public var line: Int
    /// 1-based column, counted in characters, of the tag's opening delimiter.
    public var column: Int
    /// The partial's name, or `nil` for the main template.
    public var template: String?

    public init(message: String, line: Int, column: Int, template: String? = nil) {
        self.message = message
        self.line = line
        self.column = column
        self.template = template
    }

    /// `3:7: unclosed section 'items'`, prefixed with `partial 'name':` for partials.
    public var description: String {
        let prefix = template.map { "partial '\($0)':" } ?? ""
        return "\(prefix)\(line):\(column): \(message)"
    }
}
