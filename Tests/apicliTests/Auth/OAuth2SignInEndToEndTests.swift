import Foundation
import Testing
import TestSupport

/// `apicli auth login` for each flow against a loopback authorization server, and the
/// token used, renewed and refused through the built binary.
@Suite("OAuth2 sign-in end to end", .serialized)
struct OAuth2SignInEndToEndTests {
    @Test("client credentials: login fetches a token at once; the API gets it as a bearer token")
    func clientCredentials() async throws {
        let demo = try await OAuth2Sandbox()
        let login = try await demo.run(["auth", "login", "demo", "--flow", "client-credentials"])
        #expect(login.exitCode == 0, "\(login.stderrText)")
        #expect(login.stderrText.contains("signed in to Demo (client-credentials)"), "\(login.stderrText)")
        let mode = try FileManager.default.attributesOfItem(atPath: demo.tokenPath)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        let call = try await demo.run(["api", "demo", "/v1/me"])
        #expect(call.exitCode == 0 && call.stdoutText.contains("Ada"), "\(call.stderrText)")
        #expect(demo.auth.tokenGrants == ["client_credentials"])
        #expect(demo.auth.apiCalls.count == 1 && demo.auth.apiCalls[0].hasPrefix("atk-1-"))
    }

    @Test("client credentials as the only flow: a run without a token fetches one by itself")
    func clientCredentialsByItself() async throws {
        let demo = try await OAuth2Sandbox(flows: ["clientCredentials"])
        let call = try await demo.run(["demo", "--format", "json"])
        #expect(call.exitCode == 0 && call.stdoutText.contains("Ada"), "\(call.stderrText)")
        #expect(demo.auth.tokenGrants == ["client_credentials"])
        #expect(FileManager.default.fileExists(atPath: demo.tokenPath))
        let again = try await demo.run(["demo", "--format", "json", "--refresh"])
        #expect(again.exitCode == 0)
        #expect(demo.auth.tokenGrants == ["client_credentials"], "the kept token is used, not a new one")
    }

    @Test("the client id and secret set with config set (stdin, never argv) sign in; config shows them only as set")
    func clientFromConfig() async throws {
        let demo = try await OAuth2Sandbox()
        let unset = ["DEMO_CLIENT_ID", "DEMO_CLIENT_SECRET"]
        let none = try await demo.sandbox.run(["auth", "login", "demo", "--flow", "client-credentials"], unset: unset)
        #expect(none.exitCode == 78 && none.stderrText.contains("set DEMO_CLIENT_ID or run 'apicli config set demo.client-id'"), "\(none.stderrText)")
        let argv = try await demo.sandbox.run(["config", "set", "demo.client-secret", OAuth2TestServer.clientSecret], unset: unset)
        #expect(argv.exitCode == 64 && argv.stderrText.contains("never taken from the command line"), "\(argv.stderrText)")
        for (key, value) in [("demo.client-id", OAuth2TestServer.clientID), ("demo.client-secret", OAuth2TestServer.clientSecret)] {
            let set = try await demo.sandbox.run(["config", "set", key], unset: unset, stdin: value + "\n")
            #expect(set.exitCode == 0, "\(set.stderrText)")
        }
        let list = try await demo.sandbox.run(["config", "list"], unset: unset)
        #expect(list.stdoutText.contains("demo.client-id      ******** (set)  (config)"), "\(list.stdoutText)")
        #expect(list.stdoutText.contains("demo.client-secret  ******** (set)  (config)"), "\(list.stdoutText)")
        #expect(!list.stdoutText.contains(OAuth2TestServer.clientSecret) && !list.stdoutText.contains(OAuth2TestServer.clientID))
        let login = try await demo.sandbox.run(["auth", "login", "demo", "--flow", "client-credentials"], unset: unset)
        #expect(login.exitCode == 0, "\(login.stderrText)")
        #expect(demo.auth.tokenGrants == ["client_credentials"])
    }

    @Test("device authorization: prints the user code and where to enter it, polls until approved")
    func device() async throws {
        let demo = try await OAuth2Sandbox()
        let login = try await demo.run(["auth", "login", "demo"])
        #expect(login.exitCode == 0, "\(login.stderrText)")
        #expect(login.stderrText.contains("open http://127.0.0.1/activate and enter the code WDJB-MJHT"), "\(login.stderrText)")
        #expect(login.stdoutText.isEmpty)
        #expect(demo.auth.tokenGrants == Array(repeating: "urn:ietf:params:oauth:grant-type:device_code", count: 2))
        let call = try await demo.run(["api", "demo", "/v1/me"])
        #expect(call.exitCode == 0 && call.stdoutText.contains("Ada"), "\(call.stderrText)")
    }

    @Test("device authorization: a denied or expired code ends the sign-in with exit 77 and no token")
    func deviceRefused() async throws {
        for (answer, words) in [("access_denied", "was denied"), ("expired_token", "expired before the sign-in was approved")] {
            var script = OAuth2TestServer.Script()
            script.devicePolls = ["authorization_pending", answer]
            let demo = try await OAuth2Sandbox(script: script)
            let login = try await demo.run(["auth", "login", "demo"])
            #expect(login.exitCode == 77 && login.stderrText.contains(words), "\(login.stderrText)")
            #expect(!FileManager.default.fileExists(atPath: demo.tokenPath))
        }
    }

    @Test("authorization code with PKCE: the browser step answered by a test client, the verifier checked by the server")
    func authorizationCode() async throws {
        let demo = try await OAuth2Sandbox()
        let login = try await demo.run(["auth", "login", "demo", "--flow", "authorization-code"], set: demo.browser)
        #expect(login.exitCode == 0, "\(login.stderrText)")
        #expect(login.stderrText.contains("code_challenge_method=S256"), "\(login.stderrText)")
        #expect(login.stderrText.contains("redirect_uri=http%3A%2F%2F127.0.0.1%3A"), "\(login.stderrText)")
        #expect(demo.auth.tokenGrants == ["authorization_code"])
        let call = try await demo.run(["api", "demo", "/v1/me"])
        #expect(call.exitCode == 0 && call.stdoutText.contains("Ada"), "\(call.stderrText)")
    }

    @Test("authorization code: an answer with another state is refused, nothing exchanged")
    func wrongState() async throws {
        var script = OAuth2TestServer.Script()
        script.wrongState = true
        let demo = try await OAuth2Sandbox(script: script)
        let login = try await demo.run(["auth", "login", "demo", "--flow", "authorization-code"], set: demo.browser)
        #expect(login.exitCode == 77 && login.stderrText.contains("did not carry the state"), "\(login.stderrText)")
        #expect(demo.auth.tokenGrants.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: demo.tokenPath))
    }

    @Test("a token about to expire is renewed with the refresh token before the request, without a word")
    func renewedBeforeExpiry() async throws {
        var script = OAuth2TestServer.Script()
        script.lifetime = 30  // inside the renewal margin
        let demo = try await OAuth2Sandbox(script: script)
        #expect(try await demo.run(["auth", "login", "demo"]).exitCode == 0)
        let call = try await demo.run(["api", "demo", "/v1/me"])
        #expect(call.exitCode == 0 && call.stdoutText.contains("Ada"), "\(call.stderrText)")
        #expect(call.stderrText.isEmpty, "\(call.stderrText)")
        #expect(demo.auth.tokenGrants.last == "refresh_token")
        #expect(demo.auth.apiCalls.count == 1 && demo.auth.apiCalls[0].hasPrefix("atk-2-"), "the renewed token was sent")
    }

    @Test("a token the API refuses (401) is renewed once and the request sent again")
    func renewedAfter401() async throws {
        let demo = try await OAuth2Sandbox()
        #expect(try await demo.run(["auth", "login", "demo"]).exitCode == 0)
        demo.auth.revokeAccessTokens()
        let call = try await demo.run(["api", "demo", "/v1/me"])
        #expect(call.exitCode == 0 && call.stdoutText.contains("Ada"), "\(call.stderrText)")
        #expect(demo.auth.tokenGrants.last == "refresh_token")
        #expect(demo.auth.apiCalls.count == 2)
    }

    @Test("a refresh that fails says to sign in again, exit 77")
    func refreshFails() async throws {
        let demo = try await OAuth2Sandbox()
        #expect(try await demo.run(["auth", "login", "demo"]).exitCode == 0)
        demo.auth.revokeAccessTokens()
        demo.auth.update { $0.refreshFails = true }
        let call = try await demo.run(["api", "demo", "/v1/me"])
        #expect(call.exitCode == 77, "\(call.stderrText)")
        #expect(call.stderrText.contains("run 'apicli auth login demo'"), "\(call.stderrText)")
        let provider = try await demo.run(["demo", "--refresh"])
        #expect(provider.exitCode == 77 && provider.stderrText.contains("run 'apicli auth login demo'"), "\(provider.stderrText)")
    }

    @Test("two runs renewing at once both succeed, one after the other, and the token file stays whole")
    func concurrentRenewal() async throws {
        var script = OAuth2TestServer.Script()
        script.lifetime = 30
        // Each refresh token is good once (rotated), and a refresh answers slowly, so the two
        // renewals overlap: without the lock both would spend the same refresh token.
        script.refreshDelay = .milliseconds(1500)
        let demo = try await OAuth2Sandbox(script: script)
        #expect(try await demo.run(["auth", "login", "demo"]).exitCode == 0)
        async let first = demo.run(["api", "demo", "/v1/me"])
        async let second = demo.run(["api", "demo", "/v1/me"])
        let runs = try await [first, second]
        for run in runs { #expect(run.exitCode == 0, "\(run.stderrText)") }
        #expect(demo.auth.tokenGrants.filter { $0 == "refresh_token" }.count == 2, "one after the other, each with the newest refresh token")
        let text = try String(contentsOfFile: demo.tokenPath, encoding: .utf8)
        #expect(try JSONSerialization.jsonObject(with: Data(text.utf8)) is [String: Any])
    }

    @Test("auth status shows flow, scopes, expiry and the refresh token's presence, never a token; logout removes it")
    func statusAndLogout() async throws {
        let demo = try await OAuth2Sandbox()
        let before = try await demo.run(["auth", "status"])
        #expect(before.stdoutText == "demo: not signed in ('apicli auth login demo')\n", "\(before.stdoutText)")
        #expect(try await demo.run(["auth", "login", "demo"]).exitCode == 0)
        let status = try await demo.run(["auth", "status", "demo"])
        #expect(status.stdoutText.hasPrefix("demo: signed in (device), scopes read, expires at "), "\(status.stdoutText)")
        #expect(status.stdoutText.hasSuffix(", refresh token held\n"))
        let json = try await demo.run(["auth", "status", "--format", "json"])
        let rows = try #require(try JSONSerialization.jsonObject(with: json.stdout) as? [[String: Any]])
        #expect(rows.count == 1 && rows[0]["flow"] as? String == "device" && rows[0]["refresh_token"] as? Bool == true)
        for secret in demo.auth.issuedSecrets {
            #expect(!status.stdoutText.contains(secret) && !json.stdoutText.contains(secret))
        }
        let logout = try await demo.run(["auth", "logout", "demo"])
        #expect(logout.exitCode == 0 && logout.stderrText.contains("signed out of Demo"))
        #expect(!FileManager.default.fileExists(atPath: demo.tokenPath))
        let call = try await demo.run(["api", "demo", "/v1/me"])
        #expect(call.exitCode == 78 && call.stderrText.contains("not signed in to Demo: run 'apicli auth login demo'"), "\(call.stderrText)")
    }
}
