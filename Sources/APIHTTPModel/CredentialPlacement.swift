#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Where an API key travels in a request.
///
/// Every place gets the same guarantees: the transport alone sees the value,
/// it is never shown (``HTTPRequest/redactedURL``, traces, errors), never part
/// of the cache key, and never sent to another origin after a redirect
/// (``RedirectPolicy``).
public enum CredentialPlacement: Sendable, Hashable {
    /// A query parameter (`api-key`, `appid`).
    case query(String)
    /// A request header (`X-Api-Key`), holding the key as it is.
    case header(String)
    /// `Authorization: Bearer <key>` (RFC 6750): the key is the token.
    case bearer
    /// `Authorization: Basic <base64 of key>` (RFC 7617): the key is `user:password`.
    /// A key without `:` is a user name alone (Stripe's `sk_test_…`, whose password is
    /// empty) and is sent as `key:`, never as a pair without its colon, which no server reads.
    case basic

    /// The parameter's or the header's name.
    public var name: String {
        switch self {
        case let .query(name), let .header(name): name
        case .bearer, .basic: "Authorization"
        }
    }

    /// The header that carries the key; nil when a query parameter does.
    public var headerName: String? {
        switch self {
        case .query: nil
        case let .header(name): name
        case .bearer, .basic: "Authorization"
        }
    }

    /// How help and messages name it: `query parameter 'appid'`, `header 'X-Api-Key'`.
    public var wording: String {
        switch self {
        case let .query(name): "query parameter '\(name)'"
        case let .header(name): "header '\(name)'"
        case .bearer: "header 'Authorization: Bearer'"
        case .basic: "header 'Authorization: Basic' (user:password; a key without ':' is sent as key:)"
        }
    }

    /// The header's value for `key`: the key itself, or with its scheme in front.
    public func headerValue(for key: String) -> String {
        switch self {
        case .query, .header: key
        case .bearer: "Bearer " + key
        case .basic: "Basic " + Self.base64(Self.basicPair(key))
        }
    }

    /// `user:password` as RFC 7617 sends it: a key without `:` is the user name with an empty password.
    public static func basicPair(_ key: String) -> String {
        key.utf8.contains(UInt8(ascii: ":")) ? key : key + ":"
    }

    /// Every form of `key` this placement puts on the wire besides the key itself,
    /// for redaction: HTTP basic sends the base64 of `user:password`, and the password
    /// alone is as secret as the pair.
    public func derivedSecrets(of key: String) -> [String] {
        guard case .basic = self, !key.isEmpty else { return [] }
        var forms = [Self.base64(Self.basicPair(key))]
        if let (_, password) = key.cut(atFirst: ":"), !password.isEmpty { forms.append(String(password)) }
        return forms
    }

    static func base64(_ text: String) -> String { Data(text.utf8).base64EncodedString() }
}
