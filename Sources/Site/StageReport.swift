/// What a stage of a build has to report besides its value: the problems it found, and
/// how long its steps took (as `--json` gives them, see ``BuildReport/timings``).
struct StageReport: Sendable {
    var warnings: [SiteError] = []
    var errors: [SiteError] = []
    var timings: [(String, Double)] = []

    /// The report of a stage that found nothing wrong and spent `seconds` in `step`.
    init(step: String, seconds: Double) {
        timings = [(step, seconds)]
    }

    init(warnings: [SiteError] = [], errors: [SiteError] = [], timings: [(String, Double)] = []) {
        self.warnings = warnings
        self.errors = errors
        self.timings = timings
    }

    /// The reports of two stages, `first`'s problems and steps before `second`'s.
    static func + (first: StageReport, second: StageReport) -> StageReport {
        StageReport(
            warnings: first.warnings + second.warnings, errors: first.errors + second.errors,
            timings: first.timings + second.timings)
    }
}
