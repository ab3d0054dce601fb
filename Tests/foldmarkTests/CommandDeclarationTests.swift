import Testing

@testable import foldmark

/// The parsing that every command's declaration drives (see ``CommandDeclaration``).
@Suite struct CommandDeclarationTests {
    /// A valid value for each value name the declarations use.
    static let sampleValues = ["DIR": "folder", "URL": "https://example.org/", "N": "7", "HOST": "::1"]

    /// Each value option of `declaration`, parsed as `--name VALUE` and as `--name=VALUE`.
    func checkBothSpellings<A: Equatable>(_ declaration: CommandDeclaration<A>, start: A) throws {
        for option in declaration.options {
            guard let valueName = option.valueName else { continue }
            let value = try #require(Self.sampleValues[valueName], "\(option.name)")
            let separate = try declaration.parse([option.name, value], into: start)
            let joined = try declaration.parse([option.name + "=" + value], into: start)
            #expect(separate == joined, "\(declaration.name) \(option.name)")
            #expect(separate != start, "\(declaration.name) \(option.name) changed nothing")
        }
    }

    @Test func everyValueOptionTakesItsValueAfterEqualsToo() throws {
        try checkBothSpellings(BuildArguments.build, start: BuildArguments())
        try checkBothSpellings(BuildArguments.check, start: BuildArguments())
        try checkBothSpellings(ServeArguments.serve, start: ServeArguments())
        #expect(try BuildArguments(parsing: ["--jobs=3"]) == BuildArguments(jobs: 3))
        #expect(try ServeArguments(parsing: ["--out=public"]) == ServeArguments(output: "public"))
    }

    @Test func unknownOptionIsNamedAsTyped() {
        #expect(throws: UsageError("unknown option '--bogus'")) { try BuildArguments(parsing: ["--bogus"]) }
        // A flag takes no value, and a short option takes none after `=`.
        #expect(throws: UsageError("unknown option '--drafts=yes'")) { try BuildArguments(parsing: ["--drafts=yes"]) }
        #expect(throws: UsageError("unknown option '-o=x'")) { try BuildArguments(parsing: ["-o=x"]) }
        #expect(throws: UsageError("unknown option '--force=x'")) { try InitArguments(parsing: ["a", "--force=x"]) }
        // `check` keeps no output.
        #expect(throws: UsageError("unknown option '--out=x'")) {
            try BuildArguments(parsing: ["--out=x"], as: BuildArguments.check)
        }
    }

    @Test func missingValueIsNamedAsTyped() throws {
        #expect(throws: UsageError("--out needs a value")) { try BuildArguments(parsing: ["--out"]) }
        #expect(throws: UsageError("-o needs a value")) { try BuildArguments(parsing: ["docs", "-o"]) }
        #expect(throws: UsageError("--host needs a value")) { try ServeArguments(parsing: ["--host"]) }
        // The next argument is the value, whatever it looks like.
        #expect(try BuildArguments(parsing: ["--out", "--drafts"]) == BuildArguments(output: "--drafts"))
    }

    @Test func repeatedFlagIsOneAndRepeatedValueKeepsTheLast() throws {
        #expect(try BuildArguments(parsing: ["--drafts", "--drafts"]) == BuildArguments(includesDrafts: true))
        #expect(try BuildArguments(parsing: ["--out", "a", "--out=b", "-o", "c"]) == BuildArguments(output: "c"))
        // Each value is checked as it is read, not only the last.
        #expect(throws: UsageError("--jobs needs a positive number")) {
            try BuildArguments(parsing: ["--jobs", "x", "--jobs", "4"])
        }
        // A check of the whole command looks at the value kept.
        let baseURLs = ["--base-url", "ftp://a", "--base-url", "https://b"]
        #expect(try BuildArguments(parsing: baseURLs).baseURL == "https://b")
    }

    @Test func positionalArgumentsAreCountedAfterTheOptions() {
        #expect(throws: UsageError("one site folder only, got 'a' and 'b'")) {
            try ServeArguments(parsing: ["a", "b", "c"])
        }
        #expect(throws: UsageError("init takes one folder")) { try InitArguments(parsing: []) }
        #expect(throws: UsageError("unknown option '--bogus'")) { try InitArguments(parsing: ["a", "b", "--bogus"]) }
        #expect(throws: UsageError("--jobs needs a positive number")) {
            try BuildArguments(parsing: ["a", "b", "--jobs", "0"])
        }
    }

    @Test func dashIsAnArgumentOnlyWhereTheCommandTakesOne() throws {
        #expect(try RenderArguments(parsing: ["-"]) == RenderArguments(file: "-"))
        #expect(try BuildArguments(parsing: ["-"]) == BuildArguments(site: "-"))
        #expect(throws: UsageError("unknown option '-'")) { try InitArguments(parsing: ["-"]) }
        #expect(try InitArguments(parsing: ["--force", "new"]) == InitArguments(folder: "new", force: true))
    }

    /// `render` takes one file and no option, and says so for every misuse.
    @Test(arguments: [[], ["a", "b"], ["--x"], ["a", "--x"], ["-o", "a"]])
    func renderHasOneUsageMessage(arguments: [String]) {
        #expect(throws: UsageError(RenderArguments.usage)) { try RenderArguments(parsing: arguments) }
    }

    /// What help will need: every option of every command has a name, a summary, and for
    /// a value its name; every long name starts with `--`.
    @Test func everyOptionIsDeclaredForHelp() {
        let options =
            BuildArguments.build.options.map { ($0.names, $0.valueName, $0.summary) }
            + ServeArguments.serve.options.map { ($0.names, $0.valueName, $0.summary) }
            + InitArguments.initialize.options.map { ($0.names, $0.valueName, $0.summary) }
        for (names, valueName, summary) in options {
            #expect(names.first?.hasPrefix("--") == true && !summary.isEmpty, "\(names)")
            if let valueName { #expect(Self.sampleValues[valueName] != nil, "\(names)") }
        }
    }
}
