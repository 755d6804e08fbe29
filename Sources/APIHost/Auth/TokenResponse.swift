#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What a token endpoint answered (RFC 6749 §5.1, §5.2; RFC 8628 §3.5): a token, or an
/// error code the caller acts on (`authorization_pending` and `slow_down` keep a device
/// flow polling, `invalid_grant` on a refresh means signing in again).
enum TokenResponse: Equatable {
    case token(OAuth2Token)
    /// The `error` code; its description is left out, since a server may echo a secret in it.
    case error(String)
    /// Neither: not JSON, or a token answer without `access_token` or with a token type other than bearer.
    case unreadable

    /// The members read; `expires_in` may come as a number or, from some servers, a string.
    private struct Fields: Decodable {
        var error: String?
        var accessToken: String?
        var tokenType: String?
        var refreshToken: String?
        var scope: String?
        var expiresIn: Seconds?

        enum CodingKeys: String, CodingKey {
            case error, scope
            case accessToken = "access_token", tokenType = "token_type", refreshToken = "refresh_token", expiresIn = "expires_in"
        }

        struct Seconds: Decodable {
            var value: Double?
            init(from decoder: any Decoder) throws {
                let container = try decoder.singleValueContainer()
                value = (try? container.decode(Double.self)) ?? (try? container.decode(String.self)).flatMap(Double.init)
            }
        }
    }

    /// Reads `body`; `now` dates `expires_in`, `asked` stands in for a `scope` the server leaves out (§5.1).
    static func read(_ body: Data, flow: String, now: Date, asked: [String], keeping refresh: String? = nil) -> TokenResponse {
        guard let fields = try? JSONDecoder().decode(Fields.self, from: body) else { return .unreadable }
        if let code = fields.error {
            let usable = !code.isEmpty && code.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value < 0x7F }
            return usable ? .error(code) : .unreadable
        }
        guard let access = fields.accessToken, !access.isEmpty, fields.tokenType?.lowercased() == "bearer" else { return .unreadable }
        let seconds = fields.expiresIn?.value
        let scopes = fields.scope.map { $0.split(separator: " ").map(String.init) } ?? asked
        return .token(OAuth2Token(
            flow: flow, accessToken: access,
            // A refresh answer may leave the refresh token out: the old one stays good (§6).
            refreshToken: fields.refreshToken ?? refresh,
            expiresAt: seconds.flatMap { $0 > 0 ? now.addingTimeInterval($0) : nil },
            scopes: scopes))
    }
}
