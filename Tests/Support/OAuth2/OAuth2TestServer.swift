import Foundation
import Synchronization

/// An OAuth2 authorization server and an API behind it, on one loopback server, for the
/// sign-in tests: device authorization (RFC 8628), authorization code with PKCE (it checks
/// the verifier against the challenge with the system's `sha256sum`, not apicli's hash),
/// client credentials, refresh (RFC 6749 §6), and `/v1/me`, which answers only a bearer
/// token it issued that has not expired or been revoked.
///
/// Every secret is distinctive (``clientSecret``, tokens `atk-…`, refresh tokens `rtk-…`,
/// codes `code-…`), so leak tests can look for them in everything apicli wrote.
public final class OAuth2TestServer: Sendable {
    public static let clientID = "client-e2e-3f9a"
    public static let clientSecret = "csecret-e2e-7Yq2pW9x"
    public static let userCode = "WDJB-MJHT"

    /// How the device flow's polls are answered, in turn; the last repeats. `token` issues one.
    public struct Script: Sendable {
        public var devicePolls: [String] = ["authorization_pending", "token"]
        /// `expires_in` of the tokens issued.
        public var lifetime: Int = 3600
        /// Whether refresh answers `invalid_grant`.
        public var refreshFails = false
        /// Whether the redirect after sign-in carries another `state` than the one asked with.
        public var wrongState = false
        /// How long a refresh takes to answer, so that two clients' renewals overlap.
        public var refreshDelay: Duration = .zero
        public init() {}
    }

    struct State {
        var script: Script
        var issued: [String: Date] = [:]
        var refreshTokens: Set<String> = []
        var codes: [String: (challenge: String, redirect: String)] = [:]
        var everIssued: Set<String> = []
        var polls = 0
        var serial = 0
        var apiCalls: [String] = []
        var tokenGrants: [String] = []
        /// Codes, verifiers and device codes the client sent.
        var sentSecrets: Set<String> = []
    }

    /// The server's memory, shared with the loopback server's threads.
    final class Ledger: Sendable {
        let state: Mutex<State>
        init(_ state: State) { self.state = Mutex(state) }
        func withLock<R: Sendable>(_ body: (inout State) -> R) -> R { state.withLock { body(&$0) } }
    }

    let state: Ledger
    public let server: LoopbackServer

    public init(script: Script = Script()) throws {
        let state = Ledger(State(script: script))
        self.state = state
        server = try LoopbackServer { request in Self.answer(request, state: state) }
    }

    public var baseURL: String { server.baseURL.absoluteString }

    /// Every token already issued stops working now: the API answers 401 until a new one is used.
    public func revokeAccessTokens() { state.withLock { $0.issued.removeAll() } }

    public func update(_ change: @Sendable (inout Script) -> Void) { state.withLock { change(&$0.script) } }

    /// The grant types asked of the token endpoint, in order.
    public var tokenGrants: [String] { state.withLock { $0.tokenGrants } }
    /// The bearer tokens `/v1/me` was called with, in order (empty string: none).
    public var apiCalls: [String] { state.withLock { $0.apiCalls } }
    /// Every access and refresh token issued so far, and every code, verifier and device code sent.
    public var issuedSecrets: [String] {
        state.withLock { Array($0.everIssued) + Array($0.sentSecrets) }
    }

    /// An OpenAPI document for this server: `/v1/me` behind an OAuth2 scheme with the three flows.
    public func document(flows: [String] = ["clientCredentials", "authorizationCode", "x-deviceAuthorization"]) -> String {
        let base = baseURL
        let all = [
            "clientCredentials": #""clientCredentials": {"tokenUrl": "\#(base)/token", "scopes": {"read": "Read"}}"#,
            "authorizationCode": #""authorizationCode": {"authorizationUrl": "\#(base)/authorize", "tokenUrl": "\#(base)/token", "scopes": {"read": "Read", "profile": "Profile"}}"#,
            "x-deviceAuthorization": #""x-deviceAuthorization": {"deviceAuthorizationUrl": "\#(base)/device", "tokenUrl": "\#(base)/token", "scopes": {"read": "Read"}}"#,
        ]
        return """
            {"openapi": "3.0.3", "info": {"title": "Demo", "version": "1"}, "servers": [{"url": "\(base)"}],
             "security": [{"oauth": ["read"]}],
             "components": {"securitySchemes": {"oauth": {"type": "oauth2", "flows": {\(flows.compactMap { all[$0] }.joined(separator: ", "))}}}},
             "paths": {"/v1/me": {"get": {"operationId": "me", "summary": "Who is signed in",
               "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"type": "object",
                 "properties": {"id": {"type": "string"}, "name": {"type": "string"}}}}}}}}}}}
            """
    }

    static func answer(_ request: RecordedRequest, state: Ledger) -> ScriptedResponse {
        let form = RecordedRequest.parse(query: String(decoding: request.body, as: UTF8.self))
        func field(_ name: String) -> String? { form.first { $0.name == name }?.value }
        switch (request.method, request.path) {
        case ("POST", "/device"):
            guard field("client_id") == clientID else { return error("invalid_client", status: 401) }
            return .json(#"{"device_code": "dcode-\#(UUID().uuidString)", "user_code": "\#(userCode)", "verification_uri": "http://127.0.0.1/activate", "expires_in": 600, "interval": 1}"#)
        case ("GET", "/authorize"):
            guard request.query("client_id") == clientID, request.query("response_type") == "code",
                  request.query("code_challenge_method") == "S256", let challenge = request.query("code_challenge"),
                  let redirect = request.query("redirect_uri"), redirect.hasPrefix("http://127.0.0.1:"), let sent = request.query("state")
            else { return .status(400, body: "bad authorization request") }
            let code = "code-" + UUID().uuidString
            let wrong = state.withLock { state in
                state.codes[code] = (challenge, redirect)
                return state.script.wrongState
            }
            let returned = wrong ? "not-" + sent : sent
            return .redirect(to: redirect + "?code=\(code)&state=\(returned.addingPercentEncoding(withAllowedCharacters: CharacterSet.alphanumerics) ?? "")")
        case ("POST", "/token"):
            return token(request, field: field, state: state)
        case ("GET", "/v1/me"):
            let header = request.header("Authorization") ?? ""
            let bearer = header.hasPrefix("Bearer ") ? String(header.dropFirst(7)) : ""
            let good = state.withLock { state in
                state.apiCalls.append(bearer)
                return state.issued[bearer].map { $0 > Date() } ?? false
            }
            return good ? .json(#"{"id": "u1", "name": "Ada"}"#) : .json(#"{"error": "invalid_token"}"#, status: 401)
        default:
            return .status(404)
        }
    }

    static func token(_ request: RecordedRequest, field: (String) -> String?, state: Ledger) -> ScriptedResponse {
        let grant = field("grant_type") ?? ""
        state.withLock { state in
            state.tokenGrants.append(grant)
            for name in ["code", "code_verifier", "device_code", "refresh_token"] { if let value = field(name) { state.sentSecrets.insert(value) } }
        }
        switch grant {
        case "client_credentials":
            let expected = "Basic " + Data("\(clientID):\(clientSecret)".utf8).base64EncodedString()
            guard request.header("Authorization") == expected else { return error("invalid_client", status: 401) }
            return issue(state: state, refresh: false)
        case "authorization_code":
            guard field("client_id") == clientID, let code = field("code"), let verifier = field("code_verifier"),
                  let issued = state.withLock({ $0.codes.removeValue(forKey: code) })
            else { return error("invalid_grant") }
            guard field("redirect_uri") == issued.redirect, challenge(of: verifier) == issued.challenge else { return error("invalid_grant") }
            return issue(state: state, refresh: true)
        case "urn:ietf:params:oauth:grant-type:device_code":
            guard field("client_id") == clientID, field("device_code")?.hasPrefix("dcode-") == true else { return error("invalid_grant") }
            let next = state.withLock { state in
                let polls = state.script.devicePolls
                defer { state.polls += 1 }
                return polls[min(state.polls, polls.count - 1)]
            }
            return next == "token" ? issue(state: state, refresh: true) : error(next)
        case "refresh_token":
            let (known, delay) = state.withLock { state in
                guard !state.script.refreshFails, let refresh = field("refresh_token") else { return (false, state.script.refreshDelay) }
                return (state.refreshTokens.remove(refresh) != nil, state.script.refreshDelay)
            }
            return (known ? issue(state: state, refresh: true) : error("invalid_grant")).delayed(by: delay)
        default:
            return error("unsupported_grant_type")
        }
    }

    static func issue(state: Ledger, refresh: Bool) -> ScriptedResponse {
        let (access, renewal, lifetime) = state.withLock { state in
            state.serial += 1
            let access = "atk-\(state.serial)-" + UUID().uuidString.prefix(12)
            state.issued[access] = Date().addingTimeInterval(TimeInterval(state.script.lifetime))
            let renewal = refresh ? "rtk-\(state.serial)-" + UUID().uuidString.prefix(12) : nil
            if let renewal { state.refreshTokens.insert(renewal) }
            state.everIssued.formUnion([access] + (renewal.map { [$0] } ?? []))
            return (access, renewal, state.script.lifetime)
        }
        let refreshMember = renewal.map { #", "refresh_token": "\#($0)""# } ?? ""
        return .json(#"{"access_token": "\#(access)", "token_type": "Bearer", "expires_in": \#(lifetime), "scope": "read"\#(refreshMember)}"#)
    }

    static func error(_ code: String, status: Int = 400) -> ScriptedResponse {
        .json(#"{"error": "\#(code)"}"#, status: status)
    }

    /// `BASE64URL(SHA256(verifier))`, computed by the system's `sha256sum`, independently of apicli.
    static func challenge(of verifier: String) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sha256sum")
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        guard (try? process.run()) != nil else { return nil }
        input.fileHandleForWriting.write(Data(verifier.utf8))
        try? input.fileHandleForWriting.close()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let hex = Array(text.prefix(64))
        guard hex.count == 64 else { return nil }
        let bytes = stride(from: 0, to: 64, by: 2).compactMap { UInt8(String(hex[$0...$0 + 1]), radix: 16) }
        return Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }
}
