#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// How the host obtains the bearer token of an OAuth2 API itself: the flows the API's
/// document declares, with their endpoints and scopes. A descriptor field, since it is
/// only data: the host runs the sign-in, keeps the token and refreshes it.
///
/// The endpoints are HTTPS (RFC 6749 §3.1, §3.2), or plain HTTP on the loopback
/// interface only, where no network sees the client secret or the code.
public struct OAuth2SignIn: Sendable, Hashable {
    public var flows: [Flow]

    public init(flows: [Flow]) {
        self.flows = flows
    }

    /// The flow `apicli auth login` runs: device where given, else authorization code,
    /// else client credentials (see docs/design/0245).
    public var preferred: Flow? {
        for kind in [Flow.Kind.deviceAuthorization, .authorizationCode, .clientCredentials] {
            if let flow = flows.first(where: { $0.kind == kind }) { return flow }
        }
        return nil
    }

    /// The flow of `kind`, when the document declares it.
    public func flow(_ kind: Flow.Kind) -> Flow? {
        flows.first { $0.kind == kind }
    }
}

extension OAuth2SignIn {
    /// One grant the API's authorization server accepts.
    public struct Flow: Sendable, Hashable {
        public enum Kind: String, Sendable, Hashable, CaseIterable {
            /// RFC 6749 §4.4: the client's own id and secret, no user.
            case clientCredentials
            /// RFC 6749 §4.1 with PKCE (RFC 7636) and a loopback redirect (RFC 8252).
            case authorizationCode
            /// RFC 8628: a code the user types on another device.
            case deviceAuthorization

            /// How `--flow` and `auth status` name it: `client-credentials`, `authorization-code`, `device`.
            public var word: String {
                switch self {
                case .clientCredentials: "client-credentials"
                case .authorizationCode: "authorization-code"
                case .deviceAuthorization: "device"
                }
            }

            public init?(word: String) {
                guard let kind = Self.allCases.first(where: { $0.word == word || $0.rawValue == word }) else { return nil }
                self = kind
            }
        }

        public var kind: Kind
        public var tokenURL: URL
        /// Where the user signs in; authorization code only.
        public var authorizationURL: URL?
        /// Where a device code is asked for; device authorization only.
        public var deviceAuthorizationURL: URL?
        /// The scopes the document declares, in its order; all are asked for.
        public var scopes: [String]

        public init(kind: Kind, tokenURL: URL, authorizationURL: URL? = nil, deviceAuthorizationURL: URL? = nil, scopes: [String] = []) {
            self.kind = kind
            self.tokenURL = tokenURL
            self.authorizationURL = authorizationURL
            self.deviceAuthorizationURL = deviceAuthorizationURL
            self.scopes = scopes
        }
    }

    /// An endpoint apicli may send a client secret, a code or a refresh token to:
    /// https, or http to a loopback address.
    public static func isUsableEndpoint(_ url: URL) -> Bool {
        guard let scheme = url.scheme?.lowercased(), let host = url.host?.lowercased(), !host.isEmpty,
              url.user == nil, url.password == nil, url.fragment == nil
        else { return false }
        if scheme == "https" { return true }
        return scheme == "http" && ["127.0.0.1", "localhost", "[::1]", "::1"].contains(host)
    }
}
