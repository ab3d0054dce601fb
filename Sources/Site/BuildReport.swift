import Foundation

/// What a build did: for the summary line, and for `--json`.
public struct BuildReport: Sendable {
    public var pages: Int = 0
    /// Pages with `draft: true` that were left out.
    public var drafts: Int = 0
    public var assets: Int = 0
    public var warnings: [SiteError] = []
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

    public init(warnings: [SiteError] = [], errors: [SiteError] = []) {
        self.warnings = warnings
        self.errors = errors
    }

    public var summary: String {
        var parts = ["\(pages) page\(pages == 1 ? "" : "s")"]
        if assets > 0 { parts.append("\(assets) asset\(assets == 1 ? "" : "s")") }
        if drafts > 0 { parts.append("\(drafts) draft\(drafts == 1 ? "" : "s") left out") }
        parts.append("\(written.count) written, \(unchanged) unchanged")
        if !removed.isEmpty { parts.append("\(removed.count) removed") }
        if !warnings.isEmpty { parts.append("\(warnings.count) warning\(warnings.count == 1 ? "" : "s")") }
        return "Built " + parts.joined(separator: ", ") + " in " + String(format: "%.2f", seconds) + " s"
    }

    /// The report as a JSON object, keys sorted, for scripts and CI.
    public var json: String {
        func problems(_ list: [SiteError]) -> [[String: Any]] {
            list.map { error in
                var object: [String: Any] = ["file": error.file, "message": error.message, "severity": error.severity.rawValue]
                if let line = error.line { object["line"] = line }
                if let column = error.column { object["column"] = column }
                return object
            }
        }
        let object: [String: Any] = [
            "pages": pages, "drafts": drafts, "assets": assets, "warnings": problems(warnings),
            "errors": problems(errors), "written": written, "unchanged": unchanged, "removed": removed, "cached": cached,
            "timings": Dictionary(timings, uniquingKeysWith: +), "seconds": seconds, "ok": errors.isEmpty,
        ]
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .prettyPrinted])) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }
}

/// A build that published nothing, with every error found (not only the first).
public struct BuildFailure: Error, Sendable {
    public var report: BuildReport

    public var errors: [SiteError] { report.errors }
    public var warnings: [SiteError] { report.warnings }
}
