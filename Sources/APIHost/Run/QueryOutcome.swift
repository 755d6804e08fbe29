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

    static func success(_ response: Response, warnings: [String] = []) -> QueryOutcome {
        QueryOutcome(response: response, error: nil, warnings: warnings)
    }

    static func failure(_ error: CLIError, warnings: [String] = []) -> QueryOutcome {
        QueryOutcome(response: nil, error: error, warnings: warnings)
    }

    var exitCode: ExitCode { error?.exitCode ?? .success }
}
