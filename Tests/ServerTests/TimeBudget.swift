import Foundation

/// How much longer the time limits of the server tests are in this run: 1 normally, more
/// when `scripts/leak-check.sh` runs the suite under AddressSanitizer (which sets
/// `FOLDMARK_SANITIZED`), where every allocation is checked and the tests run several
/// times slower. The limits still fail a server that hangs.
enum TimeBudget {
    static let scale: Int = ProcessInfo.processInfo.environment["FOLDMARK_SANITIZED"] == nil ? 1 : 5

    static func seconds(_ value: Int) -> Duration { .seconds(value * scale) }
    static func milliseconds(_ value: Int) -> Duration { .milliseconds(value * scale) }
}
