import Foundation
import Testing
import TestSupport

/// The key-leak matrix for sign-in: no access token, refresh token, client secret, code,
/// verifier or device code in any output, error, `--verbose` trace, the store's files
/// (answers and request log), or a `config` dump, across every flow, a renewal before
/// expiry, a renewal after a 401, and a renewal that fails.
@Suite("OAuth2 secrets never leak, end to end", .serialized)
struct OAuth2LeakEndToEndTests {
    @Test("tokens, refresh tokens, client secrets and codes appear in no output, trace, store or config dump")
    func nothingLeaks() async throws {
        var script = OAuth2TestServer.Script()
        script.lifetime = 30  // every run renews
        let demo = try await OAuth2Sandbox(script: script)
        var runs: [ProcessRunner.Result] = []
        for flow in ["client-credentials", "device", "authorization-code"] {
            runs.append(try await demo.run(["auth", "login", "demo", "--flow", flow, "--verbose"], set: demo.browser))
        }
        runs.append(try await demo.run(["api", "demo", "/v1/me", "--verbose", "--include"]))
        runs.append(try await demo.run(["demo", "--verbose", "--refresh", "--format", "json"]))
        demo.auth.revokeAccessTokens()
        runs.append(try await demo.run(["demo", "--verbose", "--refresh"]))
        demo.auth.revokeAccessTokens()
        demo.auth.update { $0.refreshFails = true }
        runs.append(try await demo.run(["api", "demo", "/v1/me", "--verbose"]))
        runs.append(try await demo.run(["demo", "--verbose", "--refresh"]))
        runs.append(try await demo.run(["auth", "status"]))
        runs.append(try await demo.run(["auth", "status", "--format", "json"]))
        runs.append(try await demo.run(["config", "set", "demo.client-secret"], set: [:]))
        _ = try await demo.sandbox.run(["config", "set", "demo.client-secret"], stdin: OAuth2TestServer.clientSecret + "\n")
        runs.append(try await demo.sandbox.run(["config", "list"], unset: ["DEMO_CLIENT_SECRET"]))
        runs.append(try await demo.sandbox.run(["config", "get", "demo.client-secret"], unset: ["DEMO_CLIENT_SECRET"]))
        runs.append(try await demo.run(["config", "list"]))

        #expect(runs.contains { $0.stderrText.contains("POST \(demo.auth.baseURL)/token") }, "--verbose traced the token requests")
        #expect(runs.contains { $0.exitCode == 77 })
        let secrets = demo.auth.issuedSecrets + [OAuth2TestServer.clientSecret]
        #expect(secrets.count > 8, "\(secrets.count)")
        let store = try demo.sandbox.databaseBytes()
        #expect(!store.isEmpty)
        var leaks: [String] = []
        for secret in secrets {
            for (index, run) in runs.enumerated() {
                if run.stdoutText.contains(secret) { leaks.append("run \(index) stdout: \(secret)") }
                if run.stderrText.contains(secret) { leaks.append("run \(index) stderr: \(secret)") }
            }
            if store.range(of: Data(secret.utf8)) != nil { leaks.append("store: \(secret)") }
        }
        #expect(leaks.isEmpty, "\(leaks)")
    }
}
