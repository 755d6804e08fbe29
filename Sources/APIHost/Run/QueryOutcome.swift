#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What one query came to: a response (fresh, or stored after a failure) or an error.
struct QueryOutcome<Response: Sendable>: Sendable {
    var response: Response?
    var error: CLIError?
    /// Warnings to print on stderr for this query (skipped docs, stale results).
    var warnings: [String]
    /// A fresh answer was shown but could not be kept (a read-only store, a full disk):
    /// the run exits 74, so a script knows that `--new`, `--offline` and the next
    /// run's cache will not see it.
    var unstored = false

    static func success(_ response: Response, warnings: [String] = [], unstored: Bool = false) -> QueryOutcome {
        QueryOutcome(response: response, error: nil, warnings: warnings, unstored: unstored)
    }

    static func failure(_ error: CLIError, warnings: [String] = []) -> QueryOutcome {
        QueryOutcome(response: nil, error: error, warnings: warnings, unstored: false)
    }

    var exitCode: ExitCode { error?.exitCode ?? .success }
}
