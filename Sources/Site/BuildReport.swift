import Basics
import FoundationEssentials

/// What a build did: for the summary line, and for `--json`.
public struct BuildReport: Sendable {
    public var pages: Int = 0
    /// Pages with `draft: true` that were left out.
    public var drafts: Int = 0
    public var assets: Int = 0
    public var warnings: [SiteWarning] = []
    public var errors: [SiteError] = []
    /// Output files whose content changed (or that are new).
    public var written: [String] = []
    /// Output files that were already up to date.
    public var unchanged: Int = 0
    /// Pages whose source had not changed since the last build, taken from the build cache
    /// instead of being parsed again.
    public var cached: Int = 0
    /// Files of an earlier build that no longer have a source.
    public var removed: [String] = []
    /// Seconds per step, summed over threads for the per-page steps.
    public var timings: [(String, Double)] = []
    public var seconds: Double = 0

    public init(warnings: [SiteWarning] = [], errors: [SiteError] = []) {
        self.warnings = warnings
        self.errors = errors
    }

    public var summary: String {
        var parts = [NumberText.counted(pages, "page")]
        if assets > 0 { parts.append(NumberText.counted(assets, "asset")) }
        if drafts > 0 { parts.append(NumberText.counted(drafts, "draft") + " left out") }
        parts.append("\(written.count) written, \(unchanged) unchanged")
        if !removed.isEmpty { parts.append("\(removed.count) removed") }
        if !warnings.isEmpty { parts.append(NumberText.counted(warnings.count, "warning")) }
        return "Built " + parts.joined(separator: ", ") + " in " + NumberText.fixed(seconds, digits: 2) + " s"
    }

    /// The summary of `foldmark check`, which keeps nothing it builds: the pages checked and
    /// the warnings found (`Checked 8 pages: no problems`, `Checked 8 pages: 3 warnings`).
    public var checkSummary: String {
        let problems = warnings.isEmpty ? "no problems" : NumberText.counted(warnings.count, "warning")
        return "Checked " + NumberText.counted(pages, "page") + ": " + problems
    }

    /// The report as a JSON object, keys sorted, for scripts and CI. Written directly:
    /// Foundation's `JSONSerialization` took tens of milliseconds for the list of pages
    /// written by a large build.
    public var json: String {
        var json = JSONWriter()
        json.object { json in
            json.field("assets") { $0.number(assets) }
            json.field("cached") { $0.number(cached) }
            json.field("drafts") { $0.number(drafts) }
            json.field("errors") { $0.problems(errors) }
            json.field("ok") { $0.raw(errors.isEmpty ? "true" : "false") }
            json.field("pages") { $0.number(pages) }
            json.field("removed") { $0.strings(removed) }
            json.field("seconds") { $0.number(seconds) }
            json.field("timings") { json in
                let timings = Dictionary(timings, uniquingKeysWith: +)
                json.object { json in
                    for (name, seconds) in timings.sorted(by: { $0.key < $1.key }) {
                        json.field(name) { $0.number(seconds) }
                    }
                }
            }
            json.field("unchanged") { $0.number(unchanged) }
            json.field("warnings") { $0.problems(warnings) }
            json.field("written") { $0.strings(written) }
        }
        return String(decoding: json.bytes, as: UTF8.self)
    }
}

/// Pretty-printed JSON, two spaces to a level, made as bytes.
private struct JSONWriter {
    var bytes: [UInt8] = []
    private var indent = ""
    private var isFirst = true

    mutating func raw(_ text: String) { bytes += text.utf8 }

    mutating func number(_ value: Int) { raw(String(value)) }

    mutating func number(_ value: Double) { raw(value.isFinite ? "\(value)" : "null") }

    mutating func string(_ value: String) { JSONText.appendQuoted(value, to: &bytes) }

    /// An object whose fields `body` adds with ``field(_:_:)``.
    mutating func object(_ body: (inout JSONWriter) -> Void) {
        let outer = (indent, isFirst)
        indent = outer.0 + "  "
        isFirst = true
        raw("{")
        body(&self)
        indent = outer.0
        raw(isFirst ? "}" : "\n" + indent + "}")
        isFirst = outer.1
    }

    mutating func field(_ name: String, _ value: (inout JSONWriter) -> Void) {
        raw(isFirst ? "\n" : ",\n")
        isFirst = false
        raw(indent)
        string(name)
        raw(": ")
        value(&self)
    }

    mutating func array<Element>(_ items: [Element], _ item: (inout JSONWriter, Element) -> Void) {
        guard !items.isEmpty else { return raw("[]") }
        let outer = indent
        indent += "  "
        raw("[")
        for (index, element) in items.enumerated() {
            raw(index == 0 ? "\n" : ",\n")
            raw(indent)
            item(&self, element)
        }
        indent = outer
        raw("\n" + indent + "]")
    }

    mutating func strings(_ list: [String]) { array(list) { $0.string($1) } }

    mutating func problems<Problem: SiteProblem>(_ list: [Problem]) {
        array(list) { json, problem in
            json.object { json in
                if let column = problem.column { json.field("column") { $0.number(column) } }
                json.field("file") { $0.string(problem.file) }
                if let line = problem.line { json.field("line") { $0.number(line) } }
                json.field("message") { $0.string(problem.message) }
                json.field("severity") { $0.string(Problem.severity) }
            }
        }
    }
}

/// A build that published nothing, with every error found (not only the first).
public struct BuildFailure: Error, Sendable {
    public var report: BuildReport
    /// Whether the build stopped because its task was cancelled (Ctrl-C) rather than on
    /// an error of the site: its one error says so.
    public var isInterrupted = false

    public var errors: [SiteError] { report.errors }
    public var warnings: [SiteWarning] { report.warnings }
}
