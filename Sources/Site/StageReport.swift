/// What a stage of a build has to report besides its value: the problems it found, and
/// how long its steps took (as `--json` gives them, see ``BuildReport/timings``).
struct StageReport: Sendable {
    var warnings: [SiteWarning] = []
    var errors: [SiteError] = []
    var timings: [(String, Double)] = []

    /// The report of a stage that found nothing wrong and spent `seconds` in `step`.
    init(step: String, seconds: Double) {
        timings = [(step, seconds)]
    }

    init(warnings: [SiteWarning] = [], errors: [SiteError] = [], timings: [(String, Double)] = []) {
        self.warnings = warnings
        self.errors = errors
        self.timings = timings
    }

    /// The reports of `stages` as one, each stage's problems and steps after those of the
    /// stages before it.
    init(joining stages: [StageReport]) {
        for stage in stages {
            warnings += stage.warnings
            errors += stage.errors
            timings += stage.timings
        }
    }
}
