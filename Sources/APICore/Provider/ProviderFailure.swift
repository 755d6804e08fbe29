#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What an unsuccessful answer means, as the provider reads it from the API's
/// status and body. The provider classifies; the host words each kind once,
/// naming the service, the key's variable and the config key from the
/// descriptor, and maps it to one exit code. So every provider's "key rejected"
/// reads alike and exits alike.
public enum ProviderFailure: Error, Sendable, Hashable {
    /// What was asked for does not exist: `city named "Atlantis"` (exit 66).
    case notFound(String)
    /// The API refused the request as asked (a bad filter, an unusable name):
    /// the reason, in the API's words where it gave some (exit 64).
    case badRequest(String)
    /// The key is wrong, or was revoked; `detail` is the API's own words, if any (exit 77).
    case keyRejected(detail: String?)
    /// The key is valid but the plan it belongs to does not include this endpoint (exit 77).
    case notInPlan(detail: String?)
    /// The API's quota for this key is used up, until `until` when the API says (exit 75).
    /// The host waits out the provider's declared window when the deadline allows.
    case quotaExhausted(until: Date?, detail: String?)
    /// The API has blocked the key for a while for going over its plan (OpenWeather's
    /// "account temporary blocked") (exit 75). Never retried: asking again only
    /// prolongs the block; stored results stand in. `until`: when the answer's
    /// `Retry-After` says the block ends (the host fills it in).
    case blocked(detail: String?, until: Date? = nil)
    /// The service is failing for now (an overloaded gateway, a 5xx with a message) (exit 75).
    case temporarilyUnavailable(detail: String?)
    /// The provider itself is described wrongly (a provider file whose `items` path the
    /// answer does not have): the message names the description and the field to fix,
    /// since neither the user's words nor the server are at fault (exit 78).
    case misdescribed(String)
}

extension ProviderFailure {
    /// Whether asking again, after any wait, could give another answer: false for a
    /// rejected key, a bad request, a missing thing, a plan that excludes the request
    /// and a blocked account, so the HTTP layer returns such an answer at once.
    public var mayPassByWaiting: Bool {
        switch self {
        case .quotaExhausted, .temporarilyUnavailable: true
        case .notFound, .badRequest, .keyRejected, .notInPlan, .blocked, .misdescribed: false
        }
    }

    /// The failure with the wait an answer's `Retry-After` asked for, where the
    /// failure has none of its own (a quota or a block); others are unchanged.
    public func waiting(until retryAt: Date?) -> ProviderFailure {
        guard let retryAt else { return self }
        switch self {
        case let .quotaExhausted(until, detail): return .quotaExhausted(until: until ?? retryAt, detail: detail)
        case let .blocked(detail, until): return .blocked(detail: detail, until: until ?? retryAt)
        default: return self
        }
    }
}

/// The body could not be read as the API's format (exit 65); stored data stays as it was.
public struct DecodeFailure: Error, Sendable, Equatable, CustomStringConvertible {
    public var reason: String

    public init(_ reason: String) { self.reason = reason }

    public var description: String { reason }
}
