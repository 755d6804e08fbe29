#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What an unsuccessful HTTP status means when the provider did not recognise
/// the answer as its API's own (its ``Provider/failure(status:body:for:)`` gave nil).
enum StatusReading {
    /// The failure for `status`, and whether stored results should stand in.
    static func failure(
        status: Int, path: String, wording: FailureWording, retryAt: Date? = nil
    ) -> (error: CLIError, isTransient: Bool) {
        let classified: ProviderFailure
        switch status {
        case 401, 403: classified = .keyRejected(detail: "HTTP \(status)")
        case 429: classified = .quotaExhausted(until: retryAt, detail: "HTTP 429")
        case 500...599: classified = .temporarilyUnavailable(detail: "HTTP \(status)")
        default:
            // Not the API's own error (an HTML page, an empty body, a wrong base-URL
            // prefix): say what came back and from where, and treat it like the
            // service being unreachable, so stored results can stand in.
            let name = wording.descriptor.displayName
            return (
                CLIError(
                    "unexpected answer from \(name): HTTP \(status) for \(path); "
                        + "check \(wording.descriptor.baseURLVariableName) if it is set",
                    exitCode: .unavailable),
                true)
        }
        return (wording.error(classified), FailureWording.isTransient(classified))
    }
}
