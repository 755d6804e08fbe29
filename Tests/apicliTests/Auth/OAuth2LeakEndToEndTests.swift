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

/// A request body's `format: password` field stays out of `--verbose` traces: a trace line
/// is the method, the redacted URL, the status, size and time, never a body.
@Suite("Password fields in --verbose traces")
struct PasswordFieldTraceEndToEndTests {
    @Test("a write whose body carries a password field, run with --verbose, shows the password nowhere")
    func passwordNotTraced() async throws {
        let server = try LoopbackServer { request in
            request.path == "/v1/login" ? .json(#"{"ok": true}"#) : .status(404)
        }
        let sandbox = try Sandbox(server: server)
        let document = """
            {"openapi": "3.0.3", "info": {"title": "Login", "version": "1"}, "servers": [{"url": "\(server.baseURL.absoluteString)"}],
             "paths": {"/v1/login": {"post": {"operationId": "login", "summary": "Start a session",
               "requestBody": {"required": true, "content": {"application/json": {"schema": {"type": "object",
                 "required": ["user", "password"],
                 "properties": {"user": {"type": "string"}, "password": {"type": "string", "format": "password"}}}}}},
               "responses": {"200": {"description": "ok"}}}}}}
            """
        let path = sandbox.home.path("login.json")
        try Data(document.utf8).write(to: URL(fileURLWithPath: path))
        #expect(try await sandbox.run(["provider", "add", "pw", "--openapi", path]).exitCode == 0)
        let password = "pwCANARY-5t6y7u8i"
        let run = try await sandbox.run(["pw", "--user", "ada", "--password", password, "--verbose", "--yes"])
        #expect(run.exitCode == 0, "\(run.stderrText)")
        #expect(run.stderrText.contains("POST \(server.baseURL.absoluteString)/v1/login -> 200"), "\(run.stderrText)")
        let sent = String(decoding: server.requests.last?.body ?? Data(), as: UTF8.self)
        #expect(sent.contains(password), "it was sent: \(sent)")
        #expect(!run.stderrText.contains(password) && !run.stdoutText.contains(password))
        #expect(try sandbox.databaseBytes().range(of: Data(password.utf8)) == nil, "not in the store's request log")
    }
}
