@testable import APIHost
import Foundation
import Testing

/// Reading a token endpoint's answer (RFC 6749 §5.1, §5.2).
@Suite("OAuth2 token endpoint answers")
struct TokenResponseTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    static func read(_ json: String, refresh: String? = nil) -> TokenResponse {
        TokenResponse.read(Data(json.utf8), flow: "clientCredentials", now: now, asked: ["read"], keeping: refresh)
    }

    @Test("a bearer token: its expiry dated from now, its scopes as granted or as asked")
    func token() {
        let answer = Self.read(#"{"access_token": "at-1", "token_type": "Bearer", "expires_in": 3600, "refresh_token": "rt-1", "scope": "read write"}"#)
        #expect(answer == .token(OAuth2Token(flow: "clientCredentials", accessToken: "at-1", refreshToken: "rt-1",
                                             expiresAt: Self.now.addingTimeInterval(3600), scopes: ["read", "write"])))
        let bare = Self.read(#"{"access_token": "at-2", "token_type": "bearer"}"#, refresh: "rt-old")
        #expect(bare == .token(OAuth2Token(flow: "clientCredentials", accessToken: "at-2", refreshToken: "rt-old", expiresAt: nil, scopes: ["read"])),
                "a refresh answer without a refresh token keeps the old one")
    }

    @Test("an error code is returned without its description; anything else is unreadable")
    func errors() {
        #expect(Self.read(#"{"error": "authorization_pending"}"#) == .error("authorization_pending"))
        #expect(Self.read(#"{"error": "invalid_grant", "error_description": "refresh token rt-1 revoked"}"#) == .error("invalid_grant"))
        #expect(Self.read(#"{"access_token": "at-1", "token_type": "mac"}"#) == .unreadable)
        #expect(Self.read(#"{"token_type": "bearer"}"#) == .unreadable)
        #expect(Self.read("<html>") == .unreadable)
    }
}
