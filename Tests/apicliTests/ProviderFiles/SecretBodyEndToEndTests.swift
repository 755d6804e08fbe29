import Foundation
import Testing
import TestSupport

/// A body member the imported document marks `format: password`, end to end through the
/// built binary: the provider file records it as `secret`, `--dry-run` and the question
/// before a write (on a real pseudo-terminal) show it as `***`, and the server still gets it.
@Suite("A password in a request body, end to end", .serialized)
struct SecretBodyEndToEndTests {
    static let password = "hunter2-Correct-Horse-91"
    static let document = """
        {
          "openapi": "3.0.3", "info": {"title": "Accounts", "version": "1"},
          "servers": [{"url": "https://accounts.invalid"}],
          "paths": {"/accounts": {"post": {
            "operationId": "createAccount", "summary": "Create an account",
            "requestBody": {"required": true, "content": {"application/json": {"schema": {
              "type": "object", "required": ["username", "password"],
              "properties": {"username": {"type": "string"}, "password": {"type": "string", "format": "password"}}}}}},
            "responses": {"201": {"description": "Created", "content": {"application/json": {"schema": {
              "type": "object", "properties": {"id": {"type": "integer"}}}}}}}}}}
        }
        """

    @Test("--dry-run and the write prompt show the password as ***; the request sent carries it", .needs("python3"))
    func passwordIsNeverShown() async throws {
        let (sandbox, fixtures) = try Sandbox.withFixtures()
        fixtures.answer(.json(#"{"id":7,"echo":"\#(Self.password)"}"#, status: 201)) { $0.path == "/accounts" }
        let file = sandbox.home.path("accounts.json")
        try Data(Self.document.utf8).write(to: URL(fileURLWithPath: file))
        let added = try await sandbox.run(["provider", "add", "accounts", "--openapi", file])
        #expect(added.exitCode == 0, "\(added.stderrText)")
        let written = try String(contentsOfFile: sandbox.providersFolder + "/accounts.json", encoding: .utf8)
        #expect(written.contains(#""secret": true"#), "\(written)")
        let base = sandbox.baseURL(for: "accounts")
        let words = ["accounts", "--username", "rex", "--password", Self.password]

        let dry = try await sandbox.run(words + ["--dry-run"], set: base)
        #expect(dry.exitCode == 0, "\(dry.stderrText)")
        #expect(dry.stdoutText.contains(#"{"username":"rex","password":"***"}"#), "\(dry.stdoutText)")
        #expect(!(dry.stdoutText + dry.stderrText).contains(Self.password), "\(dry.stdoutText)")

        let prompted = try await PseudoTerminalRun.run(words, typed: "n\n", environment: sandbox.environment(set: base), in: sandbox.home.url)
        let screen = prompted.text
        #expect(screen.contains("send this POST? [y/N]"), "\(screen)")
        #expect(screen.contains(#""password":"***""#), "\(screen)")
        #expect(!screen.contains(Self.password), "\(screen)")
        #expect(fixtures.requests.isEmpty, "neither --dry-run nor a declined write sends anything")

        let sent = try await sandbox.run(words + ["--yes"], set: base)
        #expect(sent.exitCode == 0, "\(sent.stderrText)")
        #expect(!(sent.stdoutText + sent.stderrText).contains(Self.password), "an echo of it is redacted: \(sent.stdoutText)")
        let request = try #require(fixtures.requests.first)
        #expect(request.method == "POST")
        #expect(String(decoding: request.body, as: UTF8.self) == #"{"username":"rex","password":"\#(Self.password)"}"#)
    }
}
