#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The one place a ``ProviderFailure`` becomes words and an exit code.
///
/// Providers classify what an answer means; the wording comes from here and
/// from the provider's descriptor (its display name, key variable, config key
/// and sign-up page), so every provider's "key rejected" reads alike and exits
/// alike, and a failure can never quote the key: the descriptor holds none.
struct FailureWording {
    let descriptor: ProviderDescriptor
    /// When the failure happened, for "retry in N s".
    let now: Date

    func error(_ failure: ProviderFailure) -> CLIError {
        let name = descriptor.displayName
        switch failure {
        case let .notFound(what):
            return CLIError("no \(what)", exitCode: .noInput)
        case let .badRequest(reason):
            return CLIError("\(name) refused the request: \(reason)", exitCode: .usage)
        case let .keyRejected(detail):
            return CLIError("\(name) rejected the API key\(parenthesised(detail))\(keyHelp)", exitCode: .permissionDenied)
        case let .notInPlan(detail):
            let upgrade = descriptor.credential.map { "; see \($0.signupURL) for the plans" } ?? ""
            return CLIError(
                "the \(name) plan of this key does not include this request\(parenthesised(detail))\(upgrade)",
                exitCode: .permissionDenied)
        case let .quotaExhausted(until, detail):
            return CLIError("\(name) rate limit reached\(parenthesised(detail)); \(retry(until))", exitCode: .temporaryFailure)
        case let .blocked(detail, until):
            let plans = descriptor.credential.map { "; see \($0.signupURL) for the plans" } ?? ""
            let wait = until.map { retry($0) } ?? "wait before asking again"
            return CLIError(
                "\(name) has blocked this key for now\(parenthesised(detail)); \(wait)\(plans)",
                exitCode: .temporaryFailure)
        case let .temporarilyUnavailable(detail):
            return CLIError("\(name) is unavailable for now\(parenthesised(detail)); try again later", exitCode: .temporaryFailure)
        case let .misdescribed(message):
            return Self.misdescribed(message)
        }
    }

    /// A provider described wrongly: its own words, exit 78 like any other unusable configuration.
    static func misdescribed(_ message: String) -> CLIError {
        CLIError(message, exitCode: .configuration)
    }

    /// Whether stored results are worth showing instead: the failure will pass by itself.
    static func isTransient(_ failure: ProviderFailure) -> Bool {
        switch failure {
        case .quotaExhausted, .temporarilyUnavailable, .blocked: true
        case .notFound, .badRequest, .keyRejected, .notInPlan, .misdescribed: false
        }
    }

    /// `; check NYT_API_KEY or run 'apicli config set nyt.api-key' (keys: https://…)`.
    private var keyHelp: String {
        guard let credential = descriptor.credential else { return "" }
        var help = "; check \(credential.environmentVariable) or run 'apicli config set \(descriptor.apiKeySetting)'"
        if let delay = credential.activationDelay {
            help += "; a new key can take up to \(Self.spoken(delay)) to become active"
        }
        return help + " (keys: \(credential.signupURL))"
    }

    /// `retry in 42 s`, `retry after 2026-11-30T14:05:00Z`, or `try again later`.
    private func retry(_ until: Date?) -> String {
        guard let until, until > now else { return "try again later" }
        let seconds = until.timeIntervalSince(now).rounded(.up)
        guard seconds.isFinite, seconds < 86_400 * 365 else { return "try again later" }
        if seconds <= 600, let whole = Int(saturating: seconds) { return "retry in \(whole) s" }
        return "retry after " + Timestamp.format(until)
    }

    private func parenthesised(_ detail: String?) -> String {
        guard let detail, !detail.isEmpty else { return "" }
        return " (\(detail))"
    }

    /// `2 hours`, `30 minutes`, `45 s`.
    static func spoken(_ duration: Duration) -> String {
        let seconds = Int(duration.components.seconds)
        if seconds >= 3600, seconds % 3600 == 0 { return "\(seconds / 3600) hour" + (seconds == 3600 ? "" : "s") }
        if seconds >= 60, seconds % 60 == 0 { return "\(seconds / 60) minutes" }
        return "\(seconds) s"
    }
}
