#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The device authorization grant (RFC 8628): apicli asks for a device code, prints the
/// user code and where to enter it, and polls the token endpoint at the server's interval
/// until the user has approved (§3.4, §3.5). `authorization_pending` keeps polling,
/// `slow_down` adds 5 seconds to the interval, `expired_token` and `access_denied` end it.
struct DeviceAuthorizationFlow: Sendable {
    var endpoint: TokenEndpoint
    var flow: OAuth2SignIn.Flow
    var tell: @Sendable (String) -> Void

    static let grantType = "urn:ietf:params:oauth:grant-type:device_code"

    /// What the device authorization endpoint answers (§3.2); `verification_url` is Google's older name.
    private struct Grant: Decodable {
        var deviceCode: String
        var userCode: String
        var verificationURI: String?
        var verificationURL: String?
        var verificationURIComplete: String?
        var expiresIn: Double?
        var interval: Double?

        enum CodingKeys: String, CodingKey {
            case deviceCode = "device_code", userCode = "user_code", verificationURI = "verification_uri"
            case verificationURL = "verification_url", verificationURIComplete = "verification_uri_complete"
            case expiresIn = "expires_in", interval
        }
    }

    func run() async throws -> OAuth2Token {
        let provider = endpoint.provider
        guard let deviceURL = flow.deviceAuthorizationURL else {
            throw CLIError("\(provider.name)'s provider file names no device authorization endpoint", exitCode: .configuration)
        }
        var fields: [QueryItem] = []
        if !flow.scopes.isEmpty { fields.append(QueryItem("scope", flow.scopes.joined(separator: " "))) }
        let answer = try await endpoint.post(deviceURL, fields)
        guard answer.isSuccess, let grant = try? JSONDecoder().decode(Grant.self, from: answer.body),
              let page = grant.verificationURI ?? grant.verificationURL
        else {
            let code = TokenResponse.read(answer.body, flow: flow.kind.rawValue, now: endpoint.time.now(), asked: [])
            throw Self.refused(provider, code: code)
        }
        let shownPage = TerminalSanitizer.clean(page)
        var text = "To sign in to \(provider.displayName), open \(shownPage) and enter the code \(TerminalSanitizer.clean(grant.userCode))\n"
        if let complete = grant.verificationURIComplete { text += "(or open \(TerminalSanitizer.clean(complete)))\n" }
        tell(text + "Waiting for the sign-in…\n")
        var interval = max(grant.interval ?? 5, 1)
        let expiry = endpoint.time.now().addingTimeInterval(grant.expiresIn ?? 900)
        while true {
            try await endpoint.time.sleep(.milliseconds(Int64(interval * 1000)))
            guard endpoint.time.now() < expiry else { throw Self.expired(provider) }
            let polled = try await endpoint.token(
                flow.tokenURL, grant: [QueryItem("grant_type", Self.grantType), QueryItem("device_code", grant.deviceCode)],
                flow: flow.kind, asked: flow.scopes)
            switch polled {
            case let .token(token): return token
            case .error("authorization_pending"): continue
            case .error("slow_down"): interval += 5
            case .error("expired_token"): throw Self.expired(provider)
            default: throw Self.refused(provider, code: polled)
            }
        }
    }

    private static func expired(_ provider: ProviderDescriptor) -> CLIError {
        CLIError(
            "the code expired before the sign-in was approved; run 'apicli auth login \(provider.name)' again",
            exitCode: .permissionDenied)
    }

    private static func refused(_ provider: ProviderDescriptor, code: TokenResponse) -> CLIError {
        switch code {
        case .error("access_denied"):
            CLIError("the sign-in to \(provider.displayName) was denied", exitCode: .permissionDenied)
        case let .error(code):
            CLIError("\(provider.displayName)'s authorization server refused the sign-in ('\(code)')", exitCode: .permissionDenied)
        default:
            CLIError("\(provider.displayName)'s authorization server did not answer as RFC 8628 says", exitCode: .dataError)
        }
    }
}
