#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A token an OAuth2 authorization server issued (RFC 6749 §5.1), as apicli keeps it.
///
/// Its descriptions never show the access or refresh token, so interpolation, `dump` and
/// test failure messages stay clean, as with ``Credential``.
struct OAuth2Token: Codable, Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible {
    /// The flow that obtained it (`clientCredentials`, `authorizationCode`, `deviceAuthorization`).
    var flow: String
    var accessToken: String
    var refreshToken: String?
    /// When it stops working, from `expires_in` and the time it was received; nil: not said.
    var expiresAt: Date?
    /// The scopes granted (`scope`, RFC 6749 §3.3), or those asked for when the server did not say.
    var scopes: [String]

    /// Whether it expires within `margin` seconds of `now`, so that it is renewed before a request fails.
    func expires(within margin: TimeInterval, of now: Date) -> Bool {
        guard let expiresAt else { return false }
        return expiresAt.timeIntervalSince(now) <= margin
    }

    /// The secrets it holds, for the redaction set.
    var secrets: [String] { [accessToken] + (refreshToken.map { [$0] } ?? []) }

    var description: String {
        let expiry = expiresAt.map { " expires \($0.ISO8601Format())" } ?? ""
        return "\(flow) token ***\(refreshToken == nil ? "" : " refresh ***")\(expiry) scopes [\(scopes.joined(separator: " "))]"
    }

    var debugDescription: String { description }
}
